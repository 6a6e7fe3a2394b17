import { type APIRequestContext, expect, type Page } from '@playwright/test';

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
