import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Serialises responses with fast-json-stringify compiled from the contract's zod schema: the answer holds
 * exactly the schema's fields (nothing else leaks out), several times faster than parsing with zod first.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
};
