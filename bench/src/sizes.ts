import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import CHROMIUM_ARGS from '../../e2e/chromium-args.json' with { type: 'json' };
import { benchDatabase, ROOT, startChild } from './lib';

/** Issue 8's first-load budget (gzip) and the figures of the first page before it (485 KB script, 85 KB CSS). */
const BUDGET = { js: 250, css: 40 };
const BEFORE = { js: 485, css: 85 };
const DIST = process.env.BENCH_WEB_ROOT ?? join(ROOT, 'apps/web/dist');

/** Builds the web app when its build is missing or older than its sources (as `npm start` does). */
export function ensureWebBuild() {
  const r = spawnSync(process.execPath, ['-e', "import('./scripts/web-build.mjs').then((m) => m.ensureWebBuild())"], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
}

/** Logs in through the API and answers the token. */
export async function loginToken(baseUrl: string, user = 'admin'): Promise<string> {
  const res = await fetch(`${baseUrl}/vario-api/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}` },
  });
  return (await res.json()).result.token as string;
}

/** gzip size of a built file (level 9, as `vite build` reports it). */
const gzipSize = (file: string) => {
  const gz = `${file}.gz`;
  return existsSync(gz) ? readFileSync(gz).length : gzipSync(readFileSync(file), { level: 9 }).length;
};

export interface PageLoad {
  page: string;
  js: { files: number; gzip: number; wire: number };
  css: { files: number; gzip: number; wire: number };
}

/**
 * Scripts and stylesheets a page loads in a fresh browser (no cache) until the network is idle: their count, their gzip
 * size and the bytes that went over the wire (the server sends brotli when the browser accepts it).
 */
export async function pageLoads(baseUrl: string, token: string, pages: { name: string; path: string; loggedIn: boolean }[]): Promise<PageLoad[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const out: PageLoad[] = [];
  try {
    for (const p of pages) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
      await context.addInitScript(
        `try { ${p.loggedIn ? `localStorage.setItem('vario.token', ${JSON.stringify(token)});` : ''} localStorage.setItem('vario.cookieBannerDismissed', '1'); } catch (e) {}`,
      );
      const page = await context.newPage();
      const seen: { kind: 'js' | 'css'; file: string; wire: number }[] = [];
      page.on('requestfinished', async (req) => {
        const url = new URL(req.url());
        const kind = req.resourceType() === 'script' ? 'js' : req.resourceType() === 'stylesheet' ? 'css' : null;
        if (!kind || url.origin !== baseUrl) return;
        const sizes = await req.sizes().catch(() => null);
        seen.push({ kind, file: join(DIST, decodeURIComponent(url.pathname)), wire: sizes?.responseBodySize ?? 0 });
      });
      await page.goto(baseUrl + p.path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      await context.close();
      const sum = (k: 'js' | 'css') => {
        const files = seen.filter((s) => s.kind === k && existsSync(s.file));
        return { files: files.length, gzip: files.reduce((n, f) => n + gzipSize(f.file), 0), wire: files.reduce((n, f) => n + f.wire, 0) };
      };
      out.push({ page: p.name, js: sum('js'), css: sum('css') });
      // BENCH_SIZES_FILES=1 lists the files of each page, largest first (to find what a page should not load)
      if (process.env.BENCH_SIZES_FILES)
        for (const f of seen.filter((x) => existsSync(x.file)).sort((a, b) => gzipSize(b.file) - gzipSize(a.file)))
          console.log(`  ${p.name.split(' ')[0]} ${f.kind} ${(gzipSize(f.file) / 1024).toFixed(1).padStart(7)} ${f.file.split('/').pop()}`);
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** `npm run bench -- sizes`: the first load of the login page and the home screen, against issue 8's budget. */
export async function sizesBench() {
  if (!process.env.BENCH_WEB_ROOT) ensureWebBuild();
  // the first load does not depend on the data's size; BENCH_SIZES_SCALE=1k measures on a small database
  const file = await benchDatabase(process.env.BENCH_SIZES_SCALE ?? '100k');
  const app = await startChild('app', file);
  try {
    const token = await loginToken(app.url);
    const loads = await pageLoads(app.url, token, [
      { name: 'login page /auth/login', path: '/auth/login', loggedIn: false },
      { name: 'home screen /home (signed in)', path: '/home', loggedIn: true },
      { name: 'address list /addresses (signed in)', path: '/addresses', loggedIn: true },
    ]);
    const kb = (n: number) => (n / 1024).toFixed(1).padStart(9);
    console.log(
      `\nFirst load, fresh browser (KB; gzip as vite reports it, wire = brotli as served)\n${'page'.padEnd(38)}${'js files'.padStart(9)}${'js gzip'.padStart(9)}${'js wire'.padStart(9)}${'css gzip'.padStart(9)}${'css wire'.padStart(9)}${'ratio js/css to before'.padStart(24)}  target`,
    );
    for (const l of loads) {
      const budgeted = !l.page.startsWith('address');
      const ok = l.js.gzip / 1024 <= BUDGET.js && l.css.gzip / 1024 <= BUDGET.css;
      console.log(
        `${l.page.padEnd(38)}${String(l.js.files).padStart(9)}${kb(l.js.gzip)}${kb(l.js.wire)}${kb(l.css.gzip)}${kb(l.css.wire)}${`${(l.js.gzip / 1024 / BEFORE.js).toFixed(2)} / ${(l.css.gzip / 1024 / BEFORE.css).toFixed(2)}`.padStart(24)}  ${budgeted ? `js ≤${BUDGET.js}, css ≤${BUDGET.css}${ok ? ' ok' : ' ABOVE'}` : '-'}`,
      );
    }
  } finally {
    app.child.kill();
  }
}
