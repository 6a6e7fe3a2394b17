import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api/errors';

/**
 * Marks the fields named in a server answer's `errors.fieldErrors` as faulty with the server's message (HTTP-040, HTTP-041).
 * Answers the field names that are not on the form, so the caller can show them otherwise.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string[] {
  if (!isApiError(error)) return [];
  const unknown: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message: messages.join(' ') }, { shouldFocus: true });
    else unknown.push(field);
  }
  return unknown;
}

/** True when the error is a 400 whose every field error belongs to the form. */
export function fieldErrorsOnly(error: unknown, fields: readonly string[]): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  const names = Object.keys(error.fieldErrors);
  return names.length > 0 && names.every((n) => fields.includes(n));
}
