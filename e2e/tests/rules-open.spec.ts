import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, bearer, errorBody, me, openAs, setParameter, waitForStart } from './helpers';

/**
 * Issue 20 item 18: spec rules of the generic client and the error catalogue on screen — the default Authorization
 * before login, silent tab reads, enumeration order, the bulk-delete failure notice, the errorMessage form of an error —
 * the cookie banner's privacy link told apart without colour, and the 404 page whose requests end.
 */

const API = '/vario-api';
const notices = (page: Page) => page.locator('.mantine-Notification-root');

test('[HTTP-008] without a stored token every call sends the default Authorization; the login sends Basic, then the token follows', async ({ page }) => {
  // the app talks to one service, the default API (there is no ai service that would send none)
  const seen: { method: string; path: string; authorization: string | undefined }[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith(`${API}/`)) seen.push({ method: r.method(), path: url.pathname, authorization: r.headers().authorization });
  });
  await page.goto('/auth/login');
  await waitForStart(page);
  await expect.poll(() => seen.length).toBeGreaterThan(0);
  const before = [...seen];
  expect(
    before.every((r) => r.authorization === 'Bearer anonymous'),
    JSON.stringify(before),
  ).toBe(true);

  await page.getByTestId('login-user').fill('admin');
  await page.getByTestId('login-password').fill('admin');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const login = seen.find((r) => r.method === 'POST' && r.path === `${API}/login`);
  expect(login?.authorization).toBe(`Basic ${Buffer.from('admin:admin').toString('base64')}`);
  const token = await page.evaluate(() => localStorage.getItem('vario.token'));
  const after = seen.slice(seen.indexOf(login as (typeof seen)[number]) + 1);
  expect(after.length).toBeGreaterThan(0);
  expect(
    after.every((r) => r.authorization === `Bearer ${token}`),
    JSON.stringify(after),
  ).toBe(true);
});

test('[HTTP-080] failed reads of record tabs (404, 409, 422) stay silent: no notice, the tab stays usable', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const list = await request.get(`${API}/stammdaten/adressen?limit=1&orderBy=-adressnummer`, { headers: bearer(token) });
  const id = (await list.json()).result[0].id as number;
  const failures: Record<string, number> = { historie: 404, dateien: 409, aktivitaeten: 422 };
  const hit: string[] = [];
  await page.route(
    (url) => /\/vario-api\/stammdaten\/adressen\/\d+\/(historie|dateien|aktivitaeten)$/.test(url.pathname),
    (route) => {
      const name = Object.keys(failures).find((k) => route.request().url().includes(k)) as string;
      hit.push(name);
      const status = failures[name] as number;
      return route.fulfill({ status, json: errorBody(status, 'X', `Lesefehler ${name}`) });
    },
  );
  await openAs(page, request, 'admin', `/addresses/${id}/masterdata`);
  for (const [tab, call] of [
    ['history', 'historie'],
    ['files', 'dateien'],
    ['activities', 'aktivitaeten'],
  ] as const) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page).toHaveURL(new RegExp(`/addresses/${id}/${tab}`));
    await expect.poll(() => hit).toContain(call);
    await page.waitForTimeout(300);
    await expect(notices(page)).toHaveCount(0);
  }
  // the record stays usable: another tab opens
  await page.getByTestId('tab-masterdata').click();
  await expect(page.getByTestId('record-edit')).toBeVisible();
});

test('[HTTP-039] enumeration options are sorted alphabetically by label; a choice told to keep its order keeps it', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const base = (await (await request.get(`${API}/webapp/basisdaten`, { headers: bearer(token) })).json()).result as {
    lieferbedingungen: { bezeichnung: string }[];
  };
  const served = base.lieferbedingungen.map((l) => l.bezeichnung);
  const sorted = [...served].sort((a, b) => a.localeCompare(b, 'de'));
  // the server's order is not the alphabetical one: the screen sorts
  expect(served).not.toEqual(sorted);
  const list = await request.get(`${API}/stammdaten/adressen?limit=1&orderBy=-adressnummer`, { headers: bearer(token) });
  const id = (await list.json()).result[0].id as number;
  await openAs(page, request, 'admin', `/addresses/${id}/masterdata`);
  await page.getByTestId('record-edit').click();
  const options = async (field: string) => {
    await page.getByTestId(`field-${field}`).click();
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option').first()).toBeVisible();
    const texts = (await listbox.getByRole('option').allInnerTexts()).map((s) => s.trim());
    await page.keyboard.press('Escape');
    await expect(listbox).toHaveCount(0);
    return texts;
  };
  expect(await options('lieferart')).toEqual(sorted);
  // the salutation is told otherwise: its own order (Frau, Herr, Firma, Divers), not the alphabet
  expect(await options('anrede')).toEqual(['Frau', 'Herr', 'Firma', 'Divers']);
});

