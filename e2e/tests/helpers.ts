import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const USERS = { admin: 'admin', buero: 'buero', techniker: 'techniker' } as const;
export type User = keyof typeof USERS;

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const tokens = new Map<string, string>();

/** Logs in through the API and answers the token; a still valid token is reused (the server allows 10 logins a minute). */
export async function apiLogin(request: APIRequestContext, user: string, password: string = user, fresh = false): Promise<string> {
  const cached = tokens.get(`${user}:${password}`);
  if (cached && !fresh) {
    const check = await request.get('/vario-api/webapp/me', { headers: { Authorization: `Bearer ${cached}` } });
    if (check.ok()) return cached;
  }
  const res = await request.post('/vario-api/login', { headers: { Authorization: basic(user, password) } });
  expect(res.status()).toBe(200);
  const token = (await res.json()).result.token as string;
  tokens.set(`${user}:${password}`, token);
  return token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Opens the app signed in as `user` (token in localStorage, cookie banner dismissed), at `path`. */
export async function openAs(page: Page, request: APIRequestContext, user: User, path = '/home'): Promise<string> {
  const token = await apiLogin(request, user);
  await page.goto('/auth/login');
  await page.evaluate((t) => {
    localStorage.setItem('vario.token', t);
    localStorage.setItem('vario.cookieBannerDismissed', '1');
  }, token);
  await page.goto(path);
  await waitForStart(page);
  return token;
}

/** The app has rendered and its start spinner is gone (it may appear only after the first chunks have loaded). */
export async function waitForStart(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-started', '');
  await expect(page.getByTestId('start-spinner')).toHaveCount(0);
}

export async function me(request: APIRequestContext, token: string) {
  const res = await request.get('/vario-api/webapp/me', { headers: bearer(token) });
  return (await res.json()).result as { benutzer: { id: number; name: string } };
}

export async function setParameter(request: APIRequestContext, token: string, name: string, wert: string) {
  const res = await request.post(`/vario-api/webapp/parameter/${name}`, { headers: bearer(token), data: { data: { wert } } });
  expect(res.ok()).toBeTruthy();
}

/** An error body as the server sends it. */
export const errorBody = (httpStatus: number, messageCode: string, message: string, trackingId = 'e2e-track-1') => ({
  messageCode,
  messageParameters: [],
  errors: { services: [{ message }], fieldErrors: {} },
  trackingId,
  httpStatus,
  instance: '/vario-api/test',
});

/** The count label of lists in German: "1 Eintrag", "1.234 Einträge". */
export const entries = (n: number) => (n === 1 ? '1 Eintrag' : `${n.toLocaleString('de-DE')} Einträge`);

/** The list grid's data rows (its header row left out; a row whose window is loading included). */
export const gridRows = (page: Page) =>
  page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
/** The grid's data row at a 0-based index (aria-rowindex counts the header row as 1). */
export const gridRow = (page: Page, index: number) => page.locator(`[role="grid"] [role="row"][aria-rowindex="${index + 2}"]`);
/** A row's cell of a column (by its column id). */
export const gridCell = (row: Locator, colId: string) => row.locator(`[role="gridcell"][data-col-id="${colId}"]`);
/** The grid's header of a column (by its column id). */
export const columnHeader = (page: Page, colId: string) => page.locator(`[role="grid"] [role="columnheader"][data-col-id="${colId}"]`);
/** The 0-based index of the first data row fully below the grid's header. */
export const firstRowInView = (page: Page) =>
  page.evaluate(() => {
    const top = document.querySelector('[data-testid="data-grid"] [role="columnheader"]')?.getBoundingClientRect().bottom ?? 0;
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="data-grid"] [role="row"]')].filter(
      (r) => Number(r.getAttribute('aria-rowindex')) > 1,
    );
    const seen = rows.filter((r) => r.getBoundingClientRect().top >= top - 1).map((r) => Number(r.getAttribute('aria-rowindex')) - 2);
    return seen.length ? Math.min(...seen) : -1;
  });
