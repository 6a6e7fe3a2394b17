import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BELEGARTEN, belegartVon, type DatevEinstellungen, MessageCode, ZAHLUNG_SKONTO, ZAHLUNG_STORNO } from '@vario/contract';
import { Zip, ZipDeflate } from 'fflate';
import iconv from 'iconv-lite';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { ApiError, unprocessable } from '../../lib/errors';
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

/** What a run reads with: the settings, the first customer number, the revenue accounts by rate, and the problems found. */
interface Lauf {
  e: DatevEinstellungen;
  start: number;
  /** A repeat: postings already exported are read too. */
  alle: boolean;
  erloese: Map<number, DatevEinstellungen['konten']['erloese'][number]>;
  fehler: string[];
}

/** Rows read per query: a query holds the (SQLite) connection for a few milliseconds, other requests run between them. */
export const DATEV_BATCH = 1000;

const pruefe = (l: Lauf, wo: string, felder: [string, string | null | undefined][]) => {
  for (const [feld, wert] of felder) {
    if (wert === null || wert === undefined) continue;
    const f = feldFehler(feld, wert, LAENGEN[feld], wo);
    if (f) l.fehler.push(f);
  }
};

/** Keyset position after the last row of a batch: its date and id. */
type Nach = { d: string; id: number } | null;

