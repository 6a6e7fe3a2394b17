import { expect, test } from '@playwright/test';
import { openAs } from './helpers';

// the installable technician app: a phone, with the service worker the production build registers
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('[issue 12] installable: manifest with its PNG icons, standalone, start in the tasks', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/tasks', short_name: 'vario', theme_color: '#1c7ed6' });
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
});

test('[issue 12] the app starts without a connection (service worker), never keeps API answers in its caches', async ({ page, context, request }) => {
  await openAs(page, request, 'techniker', '/home');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  // installed and in control of the open page (the first installation takes over at once)
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-started', '');
  await expect(page.getByTestId('logo')).toBeVisible();
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  // a screen that was never opened loads its code from the cache too
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((u) => u.startsWith('/vario-api'))).toEqual([]);
});
