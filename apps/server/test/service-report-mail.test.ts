import { endpoints } from '@vario/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';
import { serviceSetup } from './service-helpers';
import { anhaenge, kopf, sha, TestSmtp, warte } from './smtp';

/**
 * The technician's service report by e-mail (issue 24 item 8) against a real SMTP server in the test process: the
 * completion report stored at completion goes out byte for byte (also on a resend), through the outbox, with the
 * template SERVICEBERICHT; who may see the task may send it.
 */
const t = await createTestApp();
const c = api(t);
const s = serviceSetup(c);
const f = factories(c);
const db = t.handle.db;
const smtp = new TestSmtp();
const port = await smtp.start();
afterAll(() => smtp.stop());
expectOk(
  await c.call(endpoints.smtpSet, {
    as: 'admin',
    body: { data: { host: '127.0.0.1', port, sicherheit: 'keine', benutzer: null, absender: 'service@firma.example' } },
  }),
);

const mails = async (id: number, as = 'admin') => expectOk(await c.call(endpoints.serviceberichtMails, { as, params: { id } })).result;

/** A task of a new technician, completed by the office without signature (its report stored then). */
async function abgeschlossen() {
  const tech = await s.techniker();
  const { auftrag, planung, adresse } = await s.auftrag(tech.technikerId);
  await s.vorOrt(tech.as, planung.id, 30);
  const dispo = await f.benutzer({ rechte: { SVC_DISPO: true } });
  const done = expectOk(
    await c.call(endpoints.serviceAbschlussOhneUnterschrift, {
      as: dispo.anmeldename,
      params: { id: auftrag.id },
      body: { data: { grund: 'Kunde nicht anwesend' } },
    }),
  );
  return { tech, auftrag, adresse, sha256: done.sha256 as string };
}

