import { z } from 'zod';

export { API_PREFIX, APP_BUILD_DATE, APP_VERSION, MessageCode } from './constants';

export const id = z.number().int().positive();
export const isoDateTime = z.string().max(40);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum im Format JJJJ-MM-TT');

/** `{ result: … }` — the envelope of a single record. */
export const single = <T extends z.ZodType>(schema: T) => z.object({ result: schema });

/** `{ result: […], resultCount?, hasMoreData }` — the envelope of a list. */
export const list = <T extends z.ZodType>(schema: T) =>
  z.object({ result: z.array(schema), resultCount: z.number().int().optional(), hasMoreData: z.boolean() });

/** `{ data: {…}, ProtokollBemerkung? }` — the body of a create or change. */
export const write = <T extends z.ZodType>(schema: T) => z.object({ data: schema, ProtokollBemerkung: z.string().max(2000).optional() });

export const idParams = z.object({ id: z.coerce.number().int().positive() });

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
