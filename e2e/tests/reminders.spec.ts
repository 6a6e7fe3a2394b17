import { expect, test } from '@playwright/test';
import { apiLogin, bearer, me, openAs } from './helpers';

test('[REM-001] [REM-002] [REM-003] [REM-005] [REM-006] [REM-014] [REM-015] [REM-016] [REM-019] reminders: create, edit, delete, delete all', async ({
  page,
  request,
}) => {
  await openAs(page, request, 'buero');
  await page.getByTestId('reminder-button').click();
  const panel = page.getByRole('dialog', { name: 'Erinnerungen' });
  await expect(panel.getByTestId('reminder-item').first()).toBeVisible();

  // create: the default date is now + 15 minutes (REM-019)
  // the form takes "now" when it opens, somewhere between the click and its first paint: any minute in that span is right
  const hhmm = (ms: number) => {
    const d = new Date(ms + 15 * 60_000);
    return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  };
  const before = Date.now();
  await panel.getByTestId('reminder-new').click();
  const form = page.getByRole('dialog', { name: 'Neue Erinnerung' });
  await expect(form.getByTestId('reminder-date')).toContainText(/\d\d:\d\d/);
  const shown = (await form.getByTestId('reminder-date').textContent()) ?? '';
  const span = new Set([hhmm(before), hhmm(Date.now())]);
  expect(
    [...span].some((m) => shown.includes(m)),
    `${shown} shows one of ${[...span].join(', ')}`,
  ).toBe(true);
  await form.getByTestId('reminder-remark').fill('Angebot Müller nachfassen');
  await form.getByTestId('reminder-remark').press('Control+Enter');
  await expect(form).toBeHidden();
  const created = panel.getByTestId('reminder-item').filter({ hasText: 'Angebot Müller nachfassen' });
  await expect(created).toBeVisible();
  await expect(page.getByTestId('reminder-badge')).toContainText(/\d/);

  // edit
  await created.getByTestId('reminder-edit').click();
  const edit = page.getByRole('dialog', { name: 'Erinnerung bearbeiten' });
  await edit.getByTestId('reminder-remark').fill('Angebot Müller telefonisch nachfassen');
  await edit.getByTestId('form-dialog-save').click();
  await expect(panel.getByText('Angebot Müller telefonisch nachfassen')).toBeVisible();

  // delete one
  const edited = panel.getByTestId('reminder-item').filter({ hasText: 'telefonisch' });
  await edited.getByTestId('reminder-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(edited).toHaveCount(0);

  // delete all, with confirmation (REM-006) → "no memories" (REM-005)
  await panel.getByTestId('reminder-delete-all').click();
  await expect(page.getByRole('dialog', { name: 'Alle Erinnerungen löschen' })).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(panel.getByTestId('reminder-empty')).toContainText('Keine Erinnerungen vorhanden');
});

test('[REM-004] [REM-017] [REM-018] past reminders are red and due ones count on the badge', async ({ page, request }) => {
  const token = await apiLogin(request, 'techniker');
  const user = await me(request, token);
  const list = await request.get(`/vario-api/crm/erinnerungen?limit=500&filter=benutzerId=${user.benutzer.id}`, { headers: bearer(token) });
  for (const r of (await list.json()).result) await request.delete(`/vario-api/crm/erinnerungen/${r.id}`, { headers: bearer(token) });
  const at = (min: number) => new Date(Date.now() + min * 60_000).toISOString();
  for (const [bemerkung, min] of [
    ['Vergangen', -120],
    ['Gleich fällig', 5],
    ['Bald fällig', 10],
    ['Später', 120],
  ] as const) {
    await request.post('/vario-api/crm/erinnerungen', {
      headers: bearer(token),
      data: { data: { benutzerId: user.benutzer.id, bemerkung, erinnerungDatum: at(min) } },
    });
  }
  await openAs(page, request, 'techniker');
  await expect(page.getByTestId('reminder-badge')).toContainText('2');
  await page.getByTestId('reminder-button').click();
  const past = page.getByTestId('reminder-item').filter({ hasText: 'Vergangen' });
  await expect(past).toHaveAttribute('data-past', 'true');
  // the theme's red (AA contrast on white), not a fixed shade: red-dominant
  await expect(past.getByTestId('reminder-text')).toHaveCSS('color', /^rgb\((1[89]\d|2\d\d), ([0-8]?\d), ([0-8]?\d)\)$/);
  await expect(page.getByTestId('reminder-item').filter({ hasText: 'Später' })).not.toHaveAttribute('data-past', 'true');
});
