import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { badRequest } from './errors';
import { contentDisposition, requireImage } from './files';

/** The largest image accepted, in pixels (read from the header before anything is decoded). */
export const MAX_PIXELS = 40_000_000;
/** Images decoded at the same time; further uploads wait their turn (the event loop and other calls stay free). */
export const DECODE_CONCURRENCY = 2;
/** Image uploads per user and minute. */
export const IMAGE_UPLOADS_PER_MINUTE = 30;

const corrupt = () =>
  badRequest('Das Bild ist beschädigt oder unvollständig', { daten: ['Das Bild ist beschädigt oder unvollständig und kann nicht gelesen werden'] });
const tooLarge = (w: number, h: number) =>
  badRequest('Das Bild hat zu viele Bildpunkte', {
    daten: [`Das Bild hat ${w} × ${h} Bildpunkte; erlaubt sind höchstens ${MAX_PIXELS / 1_000_000} Megapixel`],
  });

/** A counting semaphore: at most `n` holders; the others wait in order. */
export class Semaphore {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(n: number) {
    this.#free = n;
  }
  get waiting() {
    return this.#waiting.length;
  }
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}

const decoding = new Semaphore(DECODE_CONCURRENCY);

/**
 * Checks an upload is a readable image within the pixel limit, by its header only: the type by its first bytes
 * (APP-108), then width and height. Junk after a valid magic number, and oversized images, are a 400 on `daten`.
 */
export async function checkImage(data: Buffer): Promise<{ mimeType: string; width: number; height: number }> {
  const mimeType = requireImage(data);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw corrupt();
  }
  const { width, height } = meta;
  if (!width || !height) throw corrupt();
  if (width * height > MAX_PIXELS) throw tooLarge(width, height);
  return { mimeType, width, height };
}

/**
 * Decodes and converts a checked image in bounded concurrency; a decoding failure (truncated or corrupt data behind
 * a readable header) is a 400 on `daten`, never a 500.
 */
export async function decodeImage<T>(data: Buffer, work: (img: Sharp) => Promise<T>): Promise<T> {
  await checkImage(data);
  return decoding.run(async () => {
    try {
      return await work(sharp(data, { failOn: 'truncated', limitInputPixels: MAX_PIXELS }));
    } catch {
      throw corrupt();
    }
  });
}

/** Route config of an image upload: at most IMAGE_UPLOADS_PER_MINUTE per user (after authentication). */
export const imageUploadLimit = {
  rateLimit: {
    max: IMAGE_UPLOADS_PER_MINUTE,
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (req: FastifyRequest) => `bild:${req.user?.id ?? req.ip}`,
  },
};

/** Checks an image that is stored as it is (a person's picture) decodes completely: a 400 on `daten` when it does not. */
export async function validateImage(data: Buffer): Promise<void> {
  await decodeImage(data, (img) => img.resize(64, 64, { fit: 'inside' }).raw().toBuffer());
}

/**
 * How a served picture may be cached: kept by the browser only (private), and asked for again on every use (no-cache),
 * so a changed picture shows at once; an unchanged one costs a 304 without its bytes (issue 19 item 7b).
 */
export const PICTURE_CACHE_CONTROL = 'private, no-cache';

/** The strong validator of a picture: the SHA-256 of its bytes (base64url), quoted. */
export const pictureEtag = (daten: Uint8Array) => `"${createHash('sha256').update(daten).digest('base64url')}"`;

/** If-None-Match lists the ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.some((t) => t === '*' || t === etag);
}

/**
 * Sends a stored picture with its validators: the ETag from its content and `Cache-Control: private, no-cache`; a
 * request whose If-None-Match names that ETag gets a 304 without body. Answers the reply (route() sees it was sent).
 */
export function sendPicture(req: FastifyRequest, reply: FastifyReply, bild: { mimeType: string; dateiname: string; daten: Uint8Array }) {
  const etag = pictureEtag(bild.daten);
  reply.header('ETag', etag).header('Cache-Control', PICTURE_CACHE_CONTROL);
  if (noneMatch(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.header('Content-Type', bild.mimeType).header('Content-Disposition', contentDisposition(bild.dateiname, true)).send(Buffer.from(bild.daten));
}
