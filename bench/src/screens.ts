import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import CHROMIUM_ARGS from '../../e2e/chromium-args.json' with { type: 'json' };
import { PAINT_RUNS } from './addresses-paint';
import { busyLabel, whileBusy } from './busy';
import { benchDatabase, startChild } from './lib';
import { ensureWebBuild, loginToken } from './sizes';

/**
 * `npm run bench -- screens [--busy]`: navigation → first painted data of the screens issue 21 names, at
 * `BENCH_SCALE` (default 1m), `PAINT_RUNS` cold navigations each (after 3 warm-up loads, as a returning user's browser
 * has the app cached), p50/p95 against < 500 ms. With `--busy` / `BENCH_BUSY=1` one core runs a CPU loop meanwhile,
 * `BENCH_BUSY=api` 20 concurrent API clients (busy.ts). `BENCH_SCREENS=addresses,tasks` picks screens.
 */
interface Screen {
  key: string;
  name: string;
  route: (ids: Ids) => string;
  /** A JS expression, true once the screen's data is painted (checked on every DOM change). */
  ready: (ids: Ids) => string;
  phone?: boolean;
  /** Who looks at it (default admin): the task list is a technician's. */
  user?: string;
}
interface Ids {
  adresseId: number;
  adresseName: string;
  belegId: number;
  belegnummer: string;
}

/** A grid row with text in a cell (not a loading stub). */
const GRID_ROW = `(function(){var c=document.querySelectorAll('[role="row"]:not([aria-busy]) [role="gridcell"]');for(var i=0;i<c.length;i++)if(c[i].textContent&&c[i].textContent.trim())return true;return false})()`;
/** A technician's task card with text (the phone's task list). */
const TASK_CARD = `(function(){var c=document.querySelectorAll('[data-testid="task-card"]');for(var i=0;i<c.length;i++)if(c[i].textContent&&c[i].textContent.trim())return true;return false})()`;
/** The record's own text on the page: in the text or in a field's value. */
const TEXT = (t: string) =>
  `(function(t){if(document.body&&document.body.textContent.indexOf(t)>=0)return true;var f=document.querySelectorAll('input');for(var i=0;i<f.length;i++)if(f[i].value&&f[i].value.indexOf(t)>=0)return true;return false})(${JSON.stringify(t)})`;

const SCREENS: Screen[] = [
  { key: 'addresses', name: '/addresses', route: () => '/addresses', ready: () => GRID_ROW },
  { key: 'products', name: '/products', route: () => '/products', ready: () => GRID_ROW },
  { key: 'saleDocument', name: '/saleDocument', route: () => '/saleDocument', ready: () => GRID_ROW },
  { key: 'openItems', name: '/openItems', route: () => '/openItems', ready: () => GRID_ROW },
  { key: 'tasks', name: '/tasks (phone, techniker)', route: () => '/tasks', ready: () => TASK_CARD, phone: true, user: 'techniker' },
  { key: 'address', name: 'address record', route: (i) => `/addresses/${i.adresseId}`, ready: (i) => TEXT(i.adresseName) },
  { key: 'document', name: 'sale document record', route: (i) => `/saleDocument/${i.belegId}`, ready: (i) => TEXT(i.belegnummer) },
];

const within = <T>(p: Promise<T>, ms = 30_000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`nothing painted within ${ms} ms`)), ms).unref())]);

/** Milliseconds from navigation start to the first frame with `ready` true, `PAINT_RUNS` times (plus 3 warm-up loads). */
async function paint(baseUrl: string, token: string, route: string, ready: string, phone: boolean): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    const context = await browser.newContext(
      phone
        ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'de-DE' }
        : { viewport: { width: 1440, height: 900 }, locale: 'de-DE' },
    );
    await context.addInitScript(`
      try {
        localStorage.setItem('vario.token', ${JSON.stringify(token)});
        localStorage.setItem('vario.cookieBannerDismissed', '1');
      } catch (e) {}
      window.__painted = new Promise(function (resolve) {
        var done = false;
        var check = function () {
          if (done || !(${ready})) return;
          done = true;
          observer.disconnect();
          requestAnimationFrame(function () { resolve(performance.now()); });
        };
        var observer = new MutationObserver(check);
        observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['value'] });
        // a field's value set by a script is no DOM change: look again now and then as well
        var poll = setInterval(function () { if (done) clearInterval(poll); else check(); }, 16);
      });
    `);
    const page = await context.newPage();
    for (let i = 0; i < 3; i++) {
      await page.goto(`${baseUrl}${route}`);
      await within(page.evaluate('window.__painted'));
    }
    for (let i = 0; i < PAINT_RUNS; i++) {
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'commit' });
      times.push(Math.round(((await within(page.evaluate('window.__painted'))) as number) * 10) / 10);
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return times;
}

export async function screensBench() {
  ensureWebBuild();
  const scale = process.env.BENCH_SCALE ?? '1m';
  const wanted = process.env.BENCH_SCREENS?.split(',').map((s) => s.trim());
  const file = await benchDatabase(scale);
  const app = await startChild('app', file);
  try {
    const token = await loginToken(app.url);
    const get = async (path: string) => (await (await fetch(`${app.url}/vario-api${path}`, { headers: { authorization: `Bearer ${token}` } })).json()).result;
    const adresse = (await get('/stammdaten/adressen?limit=1&orderBy=id'))[0];
    const beleg = (await get('/verkauf/belege?limit=1&orderBy=-id'))[0];
    const ids: Ids = { adresseId: adresse.id, adresseName: adresse.name1, belegId: beleg.id, belegnummer: beleg.belegnummer };
    const fmt = (v: number) => v.toFixed(1).padStart(8);
    console.log(`\nFirst painted data at ${scale}, ${PAINT_RUNS} runs each${busyLabel()}`);
    console.log(
      `${'screen'.padEnd(26)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}${'target'.padStart(8)}  load average before → after; runs in order`,
    );
    await whileBusy({ url: app.url, token }, async () => {
      for (const s of SCREENS) {
        if (wanted && !wanted.includes(s.key)) continue;
        const before = loadavg()[0]?.toFixed(2);
        let times: number[];
        try {
          times = await paint(app.url, s.user ? await loginToken(app.url, s.user) : token, s.route(ids), s.ready(ids), !!s.phone);
        } catch (err) {
          console.log(`${s.name.padEnd(26)}  not measured: ${(err as Error).message}`);
          continue;
        }
        const sorted = [...times].sort((a, b) => a - b);
        const p50 = sorted[Math.floor(sorted.length / 2)] as number;
        const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] as number;
        console.log(
          `${s.name.padEnd(26)}${fmt(p50)}${fmt(p95)}${fmt(sorted[sorted.length - 1] as number)}${'<500'.padStart(8)}${p95 < 500 ? ' ok' : ' ABOVE'}  ${before} → ${loadavg()[0]?.toFixed(2)}; ${times.map((t) => Math.round(t)).join(' ')}`,
        );
      }
    });
  } finally {
    app.child.kill();
  }
}
