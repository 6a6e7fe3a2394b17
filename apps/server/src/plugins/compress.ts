import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers below this many bytes go out as they are: compressing them costs more time than the bytes it saves. */
export const COMPRESS_THRESHOLD = 1024;

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli before gzip, each unless refused with `q=0`;
 * `*` stands for both. Undefined when neither is accepted (then the answer goes out uncompressed).
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name.trim()] = Number.isFinite(value) ? value : 0;
  }
  const accepted = (e: Encoding) => (q[e] ?? q['*'] ?? 0) > 0;
  return accepted('br') ? 'br' : accepted('gzip') ? 'gzip' : undefined;
}

const addVary = (reply: FastifyReply) => {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
};

/**
 * Compresses JSON answers of at least `threshold` bytes with brotli (quality 4: about gzip's speed at a smaller size) or
 * gzip (level 6), as the client accepts, in zlib's thread pool. Smaller answers, streams (static files, which are served
 * precompressed) and answers that already carry an encoding pass untouched, so a short answer such as `/webapp/me`
 * costs one length check.
 */
export function registerJsonCompression(app: FastifyInstance, threshold = COMPRESS_THRESHOLD) {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // a string's length in UTF-16 units is at most its UTF-8 byte length: shorter strings are below the threshold anyway
    if (payload.length < threshold) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.includes('json') || reply.hasHeader('content-encoding')) return done(null, payload);
    addVary(reply);
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const input = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const finish = (err: Error | null, out: Buffer) => {
      if (err) return done(null, payload);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, out);
    };
    if (encoding === 'br') {
      brotliCompress(
        input,
        {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
          },
        },
        finish,
      );
    } else {
      gzip(input, { level: 6 }, finish);
    }
  });
}
