import { randomBytes } from 'node:crypto';
import { endpoints } from '@vario/contract';
import { afterAll, describe, expect, it } from 'vitest';
import * as m0041 from '../src/db/migrations/0041_smtp_passwort_datev_teile';
import { decryptSecret } from '../src/db/secrets';
import { mailSenderVon } from '../src/modules/ausgang/ausgang.routes';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';
import { TestSmtp, warte } from './smtp';

/**
 * The SMTP password encrypted at rest (issue 24): AES-256-GCM with the server's key (SECRET_KEY here), never stored
 * or answered in plain text; sending logs in with it; a key that does not fit is a clear 422, not a 500.
 */
const KEY = randomBytes(32).toString('hex');
const ANDERER = randomBytes(32).toString('hex');
process.env.SECRET_KEY = KEY;

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const PASSWORT = 'Pa$$wört-äußerst-geheim';
const smtp = new TestSmtp({ user: 'versand', pass: PASSWORT });
const port = await smtp.start();
afterAll(() => smtp.stop());

const gespeichert = async () =>
  (await db.selectFrom('systemParameter').select('wert').where('name', '=', 'MAIL.SMTP_PASSWORT').executeTakeFirstOrThrow()).wert as string;
const mails = async (id: number) => expectOk(await c.call(endpoints.belegMails, { as: 'admin', params: { id } })).result;
const senden = (id: number) =>
  c.call(endpoints.belegMailSenden, { as: 'buero', params: { id }, body: { data: { an: ['kasse@kunde.example'], betreff: 'Rechnung', text: 'Anbei' } } });

expectOk(
  await c.call(endpoints.smtpSet, {
    as: 'admin',
    body: { data: { host: '127.0.0.1', port, sicherheit: 'keine', benutzer: 'versand', passwort: PASSWORT, absender: 'rechnung@firma.example' } },
  }),
);
await db.updateTable('systemParameter').set({ wert: '50' }).where('name', '=', 'MAIL.WIEDERHOLUNG_MS').execute();
const kunde = await f.adresse({ email: 'kasse@kunde.example', erechnungFormat: 'keine' } as never);

describe('SMTP password at rest', () => {
  it('the database holds AES-256-GCM cipher text, not the password; the API never answers it', async () => {
    const wert = await gespeichert();
    expect(wert).not.toContain(PASSWORT);
    expect(wert).toMatch(/^aesgcm:v1:[0-9a-f]{8}:[A-Za-z0-9+/=]+$/);
    expect(decryptSecret(wert)).toBe(PASSWORT);
    const res = await c.call(endpoints.smtpGet, { as: 'admin' });
    expect(expectOk(res).result.passwortGesetzt).toBe(true);
    expect(res.raw.body).not.toContain(PASSWORT);
    expect(res.raw.body).not.toContain(wert);
    // written twice, the cipher text differs (a fresh IV each time)
    expectOk(
      await c.call(endpoints.smtpSet, {
        as: 'admin',
        body: { data: { host: '127.0.0.1', port, sicherheit: 'keine', benutzer: 'versand', passwort: PASSWORT, absender: 'rechnung@firma.example' } },
      }),
    );
    expect(await gespeichert()).not.toBe(wert);
  });

  it('sending still works: the sender logs in to the SMTP server with the decrypted password', async () => {
    const op = await f.offenerPosten({ adresseId: kunde.id, betrag: 119 });
    expect((await senden(op.belegId)).status).toBe(202);
    await warte(
      () => mails(op.belegId),
      (l) => l[0]?.zustand === 'gesendet',
    );
    expect(smtp.anmeldungen.at(-1)).toEqual({ user: 'versand', ok: true });
    expect(smtp.empfangen.length).toBe(1);
  });

  it('another key: a send is a 422 naming the key (not a 500) and changes nothing; a queued mail waits with the reason; the right key delivers it', async () => {
    const op = await f.offenerPosten({ adresseId: kunde.id, betrag: 50 });
    const sender = mailSenderVon(db);
    // a mail queued with the right key, then the server gets another key before it is sent
    await sender?.stop();
    expect((await senden(op.belegId)).status).toBe(202);
    process.env.SECRET_KEY = ANDERER;
    try {
      const vorher = await db
        .selectFrom('mailAusgang')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const err = expectError(await senden(op.belegId), 422);
      expect(err.errors.services[0]?.message).toMatch(/SMTP-Passwort.*nicht entschlüsseln.*anderen Schlüssel/);
      const nachher = await db
        .selectFrom('mailAusgang')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(nachher.n)).toBe(Number(vorher.n));
      expect(expectOk(await c.call(endpoints.smtpGet, { as: 'admin' })).result.passwortGesetzt).toBe(true);

      sender?.start();
      const [m] = await warte(
        () => mails(op.belegId),
        (l) => !!l[0]?.letzteAntwort,
      );
      expect(m?.zustand).toBe('wartend');
      expect(m?.letzteAntwort).toMatch(/nicht entschlüsseln/);
      expect(smtp.empfangen.length).toBe(1);
    } finally {
      process.env.SECRET_KEY = KEY;
    }
    await db.updateTable('mailAusgang').set({ naechsterVersuch: new Date().toISOString() }).where('belegId', '=', op.belegId).execute();
    sender?.anstossen();
    await warte(
      () => mails(op.belegId),
      (l) => l[0]?.zustand === 'gesendet',
    );
    expect(smtp.empfangen.length).toBe(2);
  });

  it('migration 0041 encrypts a password stored in plain text before it (and down decrypts it)', async () => {
    await db.updateTable('systemParameter').set({ wert: 'alt-im-klartext' }).where('name', '=', 'MAIL.SMTP_PASSWORT').execute();
    await m0041.up(db as never);
    const wert = await gespeichert();
    expect(wert).not.toContain('alt-im-klartext');
    expect(decryptSecret(wert)).toBe('alt-im-klartext');
    await m0041.up(db as never); // a second run leaves an encrypted value alone
    expect(await gespeichert()).toBe(wert);
    await m0041.down(db as never);
    expect(await gespeichert()).toBe('alt-im-klartext');
    await m0041.up(db as never);
  });
});