async function* belegBuchungen(db: Db, l: Lauf, von: string, bis: string): AsyncGenerator<Buchung[]> {
  let nach: Nach = null;
  for (;;) {
    let q = db
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
    const n = nach;
    if (n) q = q.where((eb) => eb.or([eb('b.belegdatum', '>', n.d), eb.and([eb('b.belegdatum', '=', n.d), eb('b.id', '>', n.id)])]));
    if (!l.alle)
      q = q.where((eb) =>
        eb.not(eb.exists(eb.selectFrom('datevExportPosten as x').select('x.id').where('x.quelle', '=', 'B').whereRef('x.quelleId', '=', 'b.id'))),
      );
    const rows = await q.orderBy('b.belegdatum').orderBy('b.id').limit(DATEV_BATCH).execute();
    const out: Buchung[] = [];
    for (const b of rows) {
      const wo = `${typName(b.belegart)} ${b.belegnummer} vom ${formatDatum(b.belegdatum)}`;
      const deb = debitorKonto(l.e, l.start, { kundennummer: b.kundennummer, name: b.name1 });
      if ('fehler' in deb) {
        l.fehler.push(`${wo}: ${deb.fehler}`);
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
      pruefe(l, wo, [
        ['Belegfeld 1', b.belegnummer],
        ['Buchungstext', text],
      ]);
      for (const t of teile) {
        if (t.brutto === 0) continue;
        const k = l.erloese.get(t.satz);
        if (!k) {
          l.fehler.push(`${wo}: für den Steuersatz ${t.satz / 100} % ist kein Erlöskonto eingestellt (DATEV-Einstellungen)`);
          continue;
        }
        const soll = vorzeichen * Math.sign(t.brutto) > 0;
        out.push({
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
    yield out;
    const last = rows.at(-1);
    if (!last || rows.length < DATEV_BATCH) return;
    nach = { d: last.belegdatum, id: last.id };
  }
}

async function* zahlungBuchungen(db: Db, l: Lauf, von: string, bis: string): AsyncGenerator<Buchung[]> {
  let nach: Nach = null;
  for (;;) {
    let q = db
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
    const n = nach;
    if (n) q = q.where((eb) => eb.or([eb('z.zahlungsDatum', '>', n.d), eb.and([eb('z.zahlungsDatum', '=', n.d), eb('z.id', '>', n.id)])]));
    if (!l.alle)
      q = q.where((eb) =>
        eb.not(eb.exists(eb.selectFrom('datevExportPosten as x').select('x.id').where('x.quelle', '=', 'Z').whereRef('x.quelleId', '=', 'z.id'))),
      );
    const rows = await q.orderBy('z.zahlungsDatum').orderBy('z.id').limit(DATEV_BATCH).execute();
    const out: Buchung[] = [];
    for (const z of rows) {
      const art = z.zahlungPer === ZAHLUNG_STORNO ? (z.originalPer ?? 'Überweisung') : z.zahlungPer;
      const wo = `Zahlung Nr. ${z.id} vom ${formatDatum(z.zahlungsDatum)} zu ${z.rechnungsnummer}`;
      const deb = debitorKonto(l.e, l.start, { kundennummer: z.kundennummer, name: z.name1 });
      if ('fehler' in deb) {
        l.fehler.push(`${wo}: ${deb.fehler}`);
        continue;
      }
      const cents = Number(z.zahlungsBetrag);
      if (cents === 0) continue;
      const konto = art === ZAHLUNG_SKONTO ? l.e.konten.skonto : art === 'Bar' ? l.e.konten.kasse : l.e.konten.bank;
      const was = z.zahlungPer === ZAHLUNG_STORNO ? 'Storno' : art === ZAHLUNG_SKONTO ? 'Skonto' : 'Zahlung';
      const text = `${was} ${z.rechnungsnummer}`;
      pruefe(l, wo, [
        ['Belegfeld 1', z.rechnungsnummer],
        ['Buchungstext', text],
        ['Beleginfo - Inhalt 1', z.auszug],
      ]);
      out.push({
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
    yield out;
    const last = rows.at(-1);
    if (!last || rows.length < DATEV_BATCH) return;
    nach = { d: last.zahlungsDatum, id: last.id };
  }
}

async function* guthabenBuchungen(db: Db, l: Lauf, von: string, bis: string): AsyncGenerator<Buchung[]> {
  let nach: Nach = null;
  for (;;) {
    let q = db
      .selectFrom('offenePosten as op')
      .innerJoin('adressen as a', 'a.id', 'op.adresseId')
      .leftJoin('offenePostenZahlungen as z', 'z.id', 'op.zahlungId')
      .select(['op.id', 'op.rechnungsBetrag', 'op.rechnungsdatum', 'op.rechnungsnummer', 'z.zahlungPer', 'a.kundennummer', 'a.name1'])
      .where('op.opvArt', '=', 'GH')
      .where('op.zahlungId', 'is not', null)
      .where('op.rechnungsdatum', '>=', von)
      .where('op.rechnungsdatum', '<=', bis);
    const n = nach;
    if (n) q = q.where((eb) => eb.or([eb('op.rechnungsdatum', '>', n.d), eb.and([eb('op.rechnungsdatum', '=', n.d), eb('op.id', '>', n.id)])]));
    if (!l.alle)
      q = q.where((eb) =>
        eb.not(eb.exists(eb.selectFrom('datevExportPosten as x').select('x.id').where('x.quelle', '=', 'G').whereRef('x.quelleId', '=', 'op.id'))),
      );
    const rows = await q.orderBy('op.rechnungsdatum').orderBy('op.id').limit(DATEV_BATCH).execute();
    const out: Buchung[] = [];
    for (const g of rows) {
      const wo = `Guthaben aus Überzahlung zu ${g.rechnungsnummer} vom ${formatDatum(g.rechnungsdatum)}`;
      const deb = debitorKonto(l.e, l.start, { kundennummer: g.kundennummer, name: g.name1 });
      if ('fehler' in deb) {
        l.fehler.push(`${wo}: ${deb.fehler}`);
        continue;
      }
      const cents = -Number(g.rechnungsBetrag);
      if (cents === 0) continue;
      const text = `Überzahlung ${g.rechnungsnummer}`;
      pruefe(l, wo, [
        ['Belegfeld 1', g.rechnungsnummer],
        ['Buchungstext', text],
      ]);
      out.push({
        quelle: 'G',
        quelleId: g.id,
        datum: g.rechnungsdatum,
        zellen: zellen({
          umsatz: betrag(cents),
          sh: txt(cents > 0 ? 'S' : 'H'),
          wkz: txt('EUR'),
          konto: g.zahlungPer === 'Bar' ? l.e.konten.kasse : l.e.konten.bank,
          gegenkonto: deb.konto,
          bu: txt(''),
          belegdatum: ttmm(g.rechnungsdatum),
          belegfeld1: txt(g.rechnungsnummer),
          buchungstext: txt(text),
        }),
      });
    }
    yield out;
    const last = rows.at(-1);
    if (!last || rows.length < DATEV_BATCH) return;
    nach = { d: last.rechnungsdatum, id: last.id };
  }
}

/** The postings of a period in batches: documents, then payments, then credits from overpayments. */
async function* buchungen(db: Db, l: Lauf, von: string, bis: string): AsyncGenerator<Buchung[]> {
  yield* belegBuchungen(db, l, von, bis);
  yield* zahlungBuchungen(db, l, von, bis);
  yield* guthabenBuchungen(db, l, von, bis);
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
  hash = sha256(daten),
) {
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

/** Buchungsstapel exports running at once on this instance; one more answers 503 with Retry-After (bounded work). */
export const MAX_DATEV_EXPORTE = 1;
let laufend = 0;
/** How many Buchungsstapel exports are running now (tests, bench). */
export const laufendeDatevExporte = () => laufend;

/** Gives the event loop to other requests between batches (the SQLite driver answers synchronously). */
const pause = () => new Promise<void>((r) => setImmediate(r));

/** Pieces of the stored file (`datevExportTeile`): at most this many bytes each. */
const TEIL_BYTES = 1 << 20;

/** A Buchungsstapel ready to stream: checked, its postings known; `stream` writes the file and logs it at its end. */
export interface StapelStrom {
  dateiname: string;
  mimeType: string;
  zeilen: number;
  stream: Readable;
  /** Resolves with the log entry once the export is committed (rejects when it was not). */
  fertig: Promise<{ id: number; sha256: string }>;
}

/**
 * The Buchungsstapel of a period, streamed (issue 24 items 10–12, 14).
 *
 * 1. Checked first: every posting of the period is read in keyset batches (`DATEV_BATCH`, the event loop free between
 *    them) and validated — settings, debtor accounts, revenue accounts, field lengths, Windows-1252. Any problem is a
 *    422 listing them before a byte is sent; the postings that passed are remembered by id.
 * 2. Streamed: month by month the postings are read again in batches, written as DATEV lines, encoded to
 *    Windows-1252 by iconv-lite's streaming encoder, and — for several months — zipped by fflate's streaming `Zip`.
 *    Each piece goes to the answer (with backpressure) and to a temporary file, and into the SHA-256. Memory holds a
 *    batch, not the file. A posting that was not there in step 1 (booked meanwhile) waits for the next export.
 * 3. Logged in one transaction at the end: the log row, the file's bytes (`datevExportTeile`, read back from the
 *    temporary file) and — unless a test — the postings marked exported. The answer's last piece is held back until
 *    that transaction committed: if it fails (a parallel export took a posting: unique index) the answer is broken
 *    off, never a complete file that was not logged.
 * At most `MAX_DATEV_EXPORTE` run at once (503 with Retry-After beyond).
 */
export async function buchungsstapelStrom(db: Db, actor: Actor, q: { von: string; bis: string; test: boolean; wiederholen: boolean }): Promise<StapelStrom> {
  if (laufend >= MAX_DATEV_EXPORTE)
    throw new ApiError(503, MessageCode.unavailable, 'Es läuft bereits ein DATEV-Export, bitte gleich noch einmal versuchen', {
      headers: { 'Retry-After': '5' },
    });
  laufend++;
  let frei = false;
  const freigeben = () => {
    if (!frei) {
      frei = true;
      laufend--;
    }
  };
  try {
    const e = await datevLesen(db);
    await pruefeEinstellungen(e);
    const l: Lauf = { e, start: await kundenStart(db), alle: q.wiederholen, erloese: new Map(e.konten.erloese.map((k) => [k.satz, k])), fehler: [] };
    // 1. check everything, remember the postings
    const posten = { B: new Set<number>(), Z: new Set<number>(), G: new Set<number>() };
    let zeilen = 0;
    for await (const teil of buchungen(db, l, q.von, q.bis)) {
      for (const b of teil) posten[b.quelle].add(b.quelleId);
      zeilen += teil.length;
      await pause();
    }
    if (l.fehler.length) {
      const liste = l.fehler.slice(0, 50);
      throw unprocessable(`DATEV-Export nicht möglich (${l.fehler.length} ${l.fehler.length === 1 ? 'Problem' : 'Probleme'}): ${liste.join(' · ')}`, {
        buchungen: liste,
      });
    }
    const wer = await kuerzel(db, actor);
    const erzeugtAm = new Date();
    const zusatz = q.test ? '_TEST' : '';
    const mon = monate(q.von, q.bis);
    const zip = mon.length > 1;
    const dateiname = zip ? `DATEV_Buchungsstapel_${q.von}_${q.bis}${zusatz}.zip` : `EXTF_Buchungsstapel_${mon[0]?.monat}${zusatz}.csv`;
    const mimeType = zip ? 'application/zip' : 'text/csv; charset=windows-1252';
    const heading = zeile(BUCHUNGSSTAPEL_SPALTEN.map((t) => ({ t })));
    const kopfVon = (m: { monat: string; von: string; bis: string }) =>
      kopfzeile({
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

    let fertigJa: (x: { id: number; sha256: string }) => void = () => {};
    let fertigNein: (e: unknown) => void = () => {};
    const fertig = new Promise<{ id: number; sha256: string }>((ja, nein) => {
      fertigJa = ja;
      fertigNein = nein;
    });
    fertig.catch(() => {});

    async function* inhalt(): AsyncGenerator<Buffer> {
      const tmp = join(tmpdir(), `vario-datev-${process.pid}-${randomBytes(6).toString('hex')}.part`);
      const fd = await open(tmp, 'w');
      const hash = createHash('sha256');
      /** Pieces ready to go out; the newest one is held back until the export is logged. */
      const raus: Buffer[] = [];
      let zipFehler: Error | null = null;
      const zipper = zip
        ? new Zip((err, data) => {
            if (err) zipFehler = err;
            else raus.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
          })
        : null;
      let offen = true;
      try {
        const schreibe = async (stueck: Buffer) => {
          if (!stueck.length) return;
          hash.update(stueck);
          await fd.write(stueck);
        };
        for (const m of mon) {
          const enc = iconv.getEncoder('win1252');
          const eintrag = zipper ? new ZipDeflate(`EXTF_Buchungsstapel_${m.monat}${zusatz}.csv`, { level: 6 }) : null;
          if (eintrag && zipper) {
            eintrag.mtime = erzeugtAm;
            zipper.add(eintrag);
          }
          const gib = (b: Buffer | undefined) => {
            if (!b?.length) return;
            if (eintrag) eintrag.push(b);
            else raus.push(b);
          };
          gib(enc.write(`${kopfVon(m)}\r\n${heading}\r\n`));
          const lm: Lauf = { ...l, fehler: [] };
          for await (const teil of buchungen(db, lm, m.von, m.bis)) {
            let text = '';
            for (const b of teil) if (posten[b.quelle].has(b.quelleId)) text += `${zeile(b.zellen)}\r\n`;
            if (lm.fehler.length) throw unprocessable(`DATEV-Export abgebrochen: ${lm.fehler.slice(0, 5).join(' · ')}`);
            gib(enc.write(text));
            if (zipFehler) throw zipFehler;
            // everything but the newest piece goes out now
            while (raus.length > 1) {
              const stueck = raus.shift() as Buffer;
              await schreibe(stueck);
              yield stueck;
            }
            await pause();
          }
          gib(enc.end());
          eintrag?.push(new Uint8Array(0), true);
        }
        zipper?.end();
        if (zipFehler) throw zipFehler;
        while (raus.length > 1) {
          const stueck = raus.shift() as Buffer;
          await schreibe(stueck);
          yield stueck;
        }
        const letztes = raus.shift() ?? Buffer.alloc(0);
        await schreibe(letztes);
        await fd.close();
        offen = false;
        const sha = hash.digest('hex');
        // 3. the log, the file's bytes and the marks: one transaction; the last piece only after it committed
        const log = await db.transaction().execute(async (trx) => {
          const x = await protokolliere(trx, actor, 'buchungsstapel', q.von, q.bis, q, dateiname, mimeType, Buffer.alloc(0), zeilen, sha);
          let nr = 0;
          for await (const stueck of createReadStream(tmp, { highWaterMark: TEIL_BYTES })) {
            await trx
              .insertInto('datevExportTeile')
              .values({ exportId: x.id, nr: nr++, daten: stueck as Buffer })
              .execute();
          }
          if (!q.test) {
            const werte = (['B', 'Z', 'G'] as const).flatMap((quelle) => [...posten[quelle]].map((quelleId) => ({ exportId: x.id, quelle, quelleId })));
            for (let i = 0; i < werte.length; i += 500) {
              const teil = trx.insertInto('datevExportPosten').values(werte.slice(i, i + 500));
              // a repeat marks what was not marked yet; a normal export marks only unmarked postings, so a conflict means a
              // parallel export took them: the unique index refuses and this export changes nothing
              await (q.wiederholen ? teil.onConflict((oc) => oc.columns(['quelle', 'quelleId']).doNothing()) : teil).execute();
            }
          }
          return x;
        });
        fertigJa(log);
        if (letztes.length) yield letztes;
      } catch (err) {
        fertigNein(err);
        throw err;
      } finally {
        if (offen) await fd.close().catch(() => {});
        await rm(tmp, { force: true }).catch(() => {});
        freigeben();
      }
    }
    const stream = Readable.from(inhalt(), { objectMode: false, highWaterMark: 256 * 1024 });
    stream.on('close', () => {
      freigeben();
      fertigNein(new Error('Der Export wurde abgebrochen'));
    });
    return { dateiname, mimeType, zeilen, stream, fertig };
  } catch (err) {
    freigeben();
    throw err;
  }
}

/** Reads a stream to its end (the bench and in-process callers). */
export async function ganz(stream: Readable): Promise<Buffer> {
  const teile: Buffer[] = [];
  for await (const t of stream) teile.push(t as Buffer);
  return Buffer.concat(teile);
}

/** The stored file of a logged export: its pieces in order, else the bytes kept in the log row (exports before 0041). */
export async function* exportDatei(db: Db, id: number, daten: Buffer): AsyncGenerator<Buffer> {
  let nr = -1;
  for (;;) {
    const t = await db
      .selectFrom('datevExportTeile')
      .select(['nr', 'daten'])
      .where('exportId', '=', id)
      .where('nr', '>', nr)
      .orderBy('nr')
      .limit(1)
      .executeTakeFirst();
    if (!t) break;
    nr = t.nr;
    yield Buffer.from(t.daten);
  }
  if (nr < 0) yield daten;
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
