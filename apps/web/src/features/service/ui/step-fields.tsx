import { Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { limitProps } from '@/components/form/text-limit';
import type { FieldErrorMap } from './use-step-form';

/** The part of a step form (useStepForm) one text field uses: its value, its error, and the setter. */
interface StepFieldForm<K extends string> {
  values: Record<K, string>;
  errors: FieldErrorMap;
  set: (key: K, value: string) => void;
}

/** A step dialog's time of day (HH:mm, large for the thumb), test id `field-<name>`. */
export function StepTimeField<K extends string>({ form, name, label }: { form: StepFieldForm<K>; name: K; label: string }) {
  return (
    <TimeInput
      label={label}
      required
      size="md"
      value={form.values[name]}
      onChange={(e) => form.set(name, e.currentTarget.value)}
      error={form.errors[name]}
      data-testid={`field-${name}`}
    />
  );
}

/** A step dialog's optional remark (up to 2,000 characters). */
export function StepRemarkField<K extends string>({ form, name, label }: { form: StepFieldForm<K>; name: K; label: string }) {
  return (
    <Textarea
      label={label}
      value={form.values[name]}
      onChange={(e) => form.set(name, e.currentTarget.value)}
      autosize
      minRows={2}
      {...limitProps(form.values[name], 2000, { error: form.errors[name] })}
    />
  );
}
