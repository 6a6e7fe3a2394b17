import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the server listens unless HOST says otherwise: only this computer (a laptop does not expose the demo to its LAN). */
export const DEFAULT_HOST = '127.0.0.1';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** DATABASE_READ_URL: a PostgreSQL streaming replica for list, search and report reads (db/replica.ts). */
  databaseReadUrl: string | undefined;
  demo: boolean;
  webRoot: string;
  /** Certificate and key files (PEM) for HTTPS: both or neither. */
  tls: { cert: string; key: string } | null;
  /** LOG_LEVEL as given (unset: the terminal shows only warnings and errors, see logging.ts). */
  logLevel: string | undefined;
  /** LOG_FILE: every request logged as JSON lines into this file. */
  logFile: string | undefined;
  /** TRUST_PROXY: the reverse proxy's address(es) whose X-Forwarded-For names the client (login limits per client). */
  trustProxy: string | undefined;
}

/** A setting that cannot work: the start stops with this message instead of serving something else than asked for. */
export class ConfigError extends Error {}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Reads the environment: PORT, HOST (default 127.0.0.1), DATABASE_URL (postgres://… or a SQLite file), DATABASE_READ_URL (a replica), DEMO (default
 * on), TLS_CERT and TLS_KEY (HTTPS), LOG_LEVEL, LOG_FILE, TRUST_PROXY.
 */
export function loadConfig(env = process.env): Config {
  const databaseUrl = env.DATABASE_URL || resolve(ROOT, 'data/demo.sqlite');
  if (!/^postgres(ql)?:\/\//.test(databaseUrl) && databaseUrl !== ':memory:') mkdirSync(dirname(databaseUrl), { recursive: true });
  const databaseReadUrl = env.DATABASE_READ_URL?.trim() || undefined;
  if (databaseReadUrl && !(/^postgres(ql)?:\/\//.test(databaseUrl) && /^postgres(ql)?:\/\//.test(databaseReadUrl)))
    throw new ConfigError('DATABASE_READ_URL (ein Lesereplikat) gibt es nur mit PostgreSQL: beide müssen postgres://… sein.');
  const port = env.PORT ? Number(env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT=${env.PORT} ist keine Portnummer (0–65535).`);
  const cert = env.TLS_CERT?.trim();
  const key = env.TLS_KEY?.trim();
  if (!!cert !== !!key)
    throw new ConfigError('Für HTTPS braucht es TLS_CERT und TLS_KEY (Pfade zu Zertifikat und Schlüssel im PEM-Format), nicht nur eines davon.');
  const logLevel = env.LOG_LEVEL?.trim() || undefined;
  if (logLevel && !LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL=${logLevel} ist unbekannt (${LEVELS.join(', ')}).`);
  return {
    port,
    host: env.HOST?.trim() || DEFAULT_HOST,
    databaseUrl,
    databaseReadUrl,
    demo: env.DEMO !== '0' && env.DEMO !== 'false',
    webRoot: resolve(ROOT, 'apps/web/dist'),
    tls: cert && key ? { cert: resolve(cert), key: resolve(key) } : null,
    logLevel,
    logFile: env.LOG_FILE?.trim() ? resolve(env.LOG_FILE.trim()) : undefined,
    trustProxy: env.TRUST_PROXY?.trim() || undefined,
  };
}

/** True when `host` accepts connections from other computers (every interface or a non-loopback address). */
export function reachableFromNetwork(host: string): boolean {
  return !(host === 'localhost' || host === '::1' || /^127\./.test(host));
}
