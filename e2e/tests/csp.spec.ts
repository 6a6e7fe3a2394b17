import { expect, test } from '@playwright/test';
import { gridRows, openAs } from './helpers';

test.describe('Content-Security-Policy', () => {
  test('the web app runs under its CSP: login and a list without a single violation', async ({ page, request }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(m.text())) violations.push(m.text());
    });
    page.on('pageerror', (e) => violations.push(`pageerror: ${e.message}`));
    const res = await page.goto('/auth/login');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp.split(';').find((d) => d.includes('script-src'))).not.toContain('unsafe-inline');
    await page.getByTestId('login-user').fill('admin');
    await page.getByTestId('login-password').fill('admin');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await openAs(page, request, 'admin', '/addresses');
    await expect(gridRows(page).first()).toBeVisible();
    await page.waitForTimeout(500);
    expect(violations).toEqual([]);
  });
});
