import { useState } from 'react';
import { i18n } from '@/i18n';
import { handleApiError, notifyInvalid } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';
import { clearValidationNotice } from '@/lib/api/notices';
import { QUEUED } from '../api';

export type FieldErrorMap = Record<string, string | undefined>;

/**
 * The state of a field-service dialog: its values, the messages per field (the client's checks, then the server's
 * field errors, HTTP-040/041) and the submit that sends the step. A refusal whose field errors all belong to the
 * dialog marks those fields; any other failure goes to the one error handler (the server's message as sent).
 */
export function useStepForm<V extends Record<string, unknown>>(initial: () => V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [loading, setLoading] = useState(false);

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!e[key as string]) return e;
      const next = { ...e, [key as string]: undefined };
      // the last corrected field takes the validation notice with it (issue 20 item 5)
      if (Object.values(next).every((m) => !m)) clearValidationNotice();
      return next;
    });
  };

  const reset = (next: V = initial()) => {
    setValues(next);
    setErrors({});
    setLoading(false);
  };

  /**
   * Runs the client's checks, then `send`; answers 'sent' when the server has the step, 'queued' when it is kept on the
   * device (sendServiceStep's QUEUED), false when it was refused. Success notices only for 'sent' (stepDone).
   */
  const submit = async (
    check: (v: V) => FieldErrorMap,
    send: (v: V) => Promise<unknown>,
    fields: readonly string[] = Object.keys(values),
  ): Promise<'sent' | 'queued' | false> => {
    const found = Object.fromEntries(Object.entries(check(values)).filter(([, m]) => !!m));
    if (Object.keys(found).length > 0) {
      setErrors(found);
      notifyInvalid({ message: i18n.t('service:check.checkEntries') });
      return false;
    }
    setLoading(true);
    try {
      return (await send(values)) === QUEUED ? 'queued' : 'sent';
    } catch (e) {
      const fieldErrors = isApiError(e) ? Object.entries(e.fieldErrors) : [];
      if (fieldErrors.length > 0 && fieldErrors.every(([f]) => fields.includes(f))) {
        setErrors(Object.fromEntries(fieldErrors.map(([f, m]) => [f, m.join(' ')])));
      } else handleApiError(e, { action: 'save' });
      return false;
    } finally {
      setLoading(false);
    }
  };

  return { values, set, setValues, errors, setErrors, loading, reset, submit };
}