test('[HTTP-034] a bulk delete with failures shows how many failed, for 7 s', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const user = await me(request, token);
  for (const bemerkung of ['Bulk eins', 'Bulk zwei', 'Bulk drei']) {
    const res = await request.post(`${API}/crm/erinnerungen`, {
      headers: bearer(token),
      data: { data: { benutzerId: user.benutzer.id, bemerkung, erinnerungDatum: new Date(Date.now() + 86_400_000).toISOString() } },
    });
    expect(res.ok()).toBeTruthy();
  }
  // two of the DELETEs are refused
  let refused = 0;
  await page.route('**/vario-api/crm/erinnerungen/*', (route) => {
    if (route.request().method() !== 'DELETE' || refused >= 2) return route.continue();
    refused++;
    return route.fulfill({ status: 409, json: errorBody(409, 'KONFLIKT', 'Wird noch verwendet') });
  });
  await page.clock.install();
  await openAs(page, request, 'admin', '/home');
  await page.getByTestId('reminder-button').click();
  await page.getByTestId('reminder-delete-all').click();
  await page.getByTestId('confirm-ok').click();
  const notice = notices(page).filter({ hasText: '2 Einträge konnten nicht gelöscht werden' });
  await expect(notice).toBeVisible();
  expect(refused).toBe(2);
  await page.mouse.move(0, 0);
  await page.clock.runFor(6_000);
  await expect(notice).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(notice).toHaveCount(0);
});

test('[HTTP-046] an error in its second form (only errorMessage) shows that text', async ({ page, request }) => {
  await page.route('**/vario-api/system/sperren?**', (route) =>
    route.fulfill({ status: 409, json: { errorMessage: 'Die Sperrliste wird gerade neu aufgebaut' } }),
  );
  await openAs(page, request, 'admin', '/system/locks');
  await expect(notices(page).first()).toContainText('Die Sperrliste wird gerade neu aufgebaut');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the cookie banner’s privacy link is told apart from its text by more than colour (axe link-in-text-block) on every screen (${scheme})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await apiLogin(request, 'admin');
    await page.emulateMedia({ colorScheme: scheme });
    await setParameter(request, token, 'darkmode', String(scheme === 'dark'));
    await page.goto('/auth/login');
    // signed in, the banner not yet dismissed
    await page.evaluate((t) => {
      localStorage.setItem('vario.token', t);
      localStorage.removeItem('vario.cookieBannerDismissed');
    }, token);
    try {
      for (const path of ['/home', '/addresses', '/products', '/saleDocument', '/openItems', '/settings/general']) {
        await page.goto(path);
        await waitForStart(page);
        await expect(page.getByTestId('cookie-privacy')).toBeVisible();
        const result = await new AxeBuilder({ page }).include('[data-testid="cookie-banner"]').withRules(['link-in-text-block']).analyze();
        expect(result.violations.flatMap((v) => v.nodes.map((n) => `${path}: ${n.html} ${n.failureSummary ?? ''}`))).toEqual([]);
        expect(result.incomplete.flatMap((v) => v.nodes.map((n) => `${path} (incomplete): ${n.html} ${n.failureSummary ?? ''}`))).toEqual([]);
      }
    } finally {
      if (scheme === 'dark') await setParameter(request, token, 'darkmode', 'false');
    }
  });
}

test('the 404 page lets go of the calls index.html started for a signed-in user: its requests end', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/home');
  const open = new Set<string>();
  page.on('request', (r) => open.add(r.url()));
  page.on('requestfinished', (r) => open.delete(r.url()));
  page.on('requestfailed', (r) => open.delete(r.url()));
  await page.goto('/gibt/es/nicht');
  await expect(page.getByText('Sorry, nothing here...(404)')).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 10_000 });
  expect([...open]).toEqual([]);
});
