import { expect, type Page, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, gridRows, openAs } from './helpers';

interface TicketRow {
  id: number;
  ticketNummer: number;
  status: number;
}

const notices = (page: Page) => page.locator('.mantine-Notification-root');
const idOf = (url: string) => Number(/\/tickets\/(\d+)\//.exec(url)?.[1]);

/** Picks an option of the Mantine select behind `field-<name>`. */
async function choose(page: Page, field: string, option: string) {
  await page.getByTestId(`field-${field}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addActivity(page: Page, text: string) {
  await page.getByTestId('tab-activities').click();
  await page.getByTestId('activity-new').click();
  await page.getByTestId('field-artId').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('field-beschreibung').fill(text);
  await page.getByTestId('form-dialog-save').click();
  await expect(page.getByTestId('activities-list').getByTestId('sub-row').filter({ hasText: text })).toHaveCount(1);
}

async function setStatus(page: Page, label: string) {
  await page.getByTestId('tab-masterdata').click();
  await page.getByTestId('record-edit').click();
  await choose(page, 'status', label);
  await page.getByTestId('record-save').click();
}

test('a ticket with a sub-ticket and activities: delete refused, the parent closes only after its sub-ticket and reopens before it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await apiLogin(request, 'admin');
  const address = (await getJson<{ result: { id: number; name1: string }[] }>(request, token, '/stammdaten/adressen?limit=1&orderBy=adressnummer')).result[0];
  if (!address) throw new Error('no address in the seed');
  const subject = `E2E Heizung ${Date.now()}`;

  // add dialog: first the address, then the form (TKT-003)
  await openAs(page, request, 'admin', '/tickets');
  await page.getByTestId('ticket-new').click();
  await page.getByTestId('ticket-address').fill(address.name1);
  await page.getByRole('option').first().click();
  await page.getByTestId('ticket-address-next').click();
  await page.getByTestId('field-betreff').fill(subject);
  await page.getByTestId('form-dialog-save').click();
  await expect(page).toHaveURL(/\/tickets\/\d+\/masterdata$/);
  const parentId = idOf(page.url());
  await expect(page.getByTestId('record-title')).toContainText(subject);

  // a sub-ticket of the same address
  await page.getByTestId('tab-subTickets').click();
  await page.getByTestId('sub-ticket-new').click();
  await page.getByTestId('field-betreff').fill(`${subject} – Teil`);
  await page.getByTestId('form-dialog-save').click();
  await expect(page).toHaveURL(/\/tickets\/\d+\/masterdata$/);
  const childId = idOf(page.url());
  expect(childId).not.toBe(parentId);
  const child = (await getJson<{ result: TicketRow }>(request, token, `/crm/tickets/${childId}`)).result;
  await expect(page.getByTestId('ticket-parent')).toBeVisible();

  // activities on both; the parent's spent effort rolls up the child's
  await addActivity(page, 'Vor Ort geprüft');
  await page.goto(`/tickets/${parentId}/masterdata`);
  await addActivity(page, 'Kunde angerufen');
  await page.getByTestId('tab-masterdata').click();
  await expect(page.getByTestId('effort-spent')).toHaveText('0:30 h');

  // a ticket with activities is not deleted: a negative notice for 4 s (TKT-015, TKT-016)
  await page.getByTestId('record-edit').click();
  await page.getByTestId('record-remove').click();
  await page.getByTestId('confirm-ok').click();
  const refused = notices(page).filter({ hasText: 'Das Ticket kann nicht gelöscht werden.' });
  await expect(refused).toBeVisible();
  await expect(refused).toHaveCount(0, { timeout: 6000 });
  await expect(page).toHaveURL(new RegExp(`/tickets/${parentId}/masterdata$`));

  // the parent cannot be closed while its sub-ticket is open: the refusal names the sub-ticket
  await choose(page, 'status', 'Erledigt');
  await page.getByTestId('record-save').click();
  await expect(notices(page).filter({ hasText: `T${child.ticketNummer}` })).toBeVisible();
  expect((await getJson<{ result: TicketRow }>(request, token, `/crm/tickets/${parentId}`)).result.status).toBe(0);
  await page.getByTestId('record-cancel').click();
  if (await page.getByTestId('leave-discard').isVisible()) await page.getByTestId('leave-discard').click();

  // close the child, then the parent: both read-only (TKT-014)
  await page.goto(`/tickets/${childId}/masterdata`);
  await setStatus(page, 'Erledigt');
  await expect(page.getByTestId('badge-closed')).toBeVisible();
  await expect(page.getByTestId('record-edit')).toHaveCount(0);
  await page.goto(`/tickets/${parentId}/masterdata`);
  await setStatus(page, 'Erledigt');
  await expect(page.getByTestId('badge-closed')).toBeVisible();
  expect((await getJson<{ result: TicketRow }>(request, token, `/crm/tickets/${parentId}`)).result.status).toBe(90);

  // the closed child cannot be reopened under its closed parent; the parent can, and then the child
  await page.goto(`/tickets/${childId}/masterdata`);
  await page.getByRole('button', { name: 'Wieder öffnen' }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(notices(page).filter({ hasText: 'Hauptticket' })).toBeVisible();
  expect((await getJson<{ result: TicketRow }>(request, token, `/crm/tickets/${childId}`)).result.status).toBe(90);
  await page.goto(`/tickets/${parentId}/masterdata`);
  await page.getByRole('button', { name: 'Wieder öffnen' }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('badge-closed')).toHaveCount(0);
  await expect(page.getByTestId('record-edit')).toBeEnabled();
  expect((await getJson<{ result: TicketRow }>(request, token, `/crm/tickets/${parentId}`)).result.status).toBe(10);
});

test('[TKT-002] the tickets of an address: list and record below the address, without the documents tab', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const ticket = (await getJson<{ result: { id: number; adresseId: number }[] }>(request, token, '/crm/tickets?limit=1&filter=hauptTicketId=null')).result[0];
  if (!ticket) throw new Error('no ticket in the seed');
  await openAs(page, request, 'admin', `/addresses/${ticket.adresseId}/tickets`);
  await gridRows(page).first().click();
  await expect(page).toHaveURL(new RegExp(`/addresses/${ticket.adresseId}/tickets/\\d+/masterdata$`));
  for (const tab of ['masterdata', 'activities', 'attachments', 'subTickets']) await expect(page.getByTestId(`tab-${tab}`)).toBeVisible();
  await expect(page.getByTestId('tab-saleDocuments')).toHaveCount(0);
  await page.getByTestId('record-back').click();
  await expect(page).toHaveURL(new RegExp(`/addresses/${ticket.adresseId}/tickets$`));
});

test('[TKT-021] "new item" on an address opens the ticket form for that address; a failed create says so without a message', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const address = (await getJson<{ result: { id: number; name1: string }[] }>(request, token, '/stammdaten/adressen?limit=1&orderBy=adressnummer')).result[0];
  if (!address) throw new Error('no address in the seed');
  await openAs(page, request, 'admin', `/addresses/${address.id}/masterdata`);
  await page.getByRole('button', { name: 'Neu' }).click();
  await page.getByRole('menuitem', { name: 'Neues Ticket' }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/new\\?id=${address.id}$`));
  // the address is known: the dialog starts with the form
  await expect(page.getByTestId('ticket-address-step')).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.route('**/vario-api/crm/tickets', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          json: {
            messageCode: 'INTERNAL',
            messageParameters: [],
            errors: { services: [{ message: 'kaputt' }], fieldErrors: {} },
            trackingId: 'e2e',
            httpStatus: 500,
          },
        })
      : route.continue(),
  );
  await page.getByTestId('field-betreff').fill('Wird nicht angelegt');
  await page.getByTestId('form-dialog-save').click();
  const failed = notices(page).filter({ hasText: 'Ticket nicht angelegt' });
  await expect(failed).toBeVisible();
  await expect(failed).not.toContainText('kaputt');
  await expect(notices(page)).toHaveCount(1);
  await expect(page.getByTestId('field-betreff')).toHaveValue('Wird nicht angelegt');
});

test('a ticket attachment uploads from the browser as a form, lists with its name and size, downloads the same bytes and is deleted', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const ticket = (await getJson<{ result: { id: number }[] }>(request, token, '/crm/tickets?limit=1&filter=status=0')).result[0];
  if (!ticket) throw new Error('no open ticket in the seed');
  await openAs(page, request, 'admin', `/tickets/${ticket.id}/attachments`);
  const bytes = Buffer.from('Prüfprotokoll Kälteanlage\nDruck;12,5 bar\n');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/crm/tickets/${ticket.id}/anhaenge`));
  await page.locator('input[type=file]').setInputFiles({ name: 'e2e-protokoll.csv', mimeType: 'text/csv', buffer: bytes });
  expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  const row = page.getByRole('row').filter({ hasText: 'e2e-protokoll.csv' });
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await row.getByTestId('file-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('e2e-protokoll.csv');
  const { readFile } = await import('node:fs/promises');
  expect((await readFile((await file.path())!)).equals(bytes)).toBe(true);
  await row.getByRole('button', { name: 'Löschen' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Löschen|OK|Ja/ })
    .click();
  await expect(page.getByRole('row').filter({ hasText: 'e2e-protokoll.csv' })).toHaveCount(0);
});
