import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { translateIssue, useFieldMeta } from './schema';

export interface BaseFieldProps {
  /** The field name of the contract schema. */
  name: string;
  label: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  /** Read-only regardless of mode (e.g. numbers the server assigns). */
  readOnly?: boolean;
  /** The text for an empty required value, when the field has its own (default "enter a value"). */
  requiredMessage?: string;
  /** Marks the field required where the schema cannot say it (a rule of the chosen type, e.g. a booking's place). */
  required?: boolean;
}

/**
 * Binds a field to the surrounding react-hook-form and the schema's meta data. `unparsed` names the message for a value
 * the input could not read (text typed into a number or date field): the schema refuses it, the field says why.
 */
export function useField(props: BaseFieldProps & { type?: string }, unparsed?: (value: unknown) => string | undefined) {
  const { control } = useFormContext();
  const meta = useFieldMeta(props.name);
  const { field, fieldState } = useController({ name: props.name, control });
  const readOnly = meta.readOnly || !!props.readOnly;
  return {
    field,
    common: {
      label: props.label,
      description: props.description,
      placeholder: readOnly ? undefined : props.placeholder,
      required: (props.required ?? meta.required) && !readOnly,
      readOnly,
      variant: readOnly ? 'filled' : 'default',
      error:
        (fieldState.error && fieldState.error.type !== 'server' ? unparsed?.(field.value) : undefined) ??
        translateIssue(fieldState.error, field.value, { requiredMessage: props.requiredMessage, email: props.type === 'email' }),
      'data-testid': `field-${props.name}`,
    } as const,
    meta,
    readOnly,
  };
}
