import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { openAs } from './helpers';
import { lastBerlinNoon, planTask } from './service-journey.helpers';

/**
 * The technician's journey on a phone (issue 12 item 6): 390×844 with touch, as the demo technician. Each test plans
 * its own task through the office calls (as admin), so it does not depend on the demo week: a task with a transferred
 * material line, planned for the technician today.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, timezoneId: 'Europe/Berlin', locale: 'de-DE' });

/**
 * Presses an element in the scrolled page. Chromium's touch emulation takes a tap that follows a programmatic scroll as
 * the end of the scroll gesture now and then (no click), so in-page buttons are pressed with a pointer click after the
 * scroll has settled; the bottom bar and dialogs are tapped.
 */
async function tap(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await locator.page().waitForTimeout(300);
  await locator.click();
}

/** Fills a native time input (HH:mm). */
async function fillTime(page: Page, testId: string, value: string) {
  await page.getByRole('dialog').getByTestId(testId).fill(value);
}

/**
 * The browser's clock starts at the latest noon in Berlin and runs on from there (the steps' real times come from it);
 * the journey's times of day are fixed around it and never cross midnight. Returns that noon.
 */
async function clockAtNoon(page: Page) {
  const noon = lastBerlinNoon();
  await page.clock.install({ time: noon });
  return noon;
}

async function acceptFromPlanning(page: Page, request: APIRequestContext, task: { nr: string; planungId: number; auftragId: number }) {
  await openAs(page, request, 'techniker', '/planning');
  await expect(page.getByRole('heading', { level: 1, name: 'Offene Aufträge' })).toBeVisible();
  const card = page.locator(`[data-testid="planning-card"][data-id="${task.planungId}"]`);
  await expect(card).toContainText(task.nr);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/planning/${task.planungId}$`));
  // the phone number is a tappable tel: link
  await expect(page.getByTestId('tel-standortTelefon1')).toHaveAttribute('href', 'tel:+493411234567');
  await page.getByTestId('planning-accept').tap();
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.auftragId}$`));
  await expect(page.getByText('Auftrag angenommen')).toBeVisible();
}

