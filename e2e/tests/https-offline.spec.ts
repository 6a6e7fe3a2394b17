import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import CHROMIUM_ARGS from '../chromium-args.json' with { type: 'json' };
import { apiLogin, bearer, waitForStart } from './helpers';
import { planTask } from './service-journey.helpers';

/**
 * Issue 20 item 14: an office serves vario over HTTPS itself (TLS_CERT, TLS_KEY) under its own name. A second server
 * process on the e2e run's database answers https://vario.test:<port> with a self-signed certificate made here; Chromium
 * maps the name to 127.0.0.1 and trusts exactly that certificate's key (as a device with the office's certificate
 * installed would). There the technician's app installs its service worker, a step taken without a connection waits
 * on the device, and it reaches the server when the connection returns.
 */
const NAME = 'vario.test';
const ROOT = new URL('../..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'vario-https-'));
const cert = join(tmp, 'cert.pem');
const key = join(tmp, 'key.pem');
// this file is also loaded to list the tests: each process removes its own certificate when it ends
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
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
    '2',
    '-subj',
    `/CN=${NAME}`,
    '-addext',
    `subjectAltName=DNS:${NAME}`,
  ],
  { stdio: 'pipe' },
);
/** The certificate's public key as Chromium names it (base64 of the SHA-256 of its SubjectPublicKeyInfo). */
const spki = createHash('sha256')
  .update(createPublicKey(readFileSync(key)).export({ type: 'spki', format: 'der' }))
  .digest('base64');

test.use({
  serviceWorkers: 'allow',
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${NAME} 127.0.0.1`, `--ignore-certificate-errors-spki-list=${spki}`],
  },
});
test.setTimeout(150_000);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** OPTIONS /vario-api/login over TLS (certificate not checked here: Node does not know it), its status or 0. */
const probe = (port: number) =>
  new Promise<number>((resolve) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port, servername: NAME, path: '/vario-api/login', method: 'OPTIONS', rejectUnauthorized: false, timeout: 2000 },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });

let server: ChildProcess | undefined;
let origin = '';

test.beforeAll(async () => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, 'needs the database of the e2e run (scripts/test-e2e.mjs sets E2E_DATABASE_URL)');
  const port = await freePort();
  origin = `https://${NAME}:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', TLS_CERT: cert, TLS_KEY: key, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while ((await probe(port)) !== 204) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the HTTPS server did not come up');
    await new Promise((r) => setTimeout(r, 300));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
});

test('[issue 20] over HTTPS under a LAN name the service worker takes control, and a step taken offline is queued and synced', async ({
  page,
  context,
  request,
}) => {
  const plan = await planTask(request, 'HTTPS-Einsatz');
  const token = await apiLogin(request, 'techniker');

  await page.goto(`${origin}/auth/login`);
  expect(await page.evaluate(() => [location.protocol, location.hostname, window.isSecureContext])).toEqual(['https:', NAME, true]);
  await page.evaluate((t) => {
    localStorage.setItem('vario.token', t);
    localStorage.setItem('vario.cookieBannerDismissed', '1');
  }, token);
  await page.goto(`${origin}/planning/${plan.planungId}`);
  await waitForStart(page);
  // the service worker is installed from the https origin and controls the page
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${origin}/`);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);

  // accepted online
  await page.getByTestId('planning-accept').click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${plan.auftragId}$`));
  await expect(page.getByTestId('journey-next')).toBeVisible();

  // without a connection the app reloads from the service worker, and the travel start waits on the device
  await context.setOffline(true);
  await page.reload();
  await waitForStart(page);
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  await page.getByTestId('journey-next').click();
  await page.getByTestId('form-dialog-save').click();
  await expect(page.getByTestId('form-dialog-save')).toHaveCount(0);
  await expect(page.getByTestId('pending-badge')).toHaveText('1');
  const before = await (await request.get(`/vario-api/service/auftraege/${plan.auftragId}`, { headers: bearer(token) })).json();
  expect(before.result.schritte.map((s: { art: string }) => s.art)).not.toContain('reisebeginn');

  // the connection returns: the queue drains by itself over https, and the server has the step from the sync
  await context.setOffline(false);
  await expect(page.getByTestId('pending-badge')).toHaveCount(0, { timeout: 40_000 });
  await expect(page.getByTestId('conflict-badge')).toHaveCount(0);
  const after = await (await request.get(`/vario-api/service/auftraege/${plan.auftragId}`, { headers: bearer(token) })).json();
  expect(after.result.schritte).toEqual(expect.arrayContaining([expect.objectContaining({ art: 'reisebeginn', quelle: 'sync' })]));
});
