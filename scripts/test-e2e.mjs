#!/usr/bin/env node
// `npm run test:e2e`: builds the web app when needed, starts the server on a free port over a fresh SQLite file,
// runs the Playwright suite in Debian's Chromium, stops the server and exits with Playwright's code.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

await ensureWebBuild();
// the first load of the list routes stays within its budget (scripts/bundle-budget.mjs)
const budget = spawnSync(process.execPath, [join(root, 'scripts/bundle-budget.mjs')], { stdio: 'inherit' });
if (budget.status !== 0) process.exit(budget.status ?? 1);

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const port = await freePort();
const tmp = mkdtempSync(join(tmpdir(), 'vario-e2e-'));
const env = { ...process.env, DATABASE_URL: join(tmp, 'e2e.sqlite'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

const stop = () => {
  if (!serverExited) server.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
};
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stop();
    process.exit(130);
  });
}

const base = `http://127.0.0.1:${port}`;
const deadline = Date.now() + 120_000;
let up = false;
while (!up && !serverExited && Date.now() < deadline) {
  try {
    const res = await fetch(`${base}/vario-api/login`, { method: 'OPTIONS' });
    up = res.status === 204;
  } catch {
    // not listening yet
  }
  if (!up) await new Promise((r) => setTimeout(r, 300));
}
if (!up) {
  console.error('The server did not come up.');
  stop();
  process.exit(1);
}

const run = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  // E2E_DATABASE_URL: a spec may start a second server on the same data (https-offline.spec.ts: the same app over HTTPS)
  env: { ...process.env, E2E_BASE_URL: base, E2E_DATABASE_URL: env.DATABASE_URL },
});
stop();
process.exit(run.status ?? 1);
