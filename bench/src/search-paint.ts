import { chromium } from 'playwright-core';
import CHROMIUM_ARGS from '../../e2e/chromium-args.json' with { type: 'json' };
import { PAINT_RUNS } from './addresses-paint';

/** The header search's debounce (SRCH-007; apps/web/src/features/search/groups.ts). */
const DEBOUNCE_MS = 750;
/** The key under which the web app keeps its login token (apps/web/src/lib/api/token.ts). */
const TOKEN_KEY = 'vario.token';

const within = <T>(p: Promise<T>, ms = 30_000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no drawer painted within ${ms} ms`)), ms).unref())]);

/**
 * The global search's drawer in Chromium (issue 23 item 11: shown within 150 ms after the debounce): on a freshly loaded
 * page (no answer cached in the browser) the term is put into the header's field at once (one input event), and a
 * MutationObserver notes `performance.now()` when the drawer holds its seven groups and none of them is loading any more;
 * the next animation frame (the paint) is awaited. A run's figure is that moment minus the input's moment minus the
 * debounce. `PAINT_RUNS` runs, the terms taken in turn.
 */
export async function drawerPaint(baseUrl: string, token: string, terms: string[]): Promise<{ term: string; ms: number }[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const runs: { term: string; ms: number }[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
    await context.addInitScript(`
      try {
        localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)});
        localStorage.setItem('vario.cookieBannerDismissed', '1');
      } catch (e) {}
      window.__drawer = new Promise(function (resolve) {
        var typed = null;
        document.addEventListener('input', function (e) {
          if (e.target && e.target.closest && e.target.closest('[data-testid="global-search"], input[role="combobox"]')) typed = performance.now();
        }, true);
        var observer = new MutationObserver(function () {
          if (typed === null) return;
          var drawer = document.querySelector('[data-testid="global-search-results"]');
          if (!drawer) return;
          var groups = drawer.querySelectorAll('[data-testid^="global-search-group-"]');
          if (groups.length < 7 || drawer.querySelector('.mantine-Loader-root')) return;
          observer.disconnect();
          requestAnimationFrame(function () { resolve({ typed: typed, shown: performance.now() }); });
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
      });
    `);
    const page = await context.newPage();
    const field = page.locator('input[role="combobox"]').first();
    const once = async (term: string) => {
      await page.goto(`${baseUrl}/home`);
      await field.waitFor();
      await field.click();
      await field.fill(term);
      const { typed, shown } = (await within(page.evaluate('window.__drawer'))) as { typed: number; shown: number };
      return shown - typed - DEBOUNCE_MS;
    };
    // warm-up: the app and the drawer's chunk in the HTTP and code caches, as a returning user has them
    for (const term of terms.slice(0, 3)) await once(term);
    for (let i = 0; i < PAINT_RUNS; i++) {
      const term = terms[i % terms.length] as string;
      runs.push({ term, ms: Math.round((await once(term)) * 10) / 10 });
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return runs;
}
