import { type ReactNode, useEffect, useState } from 'react';
import { type DefaultValues, FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { FormMetaContext, type FormSchema, type ObjectSchema, useSchemaForm } from '@/components/form/schema';
import { applyServerFieldErrors, fieldErrorsOnly } from '@/components/form/server-errors';
import { useNoticeClearing } from '@/components/form/use-notice-clearing';
import { handleApiError, notifyFailed, notifyInvalid } from '@/lib/api/error-handler';

/**
 * A create (or small edit) dialog over a contract schema: the same field components as the detail,
 * validation by the schema, server field errors on the fields (HTTP-040/041), Enter saves (APP-069..072).
 */
export function SchemaFormDialog<S extends ObjectSchema>(props: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  schema: FormSchema<S>;
  defaultValues: DefaultValues<z.input<S>>;
  /** Answers true on success; a thrown error is shown on the fields or by the status catalogue. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  /** Shown instead of the catalogue's message when the call fails otherwise. */
  failureMessage?: string;
  submitLabel?: string;
  children: ReactNode;
}) {
  const form = useSchemaForm(props.schema, props.defaultValues);
  useNoticeClearing(form);
  const [loading, setLoading] = useState(false);
  const { opened, defaultValues } = props;
  useEffect(() => {
    if (opened) form.reset(defaultValues);
  }, [opened]);

  const fields = Object.keys(props.schema.fields);
  const submit = form.handleSubmit(
    async (values) => {
      setLoading(true);
      try {
        await props.onSubmit(values);
      } catch (e) {
        if (fieldErrorsOnly(e, fields)) applyServerFieldErrors(e, form.setError, fields);
        else {
          handleApiError(e);
          if (props.failureMessage) notifyFailed(props.failureMessage);
        }
      } finally {
        setLoading(false);
      }
    },
    () => notifyInvalid(),
  );

  return (
    <FormDialog opened={opened} onClose={props.onClose} onSubmit={() => void submit()} loading={loading} title={props.title} submitLabel={props.submitLabel}>
      <FormProvider {...form}>
        <FormMetaContext.Provider value={{ fields: props.schema.fields, readOnly: false }}>{props.children}</FormMetaContext.Provider>
      </FormProvider>
    </FormDialog>
  );
}
