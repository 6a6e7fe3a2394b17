import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiLogin, bearer, openAs } from './helpers';
import { planTask } from './service-journey.helpers';

/** Issue 20 item 7: the task screen's additional work, the status colour yellow and the week without cancelled tasks (phone, de). */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, timezoneId: 'Europe/Berlin', locale: 'de-DE' });

async function setStatus(request: APIRequestContext, auftragId: number, auftragsstatus: string) {
  const admin = await apiLogin(request, 'admin');
  const res = await request.patch(`/vario-api/service/auftraege/${auftragId}`, { headers: bearer(admin), data: { data: { auftragsstatus } } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function openTask(page: Page, request: APIRequestContext, auftragId: number) {
  // [SVC-065] the screen reads the additional work with its own call
  const work = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith(`/service/auftraege/${auftragId}/mehraufwaende`));
  await openAs(page, request, 'techniker', `/tasks/${auftragId}`);
  expect((await work).ok()).toBe(true);
  await expect(page.getByTestId('work-section')).toBeVisible();
}

test('[SVC-043] [SVC-040] costs 1,234 are refused, not rounded; changing the entry asks for the alteration comment', async ({ page, request }) => {
  const task = await planTask(request, 'Mehraufwand Büro');
  await openTask(page, request, task.auftragId);
  const dialog = page.getByRole('dialog');
  await page.getByTestId('work-add').click();
  await dialog.getByTestId('field-mehraufwandArtId').click();
  await page.getByRole('option', { name: 'Parkgebühren' }).click();
  const kosten = dialog.getByTestId('field-kosten');
  await kosten.fill('1,234');
  await kosten.blur();
  await expect(kosten).toHaveValue('1,234');
  await page.getByTestId('form-dialog-save').click();
  await expect(dialog.getByText('Bitte einen ganzen Preis eingeben')).toBeVisible();
  await kosten.fill('0');
  await page.getByTestId('form-dialog-save').click();
  await expect(dialog.getByText('zu klein')).toBeVisible();
  await kosten.fill('1,23');
  await page.getByTestId('form-dialog-save').click();
  await expect(page.getByText('Mehraufwand gespeichert')).toBeVisible();
  const entry = page.getByTestId('work-entry');
  await expect(entry).toContainText('1,23 €');

  // change it: the alteration comment is required (trimmed non-empty)
  await entry.getByRole('button').click();
  await expect(kosten).toHaveValue('1,23');
  await kosten.fill('2,50');
  await page.getByTestId('form-dialog-save').click();
  await expect(page.getByRole('dialog', { name: 'Änderungsbemerkung' })).toBeVisible();
  await page.getByTestId('remark-input').fill('   ');
  await page.getByTestId('remark-ok').click();
  await expect(page.getByText('Es muss eine Bemerkung eingegeben werden!')).toBeVisible();
  await expect(entry).toContainText('1,23 €');
  await page.getByTestId('remark-input').fill('Quittung nachgereicht');
  await page.getByTestId('remark-ok').click();
  await expect(page.getByText('Mehraufwand gespeichert')).toBeVisible();
  await expect(entry).toContainText('2,50 €');
});

test('[SVC-035] yellow statuses show as yellow with dark text, told apart from orange', async ({ page, request }) => {
  const task = await planTask(request, 'Wartet auf Material');
  await setStatus(request, task.auftragId, '22');
  await openTask(page, request, task.auftragId);
  const badge = page.getByTestId('task-status');
  await expect(badge).toHaveAttribute('data-color', 'yellow');
  const style = await badge.evaluate((el) => {
    const s = getComputedStyle(el);
    return { bg: s.backgroundColor, fg: s.color };
  });
  expect(style.bg).toBe('rgb(255, 212, 59)');
  expect(style.fg).toBe('rgb(0, 0, 0)');
});

test('a cancelled task leaves the technician’s week', async ({ page, request }) => {
  const bleibt = await planTask(request, 'Woche bleibt');
  const storniert = await planTask(request, 'Woche storniert');
  // the week shows accepted visits: the technician accepts both, then the office cancels one
  const tech = await apiLogin(request, 'techniker');
  for (const t of [bleibt, storniert]) {
    const res = await request.post(`/vario-api/service/planung/${t.planungId}/annehmen`, {
      headers: { ...bearer(tech), 'Idempotency-Key': crypto.randomUUID() },
      data: { data: {} },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await setStatus(request, storniert.auftragId, '90');
  await openAs(page, request, 'techniker', '/tasks/calendar');
  const tasks = page.getByTestId('calendar-task');
  // the number as a whole: A70 is not A701 (the card's text runs on into the title without a space)
  const nr = (n: string) => new RegExp(`${n}(?![0-9])`);
  // a visit planned late in the evening runs past midnight and shows on both days
  await expect(tasks.filter({ hasText: nr(bleibt.nr) }).first()).toBeVisible();
  await expect(tasks.filter({ hasText: nr(storniert.nr) })).toHaveCount(0);
});
