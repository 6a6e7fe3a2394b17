import { createHash } from 'node:crypto';
import { BELEGARTEN, belegartVon, type DatevEinstellungen, ZAHLUNG_SKONTO, ZAHLUNG_STORNO } from '@vario/contract';
import { zipSync } from 'fflate';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';
import { formatDatum } from '../../lib/format-de';
import type { Actor } from '../../lib/locks';
import { typName } from '../belege/belege.core';
import { datevLesen, debitorKonto, kundenStart } from './datev.einstellungen';
import {
  BUCHUNGSSTAPEL_SPALTEN,
  betrag,
  DEBITOREN_LAENGEN,
  DEBITOREN_SPALTEN,
  datei,
  feldFehler,
  kopfzeile,
  LAENGEN,
  SP,
  ttmm,
  ttmmjjjj,
  txt,
  type Zelle,
  zeile,
} from './datev.format';

/**
 * The DATEV Buchungsstapel (issue 24 items 10–12).
 *
 * Postings, each exported once (`datevExportPosten`, unique per posting):
 * - B: a booked invoice, credit note or cancellation document, one row per VAT rate of its breakdown: the gross amount
 *   of the rate, Konto the customer's debtor account, Gegenkonto the revenue account of the rate (automatic accounts:
 *   DATEV splits the VAT; no BU key unless the settings give one). S when it raises the receivable (invoice,
 *   cancellation of a credit note), H when it lowers it (credit note, cancellation of an invoice): the type's open-item
 *   sign (the cancelled type's for a cancellation document) times the sign of the amount. Belegfeld 1 the document
 *   number, Leistungsdatum the delivery date (else the document date), Fälligkeit the open item's net due date.
 * - Z: a payment, cash discount or reversal on an open item: Konto bank (cash for 'Bar', the discount account for a
 *   discount and its reversal), Gegenkonto the debtor, S for money in; Belegfeld 1 the invoice number (DATEV's open
 *   item matching clears it). Settlements of a cancellation ('Verrechnung') move nothing and are left out.
 * - G: the credit an overpayment left (the surplus of the payment beyond the open amount), bank against debtor.
 * A period is split into calendar months, one file each; several months are zipped.
 */

const VERKAUF_OP = [BELEGARTEN.rechnung.belegart, BELEGARTEN.gutschrift.belegart, BELEGARTEN.stornorechnung.belegart];

interface Buchung {
  quelle: 'B' | 'Z' | 'G';
  quelleId: number;
  datum: string;
  zellen: Zelle[];
}

