import { expect, test } from '@playwright/test';
import { apiLogin, bearer, openAs, waitForStart } from './helpers';

test('[APP-078] [APP-086] [APP-092] a navigation entry switched off disappears and stays off after reload', async ({ page, request }) => {
  await openAs(page, request, 'buero', '/settings/navbar');
  await expect(page.getByTestId('nav-settings')).toBeVisible();
  const switchSettings = page.getByTestId('nav-switch-settings');
  // the switches reflect the saved settings once they are loaded
  await expect(switchSettings).toBeChecked();
  await switchSettings.click({ force: true });
  await expect(page.getByTestId('nav-settings')).toHaveCount(0);
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

test('[APP-024] [APP-087] [APP-088] [APP-089] a new password is sent only when longer than 3 characters, then login', async ({ page, request }) => {
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/vario-api/system/passwort')) calls++;
  });
  await openAs(page, request, 'techniker', '/settings/general');
  const input = page.getByTestId('new-password');
  await input.fill('abc');
  await page.getByTestId('change-password').click();
  await page.waitForTimeout(500);
  expect(calls).toBe(0);
  await expect(page).toHaveURL(/\/settings\/general$/);
  await input.fill('geheim123');
  await expect(input).toHaveAttribute('type', 'password');
  await page.locator('.mantine-PasswordInput-visibilityToggle').click();
  await expect(input).toHaveAttribute('type', 'text');
  await page.getByTestId('change-password').click();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(calls).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('vario.token'))).toBeNull();
  // restore for the other tests
  const token = await apiLogin(request, 'techniker', 'geheim123');
  await request.post('/vario-api/system/passwort', { headers: bearer(token), data: { neuesPasswort: 'techniker' } });
});