describe('service report by e-mail', () => {
  it('draft: the address’s e-mail, the SERVICEBERICHT template with the task’s number, the stored report named; 422 before completion', async () => {
    const tech = await s.techniker();
    const { auftrag } = await s.auftrag(tech.technikerId);
    const offen = expectError(await c.call(endpoints.serviceberichtMailEntwurf, { as: 'admin', params: { id: auftrag.id } }), 422);
    expect(offen.errors.services[0]?.message).toContain('nicht abgeschlossen');

    const x = await abgeschlossen();
    await db.updateTable('adressen').set({ email: 'werkstatt@kunde.example' }).where('id', '=', x.adresse.id).execute();
    const entwurf = expectOk(await c.call(endpoints.serviceberichtMailEntwurf, { as: x.tech.as, params: { id: x.auftrag.id } })).result;
    expect(entwurf).toMatchObject({
      an: ['werkstatt@kunde.example'],
      cc: [],
      betreff: `Servicebericht ${x.auftrag.auftragsnummer}`,
      anhaenge: [{ name: `Abschlussbericht-${x.auftrag.auftragsnummer}.pdf` }],
      eingerichtet: true,
    });
    expect(entwurf.text).toContain(`Serviceauftrag ${x.auftrag.auftragsnummer}`);

    // without an e-mail on the address, its contact person's
    await db.updateTable('adressen').set({ email: null }).where('id', '=', x.adresse.id).execute();
    await db
      .insertInto('ansprechpartner')
      .values({ adresseId: x.adresse.id, name: 'Meier', email: 'meier@kunde.example' } as never)
      .execute();
    expect(expectOk(await c.call(endpoints.serviceberichtMailEntwurf, { as: 'admin', params: { id: x.auftrag.id } })).result.an).toEqual([
      'meier@kunde.example',
    ]);
  });

  it('sends the stored report byte for byte with the edited subject and text; a resend sends the same bytes; the change log names recipient and SHA-256', async () => {
    const x = await abgeschlossen();
    const bericht = await c.callRaw(endpoints.serviceAbschlussbericht, { as: 'admin', params: { id: x.auftrag.id } });
    expect(sha(bericht.rawPayload)).toBe(x.sha256);
    const senden = (betreff: string) =>
      c.call(endpoints.serviceberichtMailSenden, {
        as: x.tech.as,
        params: { id: x.auftrag.id },
        body: { data: { an: ['kunde@kunde.example'], cc: ['chef@kunde.example'], betreff, text: 'Anbei der Bericht.\nGrüße' } },
      });
    const res = await senden('Ihr Servicebericht – Wartung');
    expect(res.status).toBe(202);
    const [m] = await warte(
      () => mails(x.auftrag.id, x.tech.as),
      (l) => l[0]?.zustand === 'gesendet',
    );
    expect(m).toMatchObject({ quelle: 'servicebericht', quelleId: x.auftrag.id, an: ['kunde@kunde.example'], cc: ['chef@kunde.example'] });
    expect(m?.anhaenge).toEqual([{ name: `Abschlussbericht-${x.auftrag.auftragsnummer}.pdf`, sha256: x.sha256, groesse: bericht.rawPayload.length }]);
    const mail = smtp.empfangen.at(-1);
    expect(mail?.an.sort()).toEqual(['chef@kunde.example', 'kunde@kunde.example']);
    expect(kopf(mail?.raw ?? '', 'Subject')).toMatch(/Servicebericht/);
    const [anhang, ...mehr] = anhaenge(mail?.raw ?? '');
    expect(mehr).toEqual([]);
    expect(anhang?.name).toBe(`Abschlussbericht-${x.auftrag.auftragsnummer}.pdf`);
    expect(sha(anhang?.daten as Buffer)).toBe(x.sha256);

    expect((await senden('Noch einmal')).status).toBe(202);
    await warte(
      () => mails(x.auftrag.id),
      (l) => l.length === 2 && l.every((y) => y.zustand === 'gesendet'),
    );
    expect(sha(anhaenge(smtp.empfangen.at(-1)?.raw ?? '')[0]?.daten as Buffer)).toBe(x.sha256);
    const log = await db.selectFrom('protokoll').select('bemerkung').where('tabelle', '=', 'SVA').where('datensatzId', '=', x.auftrag.id).execute();
    expect(log.filter((l) => l.bemerkung?.includes(`SHA-256 ${x.sha256}`) && l.bemerkung.includes('kunde@kunde.example'))).toHaveLength(2);
  });

  it('a refusal changes nothing: an invalid address is a field error; before completion 422; another technician’s task 404; no SMTP server 422', async () => {
    const x = await abgeschlossen();
    const vorher = await db
      .selectFrom('mailAusgang')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const daten = { an: ['kein-adresse'], betreff: 'B', text: 'T' };
    const falsch = expectError(await c.call(endpoints.serviceberichtMailSenden, { as: 'admin', params: { id: x.auftrag.id }, body: { data: daten } }), 400);
    expect(falsch.errors.fieldErrors.an?.[0]).toContain('kein-adresse');
    const ok = { ...daten, an: ['a@b.example'] };
    const anderer = await s.techniker();
    expectError(await c.call(endpoints.serviceberichtMailSenden, { as: anderer.as, params: { id: x.auftrag.id }, body: { data: ok } }), 404);
    expectError(await c.call(endpoints.serviceberichtMailEntwurf, { as: anderer.as, params: { id: x.auftrag.id } }), 404);
    expectError(await c.call(endpoints.serviceberichtMails, { as: anderer.as, params: { id: x.auftrag.id } }), 404);
    const { auftrag: offen } = await s.auftrag(anderer.technikerId);
    expectError(await c.call(endpoints.serviceberichtMailSenden, { as: anderer.as, params: { id: offen.id }, body: { data: ok } }), 422);
    await db.updateTable('systemParameter').set({ wert: null }).where('name', '=', 'MAIL.SMTP_HOST').execute();
    try {
      expectError(await c.call(endpoints.serviceberichtMailSenden, { as: 'admin', params: { id: x.auftrag.id }, body: { data: ok } }), 422);
    } finally {
      await db.updateTable('systemParameter').set({ wert: '127.0.0.1' }).where('name', '=', 'MAIL.SMTP_HOST').execute();
    }
    const nachher = await db
      .selectFrom('mailAusgang')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(nachher.n)).toBe(Number(vorher.n));
  });
});
