// The real server process (apps/server/src/main.ts, as `npm start` runs it) on 127.0.0.1, and plain HTTP to it.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Json } from './inproc';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface Server {
  port: number;
  base: string;
  proc: ChildProcess;
  /** Resident memory of the process in bytes. */
  rss(): number;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServer(databaseUrl: string, port: number, env: Record<string, string> = {}): Promise<Server> {
  const proc = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_SCALE: '60', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}/vario-api`;
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}): ${stderr}`);
    try {
      const r = await fetch(`${base}/login`, { method: 'OPTIONS' });
      if (r.status === 204) break;
    } catch {}
    if (i === 599) throw new Error(`server did not start within 120 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    base,
    proc,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    async kill(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
    },
  };
}

export interface HttpAnswer {
  status: number;
  text: string;
  json(): Json;
}

export async function http(base: string, method: string, path: string, o: { token?: string; body?: unknown; basic?: string } = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.basic) headers.authorization = `Basic ${Buffer.from(o.basic).toString('base64')}`;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${base}${path}`, { method, headers, ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }) });
  const text = await r.text();
  return { status: r.status, text, json: () => JSON.parse(text) };
}

export async function loginHttp(base: string, user = 'admin', password = user): Promise<string> {
  const a = await http(base, 'POST', '/login', { basic: `${user}:${password}` });
  if (a.status !== 200) throw new Error(`login ${user}: ${a.status} ${a.text.slice(0, 200)}`);
  return a.json().result.token;
}
