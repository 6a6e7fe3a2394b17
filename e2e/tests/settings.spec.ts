import { expect, test } from '@playwright/test';
import { openAs, waitForStart } from './helpers';

test('[APP-078] [APP-086] [APP-092] a navigation entry switched off disappears and stays off after reload', async ({ page, request }) => {
  await openAs(page, request, 'buero', '/settings/navbar');
  await expect(page.getByTestId('nav-settings')).toBeVisible();
  const switchSettings = page.getByTestId('nav-switch-settings');
  // the switches reflect the saved settings once they are loaded
  await expect(switchSettings).toBeChecked();
  const posted = page.waitForRequest((r) => r.url().endsWith('/webapp/parameter/navigation') && r.method() === 'POST');
  await switchSettings.click({ force: true });
  await expect(page.getByTestId('nav-settings')).toHaveCount(0);
  // APP-092: the body names `visible` and every entry still on in `enabledItems`
  const saved = JSON.parse((await posted).postDataJSON().data.wert);
  expect(typeof saved.visible).toBe('boolean');
  expect(saved.enabledItems).toContain('home');
  expect(saved.enabledItems).toContain('addresses');
  expect(saved.enabledItems).not.toContain('settings');
  await page.reload();
  await waitForStart(page);
  await expect(page.getByTestId('nav-home')).toBeVisible();
  await expect(page.getByTestId('nav-settings')).toHaveCount(0);
  await expect(page.getByTestId('nav-switch-settings')).not.toBeChecked();
  await page.getByTestId('nav-switch-settings').click({ force: true });
  await expect(page.getByTestId('nav-settings')).toBeVisible();
});

test('[APP-005] [APP-090] [APP-091] dark mode is kept after reload', async ({ page, request }) => {
  await openAs(page, request, 'buero', '/settings/general');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  // the saved settings are loaded before the switch is used
  await page.waitForLoadState('networkidle');
  // the choice is saved on the server before the page is reloaded
  const saved = page.waitForResponse((r) => r.url().endsWith('/webapp/parameter/darkmode') && r.request().method() === 'POST' && r.ok());
  await page.getByTestId('setting-dark').click({ force: true });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await saved;
  await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
  await page.reload();
  await waitForStart(page);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByTestId('account-menu').click();
  await page.getByTestId('toggle-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('[APP-084] the settings index shows cards for password, navigation bar and dashboard', async ({ page, request }) => {
  await openAs(page, request, 'buero', '/settings');
  for (const card of ['password', 'navbar', 'dashboard']) await expect(page.getByTestId(`settings-card-${card}`)).toBeVisible();
  await page.getByTestId('settings-card-dashboard').click();
  await expect(page).toHaveURL(/\/settings\/dashboard$/);
});

test('[APP-024] [APP-087] [APP-089] the password change asks the current and the new password (8 characters), then login', async ({ page, request }) => {
  // The server side (wrong current password, the login name, revoked sessions) is covered by the API tests; here the
  // answer is stubbed, so that the demo user's password stays as it is for the other tests.
  const bodies: unknown[] = [];
  let answer: { status: number; body?: unknown } = {
    status: 400,
    body: {
      messageCode: 'VALIDIERUNG_FEHLGESCHLAGEN',
      messageParameters: [],
      errors: { services: [{ message: 'Bitte die Eingaben prüfen!' }], fieldErrors: { altesPasswort: ['Das bisherige Passwort ist nicht richtig'] } },
      trackingId: 'e2e',
      httpStatus: 400,
      instance: '/vario-api/system/passwort',
    },
  };
  await page.route('**/vario-api/system/passwort', async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.fulfill(answer.body ? { status: answer.status, json: answer.body } : { status: answer.status });
  });
  await openAs(page, request, 'techniker', '/settings/general');
  const oldInput = page.getByTestId('old-password');
  const input = page.getByTestId('new-password');
  await oldInput.fill('techniker');
  await input.fill('abcdefg');
  await page.getByTestId('change-password').click();
  await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein')).toBeVisible();
  expect(bodies).toHaveLength(0);
  await expect(page).toHaveURL(/\/settings\/general$/);
  await input.fill('geheim123');
  await expect(input).toHaveAttribute('type', 'password');
  await page.locator('.mantine-PasswordInput-visibilityToggle').nth(1).click();
  await expect(input).toHaveAttribute('type', 'text');
  await oldInput.fill('falsch');
  await page.getByTestId('change-password').click();
  await expect(page.getByText('Das bisherige Passwort ist nicht richtig')).toBeVisible();
  expect(bodies).toEqual([{ data: { altesPasswort: 'falsch', neuesPasswort: 'geheim123' } }]);
  answer = { status: 204 };
  await oldInput.fill('techniker');
  await page.getByTestId('change-password').click();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(bodies[1]).toEqual({ data: { altesPasswort: 'techniker', neuesPasswort: 'geheim123' } });
  expect(await page.evaluate(() => localStorage.getItem('vario.token'))).toBeNull();
});