test.describe('technician journey on a phone', () => {
  test('accept, travel start, arrival with distance, time, material, additional work, signature and completion report', async ({ page, request }) => {
    test.setTimeout(180_000);
    const task = await planTask(request, 'Wartung Heizung E2E', await clockAtNoon(page));
    await acceptFromPlanning(page, request, task);

    // the journey's next step is the big button at the bottom, reachable with the thumb
    const next = page.getByTestId('journey-next');
    await expect(next).toHaveAttribute('data-step', 'travelStart');
    const box = await next.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(844 - 100);

    // [SVC-059][SVC-060] travel start with its time; the notice 'Reisebeginn gestartet'
    await next.tap();
    await fillTime(page, 'field-datum', '09:30');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByText('Reisebeginn gestartet')).toBeVisible();
    await expect(next).toHaveAttribute('data-step', 'arrival');

    // [SVC-048] arrival needs a distance in whole km; [SVC-061][SVC-062] 'Status Vor-Ort gesetzt'
    await next.tap();
    await fillTime(page, 'field-datum', '10:00');
    await page.getByRole('dialog').getByTestId('field-strecke').fill('12,5');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByRole('dialog').getByText('Bitte ganze Kilometer eingeben')).toBeVisible();
    await page.getByRole('dialog').getByTestId('field-strecke').fill('12');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByText('Status Vor-Ort gesetzt')).toBeVisible();
    await expect(page.getByTestId('arrived-at')).toContainText('12 km');
    await expect(page.getByTestId('task-status')).toContainText('04');

    // [SVC-049] a time before the arrival is refused, naming the arrival time; then 90 minutes are booked
    await expect(next).toHaveAttribute('data-step', 'work');
    await next.tap();
    await fillTime(page, 'field-von', '09:30');
    await fillTime(page, 'field-bis', '11:30');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByRole('dialog').getByText('Die Zeit darf nicht vor der Ankunft um 10:00 liegen.')).toBeVisible();
    await fillTime(page, 'field-von', '10:00');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByText('Zeit gebucht')).toBeVisible();
    // [SVC-038] 90 minutes used against 20 estimated: red
    await expect(page.getByTestId('used-time')).toHaveAttribute('data-over', 'true');
    await expect(page.getByTestId('used-time')).toContainText('1:30 h');

    // [SVC-051..054] material: the maximum is the default; above it 'zu groß'
    const line = page.locator(`[data-testid="material-line"][data-id="${task.materialId}"]`);
    await tap(line.getByTestId('material-book'));
    const menge = page.getByRole('dialog').getByTestId('field-menge');
    await expect(menge).toHaveValue('2');
    await menge.fill('3');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByRole('dialog').getByText('zu groß')).toBeVisible();
    await menge.fill('0');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByRole('dialog').getByText('Geben Sie einen gültigen Wert ein!')).toBeVisible();
    await menge.fill('1');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByText('Material gebucht')).toBeVisible();
    await expect(line.getByTestId('qty-mengeEingebaut')).toContainText('1');

    // [SVC-043][SVC-046] additional work of type 2 (costs)
    await tap(page.getByTestId('work-add'));
    await page.getByRole('dialog').getByTestId('field-mehraufwandArtId').click();
    await page.getByRole('option', { name: 'Parkgebühren' }).tap();
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByRole('dialog').getByText('Bitte einen Wert eingeben')).toBeVisible();
    await page.getByRole('dialog').getByTestId('field-kosten').fill('7,50');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByText('Mehraufwand gespeichert')).toBeVisible();
    await expect(page.getByTestId('work-entry')).toContainText('7,50');

    // completion: summary, the customer's signature, the report
    await expect(next).toHaveAttribute('data-step', 'complete');
    await next.tap();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.auftragId}/complete$`));
    await expect(page.getByTestId('complete-summary')).toContainText('1:30 h');
    await expect(page.getByTestId('summary-booking')).toHaveCount(1);
    await expect(page.getByTestId('complete-finish')).toBeDisabled();
    await page.getByTestId('field-name').fill('Erika Mustermann');
    // the notices of the material and additional-work steps sit over the signature field on a phone: the technician
    // closes them before signing (a stroke drawn through a notice never reaches the field)
    const notices = page.locator('.mantine-Notification-root');
    // (a notice may close by itself or slide while it is clicked: retried until none is left)
    await expect(async () => {
      if ((await notices.count()) > 0) await notices.first().getByRole('button').click({ timeout: 1000 });
      expect(await notices.count()).toBe(0);
    }).toPass({ timeout: 20_000 });
    const canvas = page.getByTestId('signature-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const c = await canvas.boundingBox();
    if (!c) throw new Error('no signature canvas');
    await page.mouse.move(c.x + 30, c.y + c.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(c.x + 30 + i * 20, c.y + c.height * (0.6 + (i % 2 ? -0.2 : 0.15)));
    await page.mouse.up();
    await page.getByTestId('signature-save').tap();
    await expect(page.getByText('Unterschrift gespeichert')).toBeVisible();
    await expect(page.getByTestId('signed')).toContainText('Erika Mustermann');
    // the notice sits over the bottom bar on a phone: the technician closes it
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Unterschrift gespeichert' }).getByRole('button').click();
    await expect(page.getByText('Unterschrift gespeichert')).toBeHidden();
    await page.getByTestId('complete-finish').tap();
    await expect(page.getByText('Auftrag abgeschlossen').first()).toBeVisible();
    await expect(page.getByTestId('pdf-preview-frame')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('report-sha256')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId('task-status')).toContainText('12');
  });

  test('[SVC-049] a step the server refuses shows its message: time started before the arrival', async ({ page, request }) => {
    const task = await planTask(request, 'Störung Lüftung E2E', await clockAtNoon(page));
    await acceptFromPlanning(page, request, task);
    const next = page.getByTestId('journey-next');
    await next.tap();
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByText('Reisebeginn gestartet')).toBeVisible();
    // arrival booked a minute after the browser's noon (inside the clock-skew tolerance; later times are refused as in the
    // future): the recording started at noon cannot start before it
    const arrival = '12:01';
    await next.tap();
    await fillTime(page, 'field-datum', arrival);
    await page.getByRole('dialog').getByTestId('field-strecke').fill('3');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByText('Status Vor-Ort gesetzt')).toBeVisible();
    await page.getByTestId('task-more').tap();
    await page.getByTestId('action-timeStart').tap();
    // a recording the technician left running elsewhere (demo data, an earlier flow) is offered to be cancelled first
    const refused = page.getByRole('alert').filter({ hasText: arrival });
    const restart = page.getByRole('button', { name: 'Abbrechen und neu starten' });
    await expect(refused.or(restart)).toBeVisible();
    if (await restart.isVisible()) await restart.tap();
    // the server's own sentence, naming the arrival time
    await expect(refused).toBeVisible();
    await expect(page.getByTestId('timer-running')).toHaveCount(0);
  });

  test('[SVC-040] rejecting needs a remark (blank is not one); the accepted list opens', async ({ page, request }) => {
    const task = await planTask(request, 'Kein Zugang E2E');
    await openAs(page, request, 'techniker', `/planning/${task.planungId}`);
    await page.getByTestId('planning-reject').tap();
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByRole('dialog').getByText('Es muss eine Bemerkung eingegeben werden!')).toBeVisible();
    // blanks are no remark either
    await page.getByRole('dialog').getByTestId('field-bemerkung').fill('   ');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page.getByRole('dialog').getByText('Es muss eine Bemerkung eingegeben werden!')).toBeVisible();
    await page.getByRole('dialog').getByTestId('field-bemerkung').fill('Kunde nicht erreichbar');
    await page.getByTestId('form-dialog-save').tap();
    await expect(page).toHaveURL(/\/planning$/);
    await expect(page.locator(`[data-testid="planning-card"][data-id="${task.planungId}"]`)).toHaveCount(0);
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Angenommene Aufträge' })).toBeVisible();
  });
});
