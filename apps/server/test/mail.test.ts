import { endpoints, MessageCode } from '@vario/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { heute, plusTage } from '../src/lib/berlin-time';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';
import { anhaenge, type Empfangen, kopf, sha, TestSmtp, warte } from './smtp';

/**
 * Documents by e-mail (issue 24 items 8 and 9) against a real SMTP server in the test process (`smtp-server`): what
 * it receives is parsed here (recipients, subject, the attachment's bytes).
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const server = new TestSmtp();
/** The messages the test SMTP server received (the same array until the restart test replaces it). */
let empfangen: Empfangen[] = server.empfangen;
const smtpStarten = async (p = 0) => server.start(p);
const smtpStoppen = () => server.stop();
afterAll(smtpStoppen);

const mails = async (id: number) => expectOk(await c.call(endpoints.belegMails, { as: 'admin', params: { id } })).result;
const port = await smtpStarten();
expectOk(
  await c.call(endpoints.smtpSet, {
    as: 'admin',
    body: { data: { host: '127.0.0.1', port, sicherheit: 'keine', benutzer: null, passwort: 'geheim-123', absender: 'rechnung@firma.example' } },
  }),
);
// retries after 50 ms, 100 ms, 200 ms … instead of a minute
await db.updateTable('systemParameter').set({ wert: '50' }).where('name', '=', 'MAIL.WIEDERHOLUNG_MS').execute();

const kunde = await f.adresse({ email: 'buchhaltung@kunde.example' });

describe('e-mail settings and templates', () => {
  it('GET answers the SMTP settings without the password (only whether one is stored); only an administrator reads or changes them', async () => {
    const res = await c.call(endpoints.smtpGet, { as: 'admin' });
    expect(expectOk(res).result).toEqual({
      host: '127.0.0.1',
      port,
      sicherheit: 'keine',
      benutzer: null,
      passwortGesetzt: true,
      absender: 'rechnung@firma.example',
    });
    expect(res.raw.body).not.toContain('geheim-123');
    expectError(await c.call(endpoints.smtpGet, { as: 'buero' }), 403);
    expectError(await c.call(endpoints.smtpSet, { as: 'buero', body: { data: { host: 'x', port: 25, sicherheit: 'keine', absender: 'a@b.example' } } }), 403);
    const falsch = expectError(
      await c.call(endpoints.smtpSet, { as: 'admin', body: { data: { host: '127.0.0.1', port: 70000, sicherheit: 'keine', absender: 'kein-absender' } } }),
      400,
    );
    expect(Object.keys(falsch.errors.fieldErrors).join(' ')).toMatch(/port/);
    expect(Object.keys(falsch.errors.fieldErrors).join(' ')).toMatch(/absender/);
  });

  it('templates: seeded German defaults per kind; an edit shows in the next draft; an unknown placeholder is a field error and changes nothing', async () => {
    const liste = expectOk(await c.call(endpoints.mailVorlagen, { as: 'admin' })).result;
    expect(liste.map((v) => v.art)).toEqual(expect.arrayContaining(['0100', '0200', '0400', '0500', 'MAHNUNG', 'SERVICEBERICHT']));
    expect(liste.find((v) => v.art === '0400')?.betreff).toBe('Rechnung {belegnummer}');
    const falsch = expectError(
      await c.call(endpoints.mailVorlageSet, { as: 'admin', params: { art: '0100' }, body: { data: { betreff: 'Angebot {nummer}', text: 'x' } } }),
      400,
      MessageCode.validation,
    );
    expect(falsch.errors.fieldErrors.betreff?.[0]).toContain('{nummer}');
    expect(expectOk(await c.call(endpoints.mailVorlagen, { as: 'admin' })).result.find((v) => v.art === '0100')?.betreff).toBe('Angebot {belegnummer}');
    expectError(await c.call(endpoints.mailVorlageSet, { as: 'buero', params: { art: '0100' }, body: { data: { betreff: 'x', text: 'y' } } }), 403);

    expectOk(
      await c.call(endpoints.mailVorlageSet, {
        as: 'admin',
        params: { art: '0100' },
        body: { data: { betreff: 'Ihr Angebot {belegnummer} – {kundenname}', text: 'Summe {betrag}' } },
      }),
    );
    const angebot = await f.beleg({ belegart: '0100', adresseId: kunde.id });
    await f.position(angebot.id, { menge: 2, einzelpreis: 10.5, mwstSatz: 19 });
    const entwurf = expectOk(await c.call(endpoints.belegMailEntwurf, { as: 'buero', params: { id: angebot.id } })).result;
    const name = (await db.selectFrom('belege').select('adresseName').where('id', '=', angebot.id).executeTakeFirstOrThrow()).adresseName;
    expect(entwurf).toMatchObject({
      an: ['buchhaltung@kunde.example'],
      cc: [],
      betreff: `Ihr Angebot ${angebot.belegnummer} – ${name}`,
      text: 'Summe 24,99 €',
      anhaenge: [{ name: `${angebot.belegnummer}.pdf` }],
      eingerichtet: true,
    });
  });
});

