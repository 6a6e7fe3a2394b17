import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { anhaenge, sha, TestSmtp } from '../../apps/server/test/smtp';
import { apiLogin, bearer, openAs, waitForStart } from './helpers';
import { planTask } from './service-journey.helpers';

/**
 * Issue 24 item 8: the technician sends the service report from its preview on the phone; the SMTP server this test
 * runs receives it with the stored report PDF (the same bytes as the report's download), the preview shows it sent.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: 'Europe/Berlin' });
test.setTimeout(120_000);

const API = '/vario-api';

async function step(request: APIRequestContext, token: string, path: string, data: unknown = {}) {
  const res = await request.post(`${API}${path}`, { headers: { ...bearer(token), 'Idempotency-Key': randomUUID() }, data: { data } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
}

test('the service report is sent by e-mail from its preview: the SMTP server receives the stored report, the preview shows it sent', async ({
  page,
  request,
}) => {
  const smtp = new TestSmtp();
  await smtp.start();
  try {
    const admin = await apiLogin(request, 'admin');
    const set = await request.put(`${API}/system/mail/smtp`, {
      headers: bearer(admin),
      data: { data: { host: '127.0.0.1', port: smtp.port, sicherheit: 'keine', benutzer: null, absender: 'service@firma.example' } },
    });
    expect(set.status()).toBe(200);
    const tech = await apiLogin(request, 'techniker');
    const job = await planTask(request, 'Wartung Bericht per E-Mail', new Date());
    const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    await step(request, tech, `/service/planung/${job.planungId}/annehmen`, { zeitpunkt: ago(4) });
    await step(request, tech, `/service/planung/${job.planungId}/reisebeginn`, { zeitpunkt: ago(3) });
    await step(request, tech, `/service/planung/${job.planungId}/ankunft`, { zeitpunkt: ago(2), strecke: 5 });
    await step(request, admin, `/service/auftraege/${job.auftragId}/abschluss-ohne-unterschrift`, { grund: 'Kunde nicht anwesend, telefonisch bestätigt' });
    const nr = ((await (await request.get(`${API}/service/auftraege/${job.auftragId}`, { headers: bearer(tech) })).json()).result as { auftragsnummer: string })
      .auftragsnummer;
    const bericht = await request.get(`${API}/service/auftraege/${job.auftragId}/abschlussbericht`, { headers: bearer(tech) });
    expect(bericht.status()).toBe(200);
    const berichtSha = sha(await bericht.body());

    await openAs(page, request, 'techniker', `/tasks/${job.auftragId}/complete`);
    await waitForStart(page);
    await page.getByTestId('report-open').click();
    await expect(page.getByTestId('pdf-preview-frame')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await page.getByTestId('pdf-send-mail').click();
    const dialog = page.getByRole('dialog', { name: `Servicebericht ${nr} per E-Mail senden` });
    await expect(dialog.getByTestId('field-betreff')).toHaveValue(`Servicebericht ${nr}`);
    await expect(dialog.getByTestId('field-text')).toHaveValue(new RegExp(`Serviceauftrag ${nr}`));
    await expect(dialog.getByTestId('mail-attachments')).toHaveText(`Anhang: Abschlussbericht-${nr}.pdf`);
    await dialog.getByTestId('field-an').fill('haustechnik@kunde.example');
    await dialog.getByTestId('field-betreff').fill(`Ihr Servicebericht ${nr}`);
    await dialog.getByTestId('form-dialog-save').click();
    await expect(page.getByText('Die E-Mail ist im Postausgang und wird gesendet')).toBeVisible();

    await expect.poll(() => smtp.empfangen.length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.empfangen[0];
    expect(mail?.an).toEqual(['haustechnik@kunde.example']);
    expect(mail?.raw).toContain(`Subject: Ihr Servicebericht ${nr}`);
    const [anhang, ...mehr] = anhaenge(mail?.raw ?? '');
    expect(mehr).toEqual([]);
    expect(anhang?.name).toBe(`Abschlussbericht-${nr}.pdf`);
    expect(sha(anhang?.daten ?? Buffer.alloc(0))).toBe(berichtSha);
    await expect(page.getByTestId('mail-state')).toHaveAttribute('data-state', 'gesendet', { timeout: 20_000 });
  } finally {
    await smtp.stop();
  }
});
