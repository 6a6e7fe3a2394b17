import { chromium } from 'playwright-core';
import CHROMIUM_ARGS from '../../e2e/chromium-args.json' with { type: 'json' };

/** How often a list screen is opened; each run is one cold navigation in a fresh page. */
export const PAINT_RUNS = Number(process.env.PAINT_RUNS ?? 30);
/** A page that never shows a row fails the measurement instead of hanging it. */
const within = <T>(p: Promise<T>, ms = 30_000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no grid row painted within ${ms} ms`)), ms).unref())]);

/** The key under which the web app keeps its login token (apps/web/src/lib/api/token.ts). */
const TOKEN_KEY = 'vario.token';

/**
 * Milliseconds from navigation start to the first painted grid row of a list screen (`route`, e.g. /products), `PAINT_RUNS` times.
 * The token is put into localStorage as the app stores it; a MutationObserver installed before any script
 * runs notes `performance.now()` when the first grid cell with text appears (not a loading stub), then the next animation frame
 * (the paint) is awaited.
 */
export async function gridRowsPaint(route: string, baseUrl: string, token: string): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
    // a plain script string: bundlers' helper names must not leak into the page
    await context.addInitScript(`
      try {
        localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)});
        localStorage.setItem('vario.cookieBannerDismissed', '1');
      } catch (e) {}
      window.__firstRow = new Promise(function (resolve) {
        var observer = new MutationObserver(function () {
          var cells = document.querySelectorAll('[role="row"]:not([aria-busy]) [role="gridcell"]');
          var row = null;
          for (var i = 0; i < cells.length && !row; i++) if (cells[i].textContent && cells[i].textContent.trim()) row = cells[i];
          if (row) {
            observer.disconnect();
            requestAnimationFrame(function () { resolve(performance.now()); });
          }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      });
    `);
    const page = await context.newPage();
    // Warm-up loads leave the browser as a returning user has it: the HTTP cache holds the app, and V8 has compiled its
    // scripts into its code cache (made on the second load, used from the third).
    for (let i = 0; i < 3; i++) {
      await page.goto(`${baseUrl}${route}`);
      await within(page.evaluate('window.__firstRow'));
    }
    for (let i = 0; i < PAINT_RUNS; i++) {
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'commit' });
      const ms = (await within(page.evaluate('window.__firstRow'))) as number;
      times.push(Math.round(ms * 10) / 10);
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return times;
}

/** The first painted rows of /addresses. */
export const firstRowsPaint = (baseUrl: string, token: string) => gridRowsPaint('/addresses', baseUrl, token);
