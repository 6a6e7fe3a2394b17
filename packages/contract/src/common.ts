import { z } from 'zod';

export { API_PREFIX, APP_BUILD_DATE, APP_VERSION, MessageCode } from './constants';

export const id = z.number().int().positive();
export const isoDateTime = z.string().max(40);
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** A real calendar day `YYYY-MM-DD` (year 1–9999): `0000-00-00`, `2024-13-45` and `2023-02-29` are not. */
export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > (DAYS[mo - 1] as number)) return false;
  return mo !== 2 || d < 29 || (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0));
}
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum im Format JJJJ-MM-TT')
  .refine(isRealDate, 'Ungültiges Datum');

/** `{ result: … }` — the envelope of a single record. */
export const single = <T extends z.ZodType>(schema: T) => z.object({ result: schema });

/** `{ result: […], resultCount?, hasMoreData }` — the envelope of a list. */
export const list = <T extends z.ZodType>(schema: T) =>
  z.object({ result: z.array(schema), resultCount: z.number().int().optional(), hasMoreData: z.boolean() });

/** `{ data: {…}, ProtokollBemerkung? }` — the body of a create or change. */
export const write = <T extends z.ZodType>(schema: T) => z.object({ data: schema, ProtokollBemerkung: z.string().max(2000).optional() });

/** How an id is written in a URL (path or query): decimal digits, no sign, leading zero, exponent, point or blank. */
const URL_ID = /^[1-9][0-9]{0,15}$/;
/**
 * An id in a URL up to `max`: only its canonical decimal text names a record. `0x1`, `01`, `1e0`, `+1`, ` 1` or `1.0`
 * are a 400 on the parameter, like `abc` (a plain `z.coerce.number()` read each of them as 1 and served record 1).
 */
export const urlIdUpTo = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && URL_ID.test(v) ? Number(v) : v),
    z.number({ error: 'Bitte eine Nummer aus Ziffern angeben (ohne Vorzeichen, führende Null oder Leerzeichen)' }).int().positive().max(max),
  );
/** An id in a URL (path or query): see `urlIdUpTo`. */
export const urlId = urlIdUpTo(Number.MAX_SAFE_INTEGER);

export const idParams = z.object({ id: urlId });

/** Query of every list: filter grammar, sort, window, total and quick search. */
export const listQuery = z.object({
  filter: z.string().max(4000).optional(),
  orderBy: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(0).max(10000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  returnTotal: z.enum(['true', 'false']).optional(),
  search: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/**
 * Query of a list's export (`GET <list path>/export`): the list's filter, sort and quick search, every row (no window),
 * and the columns shown — field names and their header labels, in the user's order, as comma lists (`\,` is a comma);
 * for code columns (status, kind, …) the labels the list shows for their codes, as JSON `{ field: { code: label } }`.
 */
export const listExportQuery = listQuery.omit({ limit: true, offset: true, returnTotal: true }).extend({
  format: z.enum(['csv']).default('csv'),
  columns: z.string().min(1).max(4000),
  labels: z.string().max(8000).optional(),
  values: z.string().max(16000).optional(),
});
/** The shape of `values` of a list export: per column field, its codes and the label each is shown with. */
export const listExportValues = z.record(z.string(), z.record(z.string(), z.string().max(500)));
export type ListExportQuery = z.infer<typeof listExportQuery>;

/** The error object of every failed call (3-cross-cutting §3, §8). */
export const apiError = z.object({
  messageCode: z.string(),
  messageParameters: z.array(z.string()),
  errors: z.object({
    services: z.array(z.object({ message: z.string() })),
    fieldErrors: z.record(z.string(), z.array(z.string())),
  }),
  trackingId: z.string(),
  httpStatus: z.number().int(),
  instance: z.string(),
});
export type ApiErrorBody = z.infer<typeof apiError>;
/** The second form of an error (3-cross-cutting §3): only its text, in errorMessage (HTTP-046). */
export const apiErrorMessageForm = z.object({ errorMessage: z.string() });
export type ApiErrorMessageForm = z.infer<typeof apiErrorMessageForm>;
