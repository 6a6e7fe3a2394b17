import { badRequest } from './errors';
import { own } from './fields';

/** Image types recognised by their first bytes — an upload is an image only if its content says so. */
const SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a],
  ['image/jpeg', (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.length > 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')],
  ['image/webp', (b) => b.length > 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

export function imageType(data: Buffer): string | null {
  for (const [type, test] of SIGNATURES) if (test(data)) return type;
  return null;
}

const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  xml: 'application/xml',
  json: 'application/json',
};

/** The content type of an uploaded file: images by content, the rest by extension. */
export function fileType(dateiname: string, data: Buffer): string {
  const img = imageType(data);
  if (img) return img;
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const ext = dateiname.split('.').pop()?.toLowerCase() ?? '';
  return own(BY_EXTENSION, ext) ?? 'application/octet-stream';
}

/** Decodes base64 content; an empty or undecodable body is a 400 on `daten`. */
export function decodeBase64(daten: string): Buffer {
  const buf = Buffer.from(daten, 'base64');
  if (buf.length === 0) throw badRequest('Die Datei ist leer', { daten: ['Die Datei ist leer'] });
  return buf;
}

/** APP-108: image fields accept only images. */
export function requireImage(data: Buffer): string {
  const type = imageType(data);
  if (!type) throw badRequest('Nur Bilder (PNG, JPEG, GIF, WebP) sind erlaubt', { daten: ['Nur Bilder (PNG, JPEG, GIF, WebP) sind erlaubt'] });
  return type;
}

/** `attachment; filename=…` with a UTF-8 name that survives any character. */
export function contentDisposition(dateiname: string, inline = false): string {
  const ascii = dateiname.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(dateiname)}`;
}

/** The stored columns of an uploaded file: its bytes, type (by content, then extension), size and upload time. */
export function fileColumns(dateiname: string, base64: string, betreff?: string | null) {
  const daten = decodeBase64(base64);
  return { dateiname, betreff: betreff ?? null, daten, mimeType: fileType(dateiname, daten), groesse: daten.length, datum: new Date().toISOString() };
}
