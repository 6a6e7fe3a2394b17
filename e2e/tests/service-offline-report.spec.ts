import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiLogin, bearer, openAs, waitForStart } from './helpers';
import { planTask } from './service-journey.helpers';

/**
 * Issue 19 item 16 and issue 20 item 8 on the technician's phone: the material dialog asks for the serial and batch
 * numbers of an article managed by them and queues nothing without them (also offline); completing offline says the
 * report comes once the device is online again (no PDF error), the report opens after the queue is sent, and the
 * completed task keeps its acceptance, travel and arrival times; the technician's home starts with today's jobs.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: 'Europe/Berlin' });
test.setTimeout(150_000);

const API = '/vario-api';
type Task = {
  id: number;
  auftragsstatus: string;
  abschlussberichtSha256: string | null;
  materialbuchungen: { art: string; menge: number; seriennr: string | null; chargennr: string | null }[];
};

async function step(request: APIRequestContext, token: string, path: string, data: unknown = {}) {
  const res = await request.post(`${API}${path}`, { headers: { ...bearer(token), 'Idempotency-Key': randomUUID() }, data: { data } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
}
async function task(request: APIRequestContext, token: string, id: number) {
  return (await (await request.get(`${API}/service/auftraege/${id}`, { headers: bearer(token) })).json()).result as Task;
}
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
}
/** A signature as the pad makes it: a PNG drawn on a canvas. */
const signaturePng = (page: Page) =>
  page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 300;
    c.height = 120;
    const g = c.getContext('2d') as CanvasRenderingContext2D;
    g.lineWidth = 3;
    g.beginPath();
    g.moveTo(20, 80);
    for (let i = 1; i < 12; i++) g.lineTo(20 + i * 22, 80 + (i % 2 ? -40 : 10));
    g.stroke();
    return c.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
  });

test('[issue 19][issue 20] serial and batch numbers asked on the device, completing offline: report once online, the completed task keeps its times', async ({
  page,
  context,
  request,
}) => {
  const tech = await apiLogin(request, 'techniker');
  const job = await planTask(request, 'Pumpentausch E2E', new Date(), { istSeriennummernArtikel: true, istChargenArtikel: true });
  const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
  await step(request, tech, `/service/planung/${job.planungId}/annehmen`, { zeitpunkt: ago(4) });
  await step(request, tech, `/service/planung/${job.planungId}/reisebeginn`, { zeitpunkt: ago(3) });
  await step(request, tech, `/service/planung/${job.planungId}/ankunft`, { zeitpunkt: ago(2), strecke: 14 });

  // the technician's home starts with today's jobs
  await openAs(page, request, 'techniker', '/home');
  await waitForServiceWorker(page);
  await expect(page.getByTestId('home-today')).toBeVisible();
  await expect(page.locator(`[data-testid="home-today-card"][data-id="${job.planungId}"]`)).toBeVisible();
  // above the reminders and the tiles
  const top = async (testId: string) => (await page.getByTestId(testId).first().boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(await top('home-today')).toBeLessThan(await top('due-reminders'));
  expect(await top('home-today')).toBeLessThan(await top('tile-tasks'));

  // the task and its completion screen on the device; the customer signed already (online)
  await page.goto(`/tasks/${job.auftragId}`);
  await waitForStart(page);
  await expect(page.getByTestId('arrived-at')).toContainText('14 km');
  await step(request, tech, `/service/auftraege/${job.auftragId}/unterschrift`, { daten: await signaturePng(page), name: 'Frau Kundin' });
  await page.goto(`/tasks/${job.auftragId}/complete`);
  await waitForStart(page);
  await expect(page.getByTestId('signed')).toBeVisible();

  // offline: the material dialog asks for the serial and the batch number and queues nothing without them
  await context.setOffline(true);
  await page.goto(`/tasks/${job.auftragId}`);
  await waitForStart(page);
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  const line = page.locator(`[data-testid="material-line"][data-id="${job.materialId}"]`);
  await line.getByTestId('material-book').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('field-menge')).toHaveValue('2');
  await page.getByTestId('form-dialog-save').click();
  await expect(dialog.getByText(`Der Artikel ${job.artikelnummer} Umwälzpumpe E2E wird mit Seriennummer geführt`)).toBeVisible();
  await expect(dialog.getByText(`Der Artikel ${job.artikelnummer} Umwälzpumpe E2E wird mit Chargennummer geführt`)).toBeVisible();
  await expect(page.getByTestId('pending-badge')).toHaveCount(0);
  // two pieces: two serial numbers
  await dialog.getByTestId('field-seriennr').fill('SN-E2E-1');
  await dialog.getByTestId('field-chargennr').fill('CH-E2E-7');
  await page.getByTestId('form-dialog-save').click();
  await expect(dialog.getByText('Für 2 Stück bitte 2 Seriennummern angeben (angegeben: 1).')).toBeVisible();
  await expect(page.getByTestId('pending-badge')).toHaveCount(0);
  await dialog.getByTestId('field-seriennr').fill('SN-E2E-1, SN-E2E-2');
  await page.getByTestId('form-dialog-save').click();
  await expect(page.getByTestId('form-dialog-save')).toHaveCount(0);
  await expect(page.getByTestId('pending-badge')).toHaveText('1');

  // completing offline: no PDF error, the report comes once online
  await page.goto(`/tasks/${job.auftragId}/complete`);
  await waitForStart(page);
  await page.getByTestId('complete-finish').click();
  await expect(page.getByText('Bericht verfügbar, sobald wieder online').first()).toBeVisible();
  await expect(page.getByTestId('report-offline')).toBeVisible();
  await expect(page.getByTestId('report-open')).toBeDisabled();
  await expect(page.getByText('PDF-Dokument konnte nicht geladen werden')).toHaveCount(0);
  await expect(page.getByTestId('pending-badge')).toHaveText('2');

  // online again: the queue is sent, the report is there
  await context.setOffline(false);
  await expect(page.getByTestId('pending-badge')).toHaveCount(0, { timeout: 40_000 });
  await expect(page.getByTestId('report-open')).toBeEnabled({ timeout: 15_000 });
  await expect(page.getByTestId('report-offline')).toHaveCount(0);
  // the notices sit over the bottom bar on a phone: the technician closes them
  const notices = page.locator('.mantine-Notification-root').getByRole('button');
  await expect(async () => {
    if ((await notices.count()) > 0) await notices.first().click({ timeout: 1_000 });
    await expect(notices).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('report-open').click();
  await expect(page.getByTestId('pdf-preview-frame')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await page.keyboard.press('Escape');
  const done = await task(request, tech, job.auftragId);
  expect(done.auftragsstatus).toBe('12');
  expect(done.abschlussberichtSha256).toMatch(/^[0-9a-f]{64}$/);
  expect(done.materialbuchungen).toEqual([expect.objectContaining({ art: 'eingebaut', menge: 2, seriennr: 'SN-E2E-1, SN-E2E-2', chargennr: 'CH-E2E-7' })]);

  // the completed task keeps its acceptance, travel and arrival times
  await page.goto(`/tasks/${job.auftragId}`);
  await waitForStart(page);
  for (const id of ['accepted-at', 'travel-at', 'arrived-at']) await expect(page.getByTestId(id)).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expect(page.getByTestId('arrived-at')).toContainText('14 km');
});
