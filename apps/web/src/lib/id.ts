/**
 * The one way the browser makes an id (Idempotency-Keys, client ids of offline steps, request ids): an RFC 4122
 * version 4 UUID. `crypto.randomUUID` exists only in a secure context (https or localhost); on an office LAN the app is
 * served as plain http under a host name, where only `crypto.getRandomValues` exists — the id is built from it then.
 */
export function newId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  return uuidFromRandomBytes(c.getRandomValues(new Uint8Array(16)));
}

/** Formats 16 random bytes as a version 4, variant 10 UUID (`xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`). */
export function uuidFromRandomBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new RangeError('16 bytes expected');
  const b = Uint8Array.from(bytes);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
