import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ROOT } from '../config';

/**
 * Secrets at rest (issue 24: the SMTP password): AES-256-GCM with a key that never enters the database.
 *
 * The key is `SECRET_KEY` (64 hex digits or the base64 of 32 bytes) when set, else the file `SECRET_KEY_FILE`
 * (default `data/secret.key`, gitignored), created with a random key (mode 0600) at the first start that needs it.
 * A stored value is `aesgcm:v1:<key id>:<base64 of iv | tag | cipher text>`; the key id (the first 8 hex digits of the
 * key's SHA-256) tells a value written with another key apart from a damaged one. Shared by the runtime code and
 * migration 0041 (which encrypts a password stored in plain text before it), so it lives in `db/`.
 */
export const PREFIX = 'aesgcm:v1:';

/** A stored secret that cannot be read with this server's key (another key, or damaged). */
export class SecretKeyError extends Error {}

let cached: { quelle: string; key: Buffer } | null = null;

function parseKey(text: string, woher: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new SecretKeyError(`${woher} ist kein Schlüssel: 32 Bytes erwartet (64 Hex-Ziffern oder Base64)`);
  return key;
}

/** The path of the key file (`SECRET_KEY_FILE`, default data/secret.key). */
export const keyFilePath = (env = process.env) => resolve(env.SECRET_KEY_FILE?.trim() || resolve(ROOT, 'data/secret.key'));

/** This server's key: from SECRET_KEY, else from the key file (created with a random key when there is none). */
export function secretKey(env = process.env): Buffer {
  const direkt = env.SECRET_KEY?.trim();
  const quelle = direkt ? `env:${direkt}` : `file:${keyFilePath(env)}`;
  if (cached?.quelle === quelle) return cached.key;
  let key: Buffer;
  if (direkt) key = parseKey(direkt, 'SECRET_KEY');
  else {
    const file = keyFilePath(env);
    try {
      key = parseKey(readFileSync(file, 'utf8'), file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      mkdirSync(dirname(file), { recursive: true });
      try {
        // 'wx': a second process starting at the same moment keeps the first one's key
        writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
      } catch (w) {
        if ((w as NodeJS.ErrnoException).code !== 'EEXIST') throw w;
      }
      key = parseKey(readFileSync(file, 'utf8'), file);
    }
  }
  cached = { quelle, key };
  return key;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export const isEncrypted = (stored: string) => stored.startsWith(PREFIX);

export function encryptSecret(plain: string, key = secretKey()): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `${PREFIX}${keyId(key)}:${Buffer.concat([iv, c.getAuthTag(), ct]).toString('base64')}`;
}

/** The plain text of a stored secret; a value written with another key or damaged throws `SecretKeyError`. */
export function decryptSecret(stored: string, key = secretKey()): string {
  if (!isEncrypted(stored)) throw new SecretKeyError('Der gespeicherte Wert ist nicht verschlüsselt');
  const [id, data] = stored.slice(PREFIX.length).split(':');
  if (id !== keyId(key))
    throw new SecretKeyError(
      `Der Wert wurde mit einem anderen Schlüssel verschlüsselt (Schlüssel-ID ${id}, dieser Server hat ${keyId(key)}; SECRET_KEY bzw. ${keyFilePath()} prüfen)`,
    );
  try {
    const raw = Buffer.from(data ?? '', 'base64');
    const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    throw new SecretKeyError('Der gespeicherte Wert ist beschädigt und lässt sich nicht entschlüsseln');
  }
}
