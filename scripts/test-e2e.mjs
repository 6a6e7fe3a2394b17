#!/usr/bin/env node
// `npm run test:e2e`: builds the web app when needed, starts three servers on free ports, each over a fresh SQLite file,
// runs the Playwright suite in Debian's Chromium, stops the servers and exits with Playwright's code.
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

/** A server on a free port over a fresh SQLite file with the demo data; resolves once it answers. */
async function startServer(name) {
  const port = await freePort();
  const tmp = mkdtempSync(join(tmpdir(), `vario-e2e-${name}-`));
  const env = { ...process.env, DATABASE_URL: join(tmp, 'e2e.sqlite'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const server = {
    base: `http://127.0.0.1:${port}`,
    databaseUrl: env.DATABASE_URL,
    stop: () => {
      if (!exited) child.kill('SIGTERM');
      rmSync(tmp, { recursive: true, force: true });
    },
  };
  servers.push(server);
  // seeding the demo data takes some 30 s on a quiet machine; a busy one may need several times that
  const deadline = Date.now() + 300_000;
  while (!exited && Date.now() < deadline) {
    try {
      const res = await fetch(`${server.base}/vario-api/login`, { method: 'OPTIONS' });
      if (res.status === 204) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The e2e server ${name} did not come up.`);
}

const servers = [];
const stop = () => {
  for (const server of servers) server.stop();
};
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stop();
    process.exit(130);
  });
}

// three servers, each with its own data (e2e/playwright.config.ts): lane A's flows on the first; on the second core the
// screens' sweeps on the third, then lane B's flows on the second — no flow meets another lane's data or what the
// sweeps leave behind (user parameters they set, presets they save)
let a;
let b;
let c;
try {
  [a, b, c] = await Promise.all([startServer('a'), startServer('b'), startServer('c')]);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  stop();
  process.exit(1);
}

const run = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  // E2E_DATABASE_URL: a spec may start a second server on the same data (https-offline.spec.ts: the same app over HTTPS)
  env: { ...process.env, E2E_BASE_URL: a.base, E2E_DATABASE_URL: a.databaseUrl, E2E_BASE_URL_B: b.base, E2E_BASE_URL_C: c.base },
});
stop();
process.exit(run.status ?? 1);
