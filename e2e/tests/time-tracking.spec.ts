import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiLogin, bearer, openAs } from './helpers';

/** Time tracking (issue 25 items 7–9, ZEIT-001…006): sign in and out on /time-tracking; axe on the screen. */
test('[ZEIT-001] /time-tracking: sign in, the running entry counts up in hh:mm:ss, sign out; figures and axe', async ({ page, request }) => {
  const token = await apiLogin(request, 'techniker');
  // start signed out whatever an earlier run left
  await request.post('/vario-api/zeiterfassung/abmelden', { headers: bearer(token), data: { data: {} } });
  await openAs(page, request, 'techniker', '/time-tracking');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zeiterfassung');
  await expect(page.getByTestId('tt-signed-in')).toHaveText('Abgemeldet');
  for (const id of ['tt-day-total', 'tt-day-balance', 'tt-hour-balance', 'tt-leave', 'tt-regular-end']) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('tt-leave')).toContainText('Tage');
  const before = await page.getByTestId('tt-entry').count();
  await page.getByTestId('tt-comment').fill('E2E Kommen');
  await page.getByTestId('tt-sign-in').click();
  await expect(page.getByTestId('tt-signed-in')).toContainText('Angemeldet seit');
  await expect(page.getByTestId('tt-entry')).toHaveCount(before + 1);
  const running = page.getByTestId('tt-entry').filter({ hasText: 'E2E Kommen' }).getByTestId('tt-duration');
  await expect(running).toHaveText(/^00:00:0[1-9]$/, { timeout: 10_000 });
  // the demo model has a target Monday to Friday: then the regular end of work is a time, on the weekend none
  const weekday = new Date().getDay();
  await expect(page.getByTestId('tt-regular-end')).toHaveText(weekday === 0 || weekday === 6 ? '–' : /^\d\d:\d\d$/);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.getByTestId('tt-sign-out').click();
  await expect(page.getByTestId('tt-signed-in')).toHaveText('Abgemeldet');
  await expect(page.getByTestId('tt-entry').filter({ hasText: 'E2E Kommen' }).getByTestId('tt-duration')).toHaveText(/^\d\d:\d\d:\d\d$/);
  await expect(page.getByTestId('tt-regular-end')).toHaveText('–');
});