describe('sending a document', () => {
  it('an invoice to a public customer goes to its e-invoice address as XRechnung XML with the document PDF beside it; a customer without e-invoices gets the PDF', async () => {
    const amt = await f.adresse({
      email: 'post@amt.example',
      plz: '30159',
      ort: 'Hannover',
      oeffentlich: true,
      erechnungFormat: 'xrechnung-cii',
      leitwegId: '04011000-1234512345-06',
      erechnungEmail: 'erechnung@amt.example',
    } as never);
    const op = await f.offenerPosten({ adresseId: amt.id, betrag: 119 });
    const id = op.belegId;
    const entwurf = expectOk(await c.call(endpoints.belegMailEntwurf, { as: 'buero', params: { id } })).result;
    expect(entwurf.an).toEqual(['erechnung@amt.example']);
    const res = await c.call(endpoints.belegMailSenden, {
      as: 'buero',
      params: { id },
      body: { data: { an: entwurf.an, betreff: entwurf.betreff, text: entwurf.text } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await warte(
      () => mails(id),
      (l) => l[0]?.zustand === 'gesendet',
    );
    const mail = empfangen.at(-1) as Empfangen;
    const [xml, pdf, ...mehr] = anhaenge(mail.raw);
    expect(mehr).toEqual([]);
    const cii = await c.callRaw(endpoints.belegERechnung, { as: 'buero', params: { id }, query: { format: 'xrechnung-cii' } });
    expect(sha(xml?.daten as Buffer)).toBe(sha(cii.rawPayload));
    expect(xml?.daten.toString('utf8')).toContain('04011000-1234512345-06');
    const dokument = await c.callRaw(endpoints.belegPdf, { as: 'buero', params: { id } });
    expect(sha(pdf?.daten as Buffer)).toBe(sha(dokument.rawPayload));

    const ohne = await f.adresse({ email: 'laden@ohne.example', erechnungFormat: 'keine' } as never);
    const op2 = await f.offenerPosten({ adresseId: ohne.id, betrag: 50 });
    expect(
      (
        await c.call(endpoints.belegMailSenden, {
          as: 'buero',
          params: { id: op2.belegId },
          body: { data: { an: ['laden@ohne.example'], betreff: 'R', text: 'T' } },
        })
      ).status,
    ).toBe(202);
    await warte(
      () => mails(op2.belegId),
      (l) => l[0]?.zustand === 'gesendet',
    );
    const [nur, ...weitere] = anhaenge((empfangen.at(-1) as Empfangen).raw);
    expect(weitere).toEqual([]);
    const dok2 = await c.callRaw(endpoints.belegPdf, { as: 'buero', params: { id: op2.belegId } });
    expect(sha(nur?.daten as Buffer)).toBe(sha(dok2.rawPayload));
  });

  it('an invoice: 202 with the outbox id, the SMTP server receives recipient, copy, subject and the PDF whose SHA-256 the history and the outbox name; the state becomes sent', async () => {
    const op = await f.offenerPosten({ adresseId: kunde.id, betrag: 238 });
    const id = op.belegId;
    const entwurf = expectOk(await c.call(endpoints.belegMailEntwurf, { as: 'buero', params: { id } })).result;
    expect(entwurf.betreff).toBe(`Rechnung ${op.rechnungsnummer}`);
    expect(entwurf.text).toContain('238,00 €');
    const vorher = empfangen.length;
    const res = await c.call(endpoints.belegMailSenden, {
      as: 'buero',
      params: { id },
      body: { data: { an: entwurf.an, cc: ['chef@kunde.example'], betreff: entwurf.betreff, text: `${entwurf.text}\nDanke!` } },
    });
    expect(res.status).toBe(202);
    const { id: mailId, zustand } = expectOk(res).result;
    expect(zustand).toBe('wartend');

    const [m] = await warte(
      () => mails(id),
      (l) => l[0]?.zustand === 'gesendet',
    );
    expect(m).toMatchObject({ id: mailId, quelle: 'beleg', quelleId: id, an: ['buchhaltung@kunde.example'], cc: ['chef@kunde.example'], versuche: 1 });
    expect(m?.letzteAntwort).toMatch(/^250/);
    expect(empfangen.length).toBe(vorher + 1);
    const mail = empfangen.at(-1) as Empfangen;
    expect(mail.an.sort()).toEqual(['buchhaltung@kunde.example', 'chef@kunde.example']);
    expect(kopf(mail.raw, 'Subject')).toBe(`Rechnung ${op.rechnungsnummer}`);
    expect(kopf(mail.raw, 'From')).toBe('rechnung@firma.example');
    // the customer receives e-invoices (the address's default: ZUGFeRD): the invoice goes as its stored ZUGFeRD PDF
    const [anhang, ...mehr] = anhaenge(mail.raw);
    expect(mehr).toEqual([]);
    expect(anhang?.daten.subarray(0, 5).toString()).toBe('%PDF-');
    expect(anhang?.daten.includes(Buffer.from('factur-x.xml'))).toBe(true);
    const hash = sha(anhang?.daten as Buffer);
    expect(m?.anhaenge).toEqual([{ name: anhang?.name, sha256: hash, groesse: anhang?.daten.length }]);
    // the same bytes the e-invoice download serves (stored on first delivery, GoBD)
    const zugferd = await c.callRaw(endpoints.belegERechnung, { as: 'buero', params: { id }, query: { format: 'zugferd' } });
    expect(zugferd.statusCode).toBe(200);
    expect(sha(zugferd.rawPayload)).toBe(hash);

    const historie = expectOk(await c.call(endpoints.belegHistorie, { as: 'buero', params: { id } })).result.filter((h) => h.art === 'E');
    expect(historie.map((h) => h.text).join('\n')).toContain(`SHA-256 ${hash}`);
    expect(historie.map((h) => h.text).join('\n')).toContain('buchhaltung@kunde.example');
    expect(historie.some((h) => h.text.startsWith(`E-Mail Nr. ${mailId} zugestellt`))).toBe(true);
  });

  it('a refusal changes nothing: an invalid address is a field error on an (no outbox row, no history row); a delivery note is not sent (422); rights', async () => {
    const op = await f.offenerPosten({ adresseId: kunde.id });
    const id = op.belegId;
    const zaehle = async () => ({
      mails: (
        await db
          .selectFrom('mailAusgang')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      historie: (
        await db
          .selectFrom('belegStatushistorie')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('belegId', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    });
    const vorher = await zaehle();
    const falsch = expectError(
      await c.call(endpoints.belegMailSenden, {
        as: 'buero',
        params: { id },
        body: { data: { an: ['kein.at.zeichen'], cc: ['ok@x.example', 'auch falsch@'], betreff: 'x', text: 'y' } },
      }),
      400,
      MessageCode.validation,
    );
    expect(falsch.errors.fieldErrors.an).toEqual(['Keine gültige E-Mail-Adresse: kein.at.zeichen']);
    expect(falsch.errors.fieldErrors.cc).toEqual(['Keine gültige E-Mail-Adresse: auch falsch@']);
    expectError(await c.call(endpoints.belegMailSenden, { as: 'buero', params: { id }, body: { data: { an: [], betreff: 'x', text: 'y' } } }), 400);
    expectError(await c.call(endpoints.belegMailSenden, { as: 'buero', params: { id }, body: { data: { an: ['a@b.example'], betreff: '', text: 'y' } } }), 400);

    const lieferschein = await f.beleg({ belegart: '0300', adresseId: kunde.id });
    expectError(await c.call(endpoints.belegMailEntwurf, { as: 'buero', params: { id: lieferschein.id } }), 422);
    expectError(
      await c.call(endpoints.belegMailSenden, {
        as: 'buero',
        params: { id: lieferschein.id },
        body: { data: { an: ['a@b.example'], betreff: 'x', text: 'y' } },
      }),
      422,
    );
    const ohne = await f.benutzer({ rechte: { BEK_AENDERN: false } });
    expectError(
      await c.call(endpoints.belegMailSenden, { as: ohne.anmeldename, params: { id }, body: { data: { an: ['a@b.example'], betreff: 'x', text: 'y' } } }),
      403,
    );
    const nichts = await f.benutzer({ rechte: { BEK_SEHEN: false } });
    expectError(await c.call(endpoints.belegMails, { as: nichts.anmeldename, params: { id } }), 403);
    expect(await zaehle()).toEqual(vorher);
  });

  it('a permanent refusal (550) fails the mail at once with the server’s answer, shown on the document', async () => {
    const op = await f.offenerPosten({ adresseId: kunde.id });
    const id = op.belegId;
    expectOk(
      await c.call(endpoints.belegMailSenden, { as: 'buero', params: { id }, body: { data: { an: ['niemand@abgelehnt.example'], betreff: 'x', text: 'y' } } }),
    );
    const [m] = await warte(
      () => mails(id),
      (l) => l[0]?.zustand === 'fehlgeschlagen',
    );
    expect(m?.versuche).toBe(1);
    expect(m?.letzteAntwort).toMatch(/550/);
    const historie = expectOk(await c.call(endpoints.belegHistorie, { as: 'buero', params: { id } })).result;
    expect(historie.some((h) => h.art === 'E' && h.text.includes('nicht zugestellt') && h.text.includes('550'))).toBe(true);
  });

  it('no SMTP server set up: the send is refused (422) and the draft says so', async () => {
    const op = await f.offenerPosten({ adresseId: kunde.id });
    await db.updateTable('systemParameter').set({ wert: null }).where('name', '=', 'MAIL.SMTP_HOST').execute();
    try {
      expect(expectOk(await c.call(endpoints.belegMailEntwurf, { as: 'buero', params: { id: op.belegId } })).result.eingerichtet).toBe(false);
      expectError(
        await c.call(endpoints.belegMailSenden, { as: 'buero', params: { id: op.belegId }, body: { data: { an: ['a@b.example'], betreff: 'x', text: 'y' } } }),
        422,
      );
      expect(await mails(op.belegId)).toEqual([]);
    } finally {
      await db.updateTable('systemParameter').set({ wert: '127.0.0.1' }).where('name', '=', 'MAIL.SMTP_HOST').execute();
    }
  });

  it('a dunning letter: the draft has the address’s e-mail and the MAHNUNG template, the letter’s PDF goes out, the change log records it', async () => {
    const mahnkunde = await f.adresse({ email: 'zahlung@saeumig.example' });
    await f.offenerPosten({ adresseId: mahnkunde.id, belegdatum: plusTage(heute(), -90) });
    const lauf = expectOk(await c.call(endpoints.mahnlauf, { as: 'buero', body: { data: { adresseIds: [mahnkunde.id] } } })).result;
    const id = lauf.adressen.find((a) => a.adresseId === mahnkunde.id)?.mahnschreibenId as number;
    expect(id).toBeGreaterThan(0);
    const entwurf = expectOk(await c.call(endpoints.mahnschreibenMailEntwurf, { as: 'buero', params: { id } })).result;
    expect(entwurf.an).toEqual(['zahlung@saeumig.example']);
    expect(entwurf.anhaenge[0]?.name).toMatch(/^Mahnung-.*\.pdf$/);
    const vorher = empfangen.length;
    const res = await c.call(endpoints.mahnschreibenMailSenden, {
      as: 'buero',
      params: { id },
      body: { data: { an: entwurf.an, betreff: entwurf.betreff, text: entwurf.text } },
    });
    expect(res.status).toBe(202);
    const [m] = await warte(
      async () => expectOk(await c.call(endpoints.mahnschreibenMails, { as: 'buero', params: { id } })).result,
      (l) => l[0]?.zustand === 'gesendet',
    );
    expect(empfangen.length).toBe(vorher + 1);
    const [anhang] = anhaenge((empfangen.at(-1) as Empfangen).raw);
    expect(anhang?.name).toBe(entwurf.anhaenge[0]?.name);
    expect(m?.anhaenge[0]?.sha256).toBe(sha(anhang?.daten as Buffer));
    const log = await db.selectFrom('protokoll').select('bemerkung').where('tabelle', '=', 'MAH').where('datensatzId', '=', id).execute();
    expect(log.map((l) => l.bemerkung).join(' ')).toContain(`SHA-256 ${m?.anhaenge[0]?.sha256}`);
  });

  it('the SMTP server stops mid-queue and the app restarts: every queued mail is delivered once when the server is back, none lost, none twice', async () => {
    await smtpStoppen();
    const belege = [];
    for (let i = 0; i < 3; i++) belege.push((await f.offenerPosten({ adresseId: kunde.id })).belegId);
    for (const id of belege) {
      const res = await c.call(endpoints.belegMailSenden, {
        as: 'buero',
        params: { id },
        body: { data: { an: [`k${id}@kunde.example`], betreff: `Beleg ${id}`, text: 'y' } },
      });
      expect(res.status).toBe(202);
    }
    // each was tried, refused by the missing server, and is waiting for its retry
    for (const id of belege) {
      const [m] = await warte(
        () => mails(id),
        (l) => (l[0]?.versuche ?? 0) >= 1 && l[0]?.letzteAntwort !== null,
      );
      expect(m?.zustand).toBe('wartend');
      expect(m?.letzteAntwort).toMatch(/ECONNREFUSED|connect/i);
    }
    // the server process goes down: the queue stays in the database
    await t.app.close();
    server.empfangen = [];
    empfangen = server.empfangen;
    await smtpStarten(port);
    const neu = await buildApp({ handle: t.handle, logger: false, parameterCacheMs: 0 });
    try {
      await neu.ready();
      for (const id of belege) {
        await warte(
          () => mails(id).catch(() => db.selectFrom('mailAusgang').select(['zustand']).where('belegId', '=', id).execute()),
          (l) => l[0]?.zustand === 'gesendet',
        );
      }
      await new Promise((r) => setTimeout(r, 300));
      const betreffe = empfangen.map((e) => kopf(e.raw, 'Subject'));
      for (const id of belege) expect(betreffe.filter((b) => b === `Beleg ${id}`)).toHaveLength(1);
      const ids = empfangen.map((e) => kopf(e.raw, 'Message-ID'));
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await neu.close();
    }
  });
});