/** The months of a period: [first day, last day] within it. */
export function monate(von: string, bis: string): { monat: string; von: string; bis: string }[] {
  const out: { monat: string; von: string; bis: string }[] = [];
  let y = Number(von.slice(0, 4));
  let m = Number(von.slice(5, 7));
  for (;;) {
    const monat = `${y}-${String(m).padStart(2, '0')}`;
    if (monat > bis.slice(0, 7)) break;
    const letzter = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const a = `${monat}-01`;
    const e = `${monat}-${String(letzter).padStart(2, '0')}`;
    out.push({ monat, von: a < von ? von : a, bis: e > bis ? bis : e });
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** The first day of the fiscal year a day falls in (start month from PFA.WIRTSCHAFTSJAHRBEGINN). */
export function wjBeginn(tag: string, startMonat: number): string {
  const y = Number(tag.slice(0, 4));
  const m = Number(tag.slice(5, 7));
  return `${m >= startMonat ? y : y - 1}-${String(startMonat).padStart(2, '0')}-01`;
}

function zellen(werte: Partial<Record<keyof typeof SP, Zelle>>): Zelle[] {
  const z: Zelle[] = new Array(BUCHUNGSSTAPEL_SPALTEN.length).fill(undefined);
  for (const [k, v] of Object.entries(werte)) z[SP[k as keyof typeof SP]] = v;
  return z;
}

interface Sammlung {
  buchungen: Buchung[];
  fehler: string[];
}

const pruefe = (s: Sammlung, wo: string, felder: [string, string | null | undefined][]) => {
  for (const [feld, wert] of felder) {
    if (wert === null || wert === undefined) continue;
    const f = feldFehler(feld, wert, LAENGEN[feld], wo);
    if (f) s.fehler.push(f);
  }
};

async function belegBuchungen(trx: Db, e: DatevEinstellungen, start: number, von: string, bis: string, alle: boolean, s: Sammlung) {
  let q = trx
    .selectFrom('belege as b')
    .innerJoin('adressen as a', 'a.id', 'b.adresseId')
    .leftJoin('belege as o', 'o.id', 'b.stornoVonId')
    .select([
      'b.id',
      'b.belegart',
      'b.belegnummer',
      'b.belegdatum',
      'b.liefertermin',
      'b.mwstAufteilung',
      'b.betragBrutto',
      'b.endbetragNetto',
      'b.mwstBetrag',
      'o.belegart as originalArt',
      'a.kundennummer',
      'a.name1',
      (eb) =>
        eb
          .selectFrom('offenePosten as op')
          .select((x) => x.fn.min('op.nettoFaellig').as('f'))
          .whereRef('op.belegId', '=', 'b.id')
          .as('faellig'),
    ])
    .where('b.belegart', 'in', VERKAUF_OP)
    .where('b.gebuchtAm', 'is not', null)
    .where('b.belegdatum', '>=', von)
    .where('b.belegdatum', '<=', bis);
  if (!alle)
    q = q.where((eb) =>
      eb.not(eb.exists(eb.selectFrom('datevExportPosten as x').select('x.id').where('x.quelle', '=', 'B').whereRef('x.quelleId', '=', 'b.id'))),
    );
  const rows = await q.orderBy('b.belegdatum').orderBy('b.id').execute();
  const erloese = new Map(e.konten.erloese.map((k) => [k.satz, k]));
  for (const b of rows) {
    const wo = `${typName(b.belegart)} ${b.belegnummer} vom ${formatDatum(b.belegdatum)}`;
    const deb = debitorKonto(e, start, { kundennummer: b.kundennummer, name: b.name1 });
    if ('fehler' in deb) {
      s.fehler.push(`${wo}: ${deb.fehler}`);
      continue;
    }
    const vorzeichen = belegartVon(b.originalArt ?? b.belegart)?.effekte.offenerPosten ?? 1;
    let teile = (b.mwstAufteilung ? (JSON.parse(b.mwstAufteilung) as { satz: number; netto: number; mwst: number }[]) : []).map((t) => ({
      satz: Number(t.satz),
      brutto: Number(t.netto) + Number(t.mwst),
    }));
    if (!teile.length) {
      const netto = Number(b.endbetragNetto);
      const satz = netto ? Math.round((Number(b.mwstBetrag) * 10000) / netto) : 0;
      teile = [{ satz, brutto: Number(b.betragBrutto) }];
    }
    const text = `${typName(b.belegart)} ${b.belegnummer}`;
    pruefe(s, wo, [
      ['Belegfeld 1', b.belegnummer],
      ['Buchungstext', text],
    ]);
    for (const t of teile) {
      if (t.brutto === 0) continue;
      const k = erloese.get(t.satz);
      if (!k) {
        s.fehler.push(`${wo}: für den Steuersatz ${t.satz / 100} % ist kein Erlöskonto eingestellt (DATEV-Einstellungen)`);
        continue;
      }
      const soll = vorzeichen * Math.sign(t.brutto) > 0;
      s.buchungen.push({
        quelle: 'B',
        quelleId: b.id,
        datum: b.belegdatum,
        zellen: zellen({
          umsatz: betrag(t.brutto),
          sh: txt(soll ? 'S' : 'H'),
          wkz: txt('EUR'),
          konto: deb.konto,
          gegenkonto: k.konto,
          bu: txt(k.buSchluessel ?? ''),
          belegdatum: ttmm(b.belegdatum),
          belegfeld1: txt(b.belegnummer),
          buchungstext: txt(text),
          leistungsdatum: ttmmjjjj(b.liefertermin ?? b.belegdatum),
          faelligkeit: b.faellig ? ttmmjjjj(String(b.faellig)) : undefined,
        }),
      });
    }
  }
}

async function zahlungBuchungen(trx: Db, e: DatevEinstellungen, start: number, von: string, bis: string, alle: boolean, s: Sammlung) {
  let q = trx
    .selectFrom('offenePostenZahlungen as z')
    .innerJoin('offenePosten as op', 'op.id', 'z.offenerPostenId')
    .innerJoin('adressen as a', 'a.id', 'op.adresseId')
    .leftJoin('offenePostenZahlungen as oz', 'oz.id', 'z.stornoVonId')
    .select([
      'z.id',
      'z.zahlungPer',
      'z.zahlungsBetrag',
      'z.zahlungsDatum',
      'z.auszug',
      'oz.zahlungPer as originalPer',
      'op.rechnungsnummer',
      'a.kundennummer',
      'a.name1',
    ])
    .where('z.zahlungPer', '!=', 'Verrechnung')
    .where('z.zahlungsDatum', '>=', von)
    .where('z.zahlungsDatum', '<=', bis);
  if (!alle)
    q = q.where((eb) =>
      eb.not(eb.exists(eb.selectFrom('datevExportPosten as x').select('x.id').where('x.quelle', '=', 'Z').whereRef('x.quelleId', '=', 'z.id'))),
    );
  const rows = await q.orderBy('z.zahlungsDatum').orderBy('z.id').execute();
  for (const z of rows) {
    const art = z.zahlungPer === ZAHLUNG_STORNO ? (z.originalPer ?? 'Überweisung') : z.zahlungPer;
    const wo = `Zahlung Nr. ${z.id} vom ${formatDatum(z.zahlungsDatum)} zu ${z.rechnungsnummer}`;
    const deb = debitorKonto(e, start, { kundennummer: z.kundennummer, name: z.name1 });
    if ('fehler' in deb) {
      s.fehler.push(`${wo}: ${deb.fehler}`);
      continue;
    }
    const cents = Number(z.zahlungsBetrag);
    if (cents === 0) continue;
    const konto = art === ZAHLUNG_SKONTO ? e.konten.skonto : art === 'Bar' ? e.konten.kasse : e.konten.bank;
    const was = z.zahlungPer === ZAHLUNG_STORNO ? 'Storno' : art === ZAHLUNG_SKONTO ? 'Skonto' : 'Zahlung';
    const text = `${was} ${z.rechnungsnummer}`;
    pruefe(s, wo, [
      ['Belegfeld 1', z.rechnungsnummer],
      ['Buchungstext', text],
      ['Beleginfo - Inhalt 1', z.auszug],
    ]);
    s.buchungen.push({
      quelle: 'Z',
      quelleId: z.id,
      datum: z.zahlungsDatum,
      zellen: zellen({
        umsatz: betrag(cents),
        sh: txt(cents > 0 ? 'S' : 'H'),
        wkz: txt('EUR'),
        konto,
        gegenkonto: deb.konto,
        bu: txt(''),
        belegdatum: ttmm(z.zahlungsDatum),
        belegfeld1: txt(z.rechnungsnummer),
        buchungstext: txt(text),
        ...(z.auszug ? { beleginfoArt1: txt('Auszug'), beleginfoInhalt1: txt(z.auszug) } : {}),
      }),
    });
  }
}

async function guthabenBuchungen(trx: Db, e: DatevEinstellungen, start: number, von: string, bis: string, alle: boolean, s: Sammlung) {
  let q = trx
    .selectFrom('offenePosten as op')
    .innerJoin('adressen as a', 'a.id', 'op.adresseId')
    .leftJoin('offenePostenZahlungen as z', 'z.id', 'op.zahlungId')
    .select(['op.id', 'op.rechnungsBetrag', 'op.rechnungsdatum', 'op.rechnungsnummer', 'z.zahlungPer', 'a.kundennummer', 'a.name1'])
    .where('op.opvArt', '=', 'GH')
    .where('op.zahlungId', 'is not', null)
    .where('op.rechnungsdatum', '>=', von)
    .where('op.rechnungsdatum', '<=', bis);
  if (!alle)
    q = q.where((eb) =>
      eb.not(eb.exists(eb.selectFrom('datevExportPosten as x').select('x.id').where('x.quelle', '=', 'G').whereRef('x.quelleId', '=', 'op.id'))),
    );
  for (const g of await q.orderBy('op.rechnungsdatum').orderBy('op.id').execute()) {
    const wo = `Guthaben aus Überzahlung zu ${g.rechnungsnummer} vom ${formatDatum(g.rechnungsdatum)}`;
    const deb = debitorKonto(e, start, { kundennummer: g.kundennummer, name: g.name1 });
    if ('fehler' in deb) {
      s.fehler.push(`${wo}: ${deb.fehler}`);
      continue;
    }
    const cents = -Number(g.rechnungsBetrag);
    if (cents === 0) continue;
    const text = `Überzahlung ${g.rechnungsnummer}`;
    pruefe(s, wo, [
      ['Belegfeld 1', g.rechnungsnummer],
      ['Buchungstext', text],
    ]);
    s.buchungen.push({
      quelle: 'G',
      quelleId: g.id,
      datum: g.rechnungsdatum,
      zellen: zellen({
        umsatz: betrag(cents),
        sh: txt(cents > 0 ? 'S' : 'H'),
        wkz: txt('EUR'),
        konto: g.zahlungPer === 'Bar' ? e.konten.kasse : e.konten.bank,
        gegenkonto: deb.konto,
        bu: txt(''),
        belegdatum: ttmm(g.rechnungsdatum),
        belegfeld1: txt(g.rechnungsnummer),
        buchungstext: txt(text),
      }),
    });
  }
}

export interface ExportErgebnis {
  id: number;
  dateiname: string;
  mimeType: string;
  daten: Buffer;
  sha256: string;
  zeilen: number;
}

async function pruefeEinstellungen(e: DatevEinstellungen) {
  const fehlt = [e.beraternummer === null ? 'Beraternummer' : null, e.mandantennummer === null ? 'Mandantennummer' : null].filter(Boolean);
  if (fehlt.length)
    throw unprocessable(
      `In den DATEV-Einstellungen fehlt: ${fehlt.join(', ')}`,
      Object.fromEntries(fehlt.map((f) => [String(f).toLowerCase(), ['Pflichtfeld']])),
    );
}

async function kuerzel(trx: Db, actor: Actor) {
  return (await trx.selectFrom('benutzer').select('kuerzel').where('id', '=', actor.id).executeTakeFirst())?.kuerzel ?? '';
}

const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

async function protokolliere(
  trx: Db,
  actor: Actor,
  art: 'buchungsstapel' | 'debitoren',
  von: string,
  bis: string,
  opts: { test: boolean; wiederholen: boolean },
  dateiname: string,
  mimeType: string,
  daten: Buffer,
  zeilen: number,
) {
  const hash = sha256(daten);
  const row = await trx
    .insertInto('datevExporte')
    .values({
      art,
      von,
      bis,
      test: opts.test,
      wiederholung: opts.wiederholen,
      dateiname,
      mimeType,
      zeilen,
      sha256: hash,
      daten,
      benutzerId: actor.id,
      erstelltAm: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, sha256: hash };
}

/**
 * Builds the Buchungsstapel of a period in the caller's transaction: every row checked first (422 listing each
 * problem, nothing written), then the files, the log entry and — unless a test — the postings marked exported.
 */
export async function buchungsstapel(trx: Db, actor: Actor, q: { von: string; bis: string; test: boolean; wiederholen: boolean }): Promise<ExportErgebnis> {
  const e = await datevLesen(trx);
  await pruefeEinstellungen(e);
  const start = await kundenStart(trx);
  const s: Sammlung = { buchungen: [], fehler: [] };
  await belegBuchungen(trx, e, start, q.von, q.bis, q.wiederholen, s);
  await zahlungBuchungen(trx, e, start, q.von, q.bis, q.wiederholen, s);
  await guthabenBuchungen(trx, e, start, q.von, q.bis, q.wiederholen, s);
  if (s.fehler.length) {
    const liste = s.fehler.slice(0, 50);
    throw unprocessable(`DATEV-Export nicht möglich (${s.fehler.length} ${s.fehler.length === 1 ? 'Problem' : 'Probleme'}): ${liste.join(' · ')}`, {
      buchungen: liste,
    });
  }
  const wer = await kuerzel(trx, actor);
  const erzeugtAm = new Date();
  const heading = zeile(BUCHUNGSSTAPEL_SPALTEN.map((t) => ({ t })));
  const dateien: { name: string; daten: Buffer }[] = [];
  const zusatz = q.test ? '_TEST' : '';
  for (const m of monate(q.von, q.bis)) {
    const imMonat = s.buchungen.filter((b) => b.datum >= m.von && b.datum <= m.bis);
    const kopf = kopfzeile({
      kategorie: 21,
      formatname: 'Buchungsstapel',
      formatversion: 13,
      erzeugtAm,
      exportiertVon: wer,
      berater: e.beraternummer as number,
      mandant: e.mandantennummer as number,
      wjBeginn: wjBeginn(m.von, e.wirtschaftsjahrBeginn),
      sachkontenlaenge: e.sachkontenlaenge,
      von: m.von,
      bis: m.bis,
      bezeichnung: `Buchungsstapel ${m.monat}${q.test ? ' Test' : ''}`,
      skr: e.kontenrahmen === 'SKR04' ? '04' : '03',
    });
    dateien.push({ name: `EXTF_Buchungsstapel_${m.monat}${zusatz}.csv`, daten: datei([kopf, heading, ...imMonat.map((b) => zeile(b.zellen))]) });
  }
  const einzeln = dateien.length === 1 ? dateien[0] : undefined;
  const dateiname = einzeln ? einzeln.name : `DATEV_Buchungsstapel_${q.von}_${q.bis}${zusatz}.zip`;
  const mimeType = einzeln ? 'text/csv; charset=windows-1252' : 'application/zip';
  const daten = einzeln ? einzeln.daten : Buffer.from(zipSync(Object.fromEntries(dateien.map((d) => [d.name, d.daten])), { level: 6, mtime: erzeugtAm }));
  const log = await protokolliere(trx, actor, 'buchungsstapel', q.von, q.bis, q, dateiname, mimeType, daten, s.buchungen.length);
  if (!q.test) {
    const neu = new Map<string, { quelle: string; quelleId: number }>();
    for (const b of s.buchungen) neu.set(`${b.quelle}${b.quelleId}`, { quelle: b.quelle, quelleId: b.quelleId });
    const werte = [...neu.values()].map((p) => ({ exportId: log.id, ...p }));
    for (let i = 0; i < werte.length; i += 500) {
      const teil = trx.insertInto('datevExportPosten').values(werte.slice(i, i + 500));
      // a repeat marks what was not marked yet; a normal export marks only unmarked postings, so a conflict means a
      // parallel export took them: the unique index refuses (409) and this export changes nothing
      await (q.wiederholen ? teil.onConflict((oc) => oc.columns(['quelle', 'quelleId']).doNothing()) : teil).execute();
    }
  }
  return { id: log.id, dateiname, mimeType, daten, sha256: log.sha256, zeilen: s.buchungen.length };
}

/** The customers as DATEV master data (category 16): debtor account, name, address, contact. */
export async function debitoren(trx: Db, actor: Actor): Promise<ExportErgebnis> {
  const e = await datevLesen(trx);
  await pruefeEinstellungen(e);
  const start = await kundenStart(trx);
  const rows = await trx
    .selectFrom('adressen')
    .select(['id', 'kundennummer', 'name1', 'kurzname', 'strasse', 'plz', 'ort', 'lkz', 'telefon', 'email', 'website', 'fax'])
    .where('kundennummer', 'is not', null)
    .orderBy('kundennummer')
    .execute();
  const fehler: string[] = [];
  const zeilen: string[] = [];
  const idx = (name: (typeof DEBITOREN_SPALTEN)[number]) => DEBITOREN_SPALTEN.indexOf(name);
  for (const a of rows) {
    const wo = `Adresse ${a.name1} (Kunde ${a.kundennummer})`;
    const deb = debitorKonto(e, start, { kundennummer: a.kundennummer, name: a.name1 });
    if ('fehler' in deb) {
      fehler.push(deb.fehler);
      continue;
    }
    const lkz = a.lkz && a.lkz.length === 2 ? a.lkz : a.lkz ? null : 'DE';
    const werte: [(typeof DEBITOREN_SPALTEN)[number], string | null][] = [
      ['Name (Adressatentyp Unternehmen)', a.name1],
      ['Kurzbezeichnung', a.kurzname],
      ['Straße', a.strasse],
      ['Postleitzahl', a.plz],
      ['Ort', a.ort],
      ['Land', lkz],
      ['Telefon', a.telefon],
      ['E-Mail', a.email],
      ['Internet', a.website],
      ['Fax', a.fax],
    ];
    const z: Zelle[] = new Array(DEBITOREN_SPALTEN.length).fill(undefined);
    z[idx('Konto')] = deb.konto;
    z[idx('Adressatentyp')] = txt('2');
    z[idx('Adressart')] = txt('STR');
    for (const [feld, wert] of werte) {
      if (wert === null || wert === '') continue;
      const f = feldFehler(feld, wert, DEBITOREN_LAENGEN[feld], wo);
      if (f) fehler.push(f);
      z[idx(feld)] = txt(wert);
    }
    zeilen.push(zeile(z));
  }
  if (fehler.length) {
    const liste = fehler.slice(0, 50);
    throw unprocessable(`DATEV-Export nicht möglich (${fehler.length} ${fehler.length === 1 ? 'Problem' : 'Probleme'}): ${liste.join(' · ')}`, {
      adressen: liste,
    });
  }
  const heute = nowIso().slice(0, 10);
  const kopf = kopfzeile({
    kategorie: 16,
    formatname: 'Debitoren/Kreditoren',
    formatversion: 5,
    erzeugtAm: new Date(),
    exportiertVon: await kuerzel(trx, actor),
    berater: e.beraternummer as number,
    mandant: e.mandantennummer as number,
    wjBeginn: wjBeginn(heute, e.wirtschaftsjahrBeginn),
    sachkontenlaenge: e.sachkontenlaenge,
    von: null,
    bis: null,
    bezeichnung: 'Debitoren',
    skr: e.kontenrahmen === 'SKR04' ? '04' : '03',
  });
  const daten = datei([kopf, zeile(DEBITOREN_SPALTEN.map((t) => ({ t }))), ...zeilen]);
  const dateiname = `EXTF_Debitoren_${heute}.csv`;
  const mimeType = 'text/csv; charset=windows-1252';
  const log = await protokolliere(trx, actor, 'debitoren', heute, heute, { test: false, wiederholen: false }, dateiname, mimeType, daten, zeilen.length);
  return { id: log.id, dateiname, mimeType, daten, sha256: log.sha256, zeilen: zeilen.length };
}

/** The export log, newest first. */
export function exporteListe(db: Db) {
  return db
    .selectFrom('datevExporte')
    .leftJoin('benutzer', 'benutzer.id', 'datevExporte.benutzerId')
    .select([
      'datevExporte.id',
      'datevExporte.art',
      'datevExporte.von',
      'datevExporte.bis',
      'datevExporte.test',
      'datevExporte.wiederholung',
      'datevExporte.dateiname',
      'datevExporte.zeilen',
      'datevExporte.sha256',
      'benutzer.name as benutzer',
      'datevExporte.erstelltAm',
    ]);
}
