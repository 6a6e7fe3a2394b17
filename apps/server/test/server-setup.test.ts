import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_HOST, loadConfig, reachableFromNetwork } from '../src/config';
import { createLogger, humanLine, logPlan } from '../src/logging';
import { createTestApp } from './helper';

const tmp = mkdtempSync(join(tmpdir(), 'vario-setup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const env = (e: Record<string, string>) => ({ DATABASE_URL: ':memory:', ...e });

describe('where the server listens (config.ts)', () => {
  it('only on this computer unless HOST says otherwise', () => {
    expect(DEFAULT_HOST).toBe('127.0.0.1');
    expect(loadConfig(env({})).host).toBe('127.0.0.1');
    expect(loadConfig(env({ HOST: '' })).host).toBe('127.0.0.1');
    expect(loadConfig(env({ HOST: '0.0.0.0' })).host).toBe('0.0.0.0');
    expect(reachableFromNetwork('127.0.0.1')).toBe(false);
    expect(reachableFromNetwork('localhost')).toBe(false);
    expect(reachableFromNetwork('::1')).toBe(false);
    expect(reachableFromNetwork('0.0.0.0')).toBe(true);
    expect(reachableFromNetwork('192.168.1.20')).toBe(true);
  });

  it('HTTPS needs both certificate and key; a port or log level that cannot work stops the start', () => {
    expect(loadConfig(env({})).tls).toBeNull();
    expect(loadConfig(env({ TLS_CERT: '/etc/vario/cert.pem', TLS_KEY: '/etc/vario/key.pem' })).tls).toEqual({
      cert: '/etc/vario/cert.pem',
      key: '/etc/vario/key.pem',
    });
    expect(() => loadConfig(env({ TLS_CERT: '/etc/vario/cert.pem' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ TLS_KEY: '/etc/vario/key.pem' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ PORT: 'achtzig' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ PORT: '70000' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ LOG_LEVEL: 'loud' }))).toThrow(ConfigError);
    expect(loadConfig(env({ PORT: '8443' })).port).toBe(8443);
  });
});

describe('what the terminal shows (logging.ts)', () => {
  it('a terminal gets warnings only; LOG_LEVEL, a pipe or LOG_FILE keep the JSON log', () => {
    expect(logPlan({}, true)).toEqual({ json: null, human: true });
    expect(logPlan({}, false)).toEqual({ json: { to: 'stdout', level: 'info' }, human: false });
    expect(logPlan({ logLevel: 'info' }, true)).toEqual({ json: { to: 'stdout', level: 'info' }, human: false });
    expect(logPlan({ logFile: '/var/log/vario.log' }, true)).toEqual({ json: { to: { file: '/var/log/vario.log' }, level: 'info' }, human: true });
    expect(logPlan({ logFile: '/var/log/vario.log', logLevel: 'debug' }, false)).toEqual({
      json: { to: { file: '/var/log/vario.log' }, level: 'debug' },
      human: true,
    });
  });

  it('a warning or error is one short line with its cause and request id', () => {
    const time = new Date(2026, 0, 5, 9, 7, 3).getTime();
    expect(humanLine({ level: 40, time, msg: 'Port knapp' })).toBe('09:07:03 WARNUNG Port knapp\n');
    expect(
      humanLine({ level: 50, time, msg: 'unexpected error', err: { message: 'disk full' }, reqId: 'abc-1', req: { method: 'POST', url: '/vario-api/x' } }),
    ).toBe('09:07:03 FEHLER unexpected error – disk full (POST /vario-api/x) [abc-1]\n');
    expect(humanLine({ level: 50, time, msg: 'x' }, true)).toBe('09:07:03 \x1b[31mFEHLER\x1b[0m x\n');
  });

  it('with LOG_FILE every request goes into the file as JSON, and the terminal shows only warnings', async () => {
    const file = join(tmp, 'logs', 'vario.log');
    const shown: string[] = [];
    const terminal = { write: (s: string) => shown.push(s), isTTY: false } as unknown as NodeJS.WriteStream;
    const log = createLogger(logPlan({ logFile: file }, true), terminal);
    const t = await createTestApp({ loggerInstance: log });
    const res = await t.app.inject({ method: 'OPTIONS', url: '/vario-api/login' });
    expect(res.statusCode).toBe(204);
    t.app.log.warn('Achtung');
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; level: number; reqId?: string });
    expect(lines.some((l) => l.msg === 'request completed' && l.reqId === res.headers['x-request-id'])).toBe(true);
    expect(lines.some((l) => l.msg === 'Achtung' && l.level === 40)).toBe(true);
    expect(shown).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d WARNUNG Achtung\n$/)]);
  });
});

describe('HTTPS with a certificate and key (TLS_CERT, TLS_KEY)', () => {
  it('the server answers over TLS with the given certificate', async () => {
    const cert = join(tmp, 'cert.pem');
    const key = join(tmp, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=vario.test',
        '-addext',
        'subjectAltName=DNS:vario.test',
      ],
      { stdio: 'pipe' },
    );
    const t = await createTestApp({ https: { cert: readFileSync(cert), key: readFileSync(key) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; subject: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, servername: 'vario.test', path: '/vario-api/login', method: 'OPTIONS', rejectUnauthorized: false },
        (res) => {
          const subject = String((res.socket as import('node:tls').TLSSocket).getPeerCertificate().subject?.CN ?? '');
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, subject }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer).toEqual({ status: 204, subject: 'vario.test' });
  });
});
