import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import CHROMIUM_ARGS from '../../e2e/chromium-args.json' with { type: 'json' };
import { benchDatabase, startChild } from './lib';
import { ensureWebBuild, loginToken } from './sizes';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Lighthouse runs per page and form factor; the median counts (`LIGHTHOUSE_RUNS`, default 3). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Issue 8's goal and the scores before it (mobile / desktop). */
const GOAL = { mobile: 75, desktop: 90 };
const BEFORE: Record<string, { mobile: number; desktop: number }> = {
  login: { mobile: 38, desktop: 71 },
  list: { mobile: 27, desktop: 59 },
  record: { mobile: 26, desktop: 46 },
};

/**
 * A fresh Chromium profile for one run: Playwright opens the app once and stores the login token where the app keeps it
 * (localStorage `vario.token`, apps/web/src/lib/api/token.ts), then closes; nothing else is cached. Lighthouse then runs
 * with `disableStorageReset`, so the token stays, while the empty profile keeps the load cold.
 */
async function profileWith(baseUrl: string, token: string | null): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vario-lh-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROME, args: CHROMIUM_ARGS });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'document' ? route.fulfill({ body: '<!doctype html><title>-</title>' }) : route.abort(),
  );
  await page.goto(`${baseUrl}/auth/login`);
  await page.evaluate(
    ([t]) => {
      if (t) localStorage.setItem('vario.token', t);
      localStorage.setItem('vario.cookieBannerDismissed', '1');
    },
    [token],
  );
  await context.close();
  return dir;
}

/** Starts Debian's Chromium with a DevTools port on the given profile (no browser download: chrome-launcher's job done by hand). */
async function launchChromium(profile: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(CHROME, [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${err.slice(-500)}`)));
  });
  return { port, child };
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function runLighthouse(url: string, preset: 'mobile' | 'desktop', profile: string): Promise<Run> {
  const chrome = await launchChromium(profile);
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    // LIGHTHOUSE_JSON_DIR: keep each run's full report (audits such as bootup-time, network-requests, critical-request-chains)
    const dir = process.env.LIGHTHOUSE_JSON_DIR;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${new URL(url).pathname.split('/').filter(Boolean).join('-') || 'root'}-${preset}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    const exited = new Promise((resolve) => chrome.child.once('exit', resolve));
    chrome.child.kill('SIGKILL');
    await exited;
  }
}

async function removeProfile(dir: string) {
  for (let i = 0; ; i++) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
      return;
    } catch (e) {
      if (i >= 10) return console.warn(`could not remove ${dir}: ${(e as Error).message}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * `npm run bench -- lighthouse`: Lighthouse 12 (performance only) against the built app on a seeded database, RUNS times
 * per page and form factor (mobile: Lighthouse's default throttling; desktop: its desktop preset), each in a cold profile;
 * prints the median score, FCP, LCP and total blocking time beside issue 8's goal and the scores before it.
 */
export async function lighthouseBench() {
  if (!process.env.BENCH_WEB_ROOT) ensureWebBuild();
  // BENCH_LIGHTHOUSE_SCALE=1k: a small database (the pages' first load does not depend on its size)
  const file = await benchDatabase(process.env.BENCH_LIGHTHOUSE_SCALE ?? '100k');
  const app = await startChild('app', file);
  try {
    const token = await loginToken(app.url);
    const first = await fetch(`${app.url}/vario-api/stammdaten/adressen?limit=1&orderBy=name1`, { headers: { authorization: `Bearer ${token}` } });
    const id = ((await first.json()) as { result: { id: number }[] }).result[0]?.id;
    const pages = [
      { key: 'login', name: '/auth/login', path: '/auth/login', token: null },
      { key: 'list', name: '/addresses', path: '/addresses', token },
      { key: 'record', name: `/addresses/${id} (record)`, path: `/addresses/${id}`, token },
    ];
    console.log(
      `\nLighthouse ${RUNS}× per page (median; ms)\n${'page'.padEnd(28)}${'preset'.padEnd(9)}${'score'.padStart(6)}${'FCP'.padStart(7)}${'LCP'.padStart(7)}${'TBT'.padStart(7)}${'CLS'.padStart(6)}${'before'.padStart(8)}${'ratio'.padStart(7)}  goal`,
    );
    // LIGHTHOUSE_PAGES=login,list,record and LIGHTHOUSE_PRESETS=desktop,mobile pick a part
    const only = (v: string | undefined) => (v ? v.split(',') : null);
    const pagesWanted = only(process.env.LIGHTHOUSE_PAGES);
    const presets = (only(process.env.LIGHTHOUSE_PRESETS) ?? ['desktop', 'mobile']) as ('desktop' | 'mobile')[];
    for (const p of pages.filter((x) => !pagesWanted || pagesWanted.includes(x.key))) {
      for (const preset of presets) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) {
          const profile = await profileWith(app.url, p.token);
          try {
            runs.push(await runLighthouse(app.url + p.path, preset, profile));
          } finally {
            // Chromium's helper processes may still write into the profile for a moment after it exited
            await removeProfile(profile);
          }
        }
        const m = (k: keyof Run) => median(runs.map((r) => r[k]));
        const before = BEFORE[p.key]?.[preset] ?? Number.NaN;
        const score = m('score');
        console.log(
          `${p.name.padEnd(28)}${preset.padEnd(9)}${String(score).padStart(6)}${m('fcp').toFixed(0).padStart(7)}${m('lcp').toFixed(0).padStart(7)}${m('tbt').toFixed(0).padStart(7)}${m('cls').toFixed(2).padStart(6)}${String(before).padStart(8)}${(score / before).toFixed(2).padStart(7)}  ≥${GOAL[preset]}${score >= GOAL[preset] ? ' ok' : ' BELOW'}  (runs: ${runs.map((r) => r.score).join(' ')})`,
        );
      }
    }
  } finally {
    app.child.kill();
  }
}
