import type { FastifyInstance } from 'fastify';
import { badRequest, type FieldErrors } from './errors';

const MAX_DEPTH = 32;

/** Where a NUL byte sits in a parsed body or query: `data.name1` is named `name1`, like the validation errors. */
function findNul(value: unknown, path: string[], out: FieldErrors, depth = 0) {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      const field = (path[0] === 'data' && path.length > 1 ? path.slice(1) : path).join('.') || 'body';
      out[field] = ['Das Zeichen NUL (\\0) ist nicht erlaubt'];
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) out[[...path, k].join('.')] = ['Das Zeichen NUL (\\0) ist nicht erlaubt'];
    else findNul(v, [...path, k], out, depth + 1);
  }
}

/**
 * Input the schemas cannot see: a NUL byte in any text — body, query (filter, orderBy, search …) or path — is refused
 * with the field named, on both databases (PostgreSQL refuses NUL in text; SQLite cut the pattern and matched every row).
 */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', (req, _reply, done) => {
    const errors: FieldErrors = {};
    findNul(req.query, [], errors);
    findNul(req.params, [], errors);
    if (req.body !== undefined && !Buffer.isBuffer(req.body)) findNul(req.body, [], errors);
    if (Object.keys(errors).length) return done(badRequest('Die Eingabe enthält ein unzulässiges Steuerzeichen (NUL)', errors));
    done();
  });
}
