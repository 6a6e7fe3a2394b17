import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  demo: boolean;
  webRoot: string;
}

/** Reads the environment: PORT, HOST, DATABASE_URL (postgres://… or a SQLite file), DEMO (default on). */
export function loadConfig(env = process.env): Config {
  const databaseUrl = env.DATABASE_URL || resolve(ROOT, 'data/demo.sqlite');
  if (!/^postgres(ql)?:\/\//.test(databaseUrl) && databaseUrl !== ':memory:') mkdirSync(dirname(databaseUrl), { recursive: true });
  return {
    port: Number.parseInt(env.PORT ?? '8080', 10),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    demo: env.DEMO !== '0' && env.DEMO !== 'false',
    webRoot: resolve(ROOT, 'apps/web/dist'),
  };
}
