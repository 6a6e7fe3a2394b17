import {
  BELEGARTEN,
  ERECHNUNG_ZAHLUNGSMITTEL,
  ERV_CHECKLISTE_LEER,
  ERV_UNTERPUNKTE,
  type ErvCheckliste,
  type ErvERechnungAnsicht,
  type ErvERechnungMeldung,
  type ErvERechnungPruefung,
  ervERechnungPruefung,
  FACTURX,
  liesSkonto,
  MessageCode,
} from '@vario/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import { plusTage } from '../../lib/berlin-time';
import { nowIso } from '../../lib/clock';
import { ApiError, forbidden, notFound } from '../../lib/errors';
import { formatMenge, formatPreis4 } from '../../lib/format-de';
import type { Actor } from '../../lib/locks';
import { may } from '../../lib/rights';
import { adresseToRow } from '../adressen/adressen.service';
import type { AdresseTable } from '../adressen/adressen.tables';
import type { ERechnungDaten } from '../erechnung/erechnung.xml';
import { type EingangsrechnungNeu, type EingangsrechnungZeile, legeEingangsrechnungAn } from './eingangsrechnungen.service';
import { keineERechnung, liesERechnung, parseXml, skaliert } from './erechnung-eingang.lesen';
import { pruefeGeschaeftsregeln, pruefeSchema, pruefeSchematron } from './erechnung-eingang.pruefung';

/**
 * E-invoice intake (issue 25 item 4): a file in (XRechnung / EN 16931 XML in CII or UBL, or a ZUGFeRD/Factur-X PDF),
 * a purchase invoice out. `pruefeERechnung` takes the file apart and validates it (no database; the route runs it
 * before its transaction, so the child processes of the official rules never hold a transaction open);
 * `legeAusERechnungAn` finds or creates the supplier and records the invoice in the caller's transaction through
 * `legeEingangsrechnungAn` (a second upload of the supplier's invoice number: 409).
 */

/** Names of the embedded invoice in a ZUGFeRD/Factur-X PDF (Factur-X, ZUGFeRD 2.x, ZUGFeRD 1, XRechnung in a PDF). */
const EINGEBETTET = [FACTURX.dateiname, 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml'].map((n) => n.toLowerCase());

export interface GepruefteERechnung {
  dateiname: string;
  bytes: Buffer;
  container: 'xml' | 'pdf';
  xml: string;
  daten: ERechnungDaten;
  pruefung: ErvERechnungPruefung;
}

/** The XML inside a ZUGFeRD/Factur-X PDF (pdf.js attachments); a PDF without one is a 422. */
async function xmlAusPdf(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof getDocument>['promise']> | undefined;
  try {
    doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0, stopAtErrors: false }).promise;
    const anhaenge = ((await doc.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
    const a = Object.values(anhaenge).find((x) => EINGEBETTET.includes(String(x.filename).toLowerCase()));
    if (!a) throw keineERechnung(`Das PDF trägt keine eingebettete E-Rechnung (${FACTURX.dateiname} oder zugferd-invoice.xml)`);
    return Buffer.from(a.content).toString('utf8');
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw keineERechnung('Das PDF ist nicht lesbar');
  } finally {
    await doc?.destroy().catch(() => undefined);
  }
}

/**
 * Takes the file apart and validates it: type by its bytes (PDF by `%PDF-`, else XML by its first character), the
 * XML read through the mapping table, the schema, the official rules, the project's rules. A fatal finding is a 422
 * with every finding (fieldErrors by rule id: "BT-1 …" texts), so the user sees the list.
 */
export async function pruefeERechnung(dateiname: string, bytes: Buffer, { schematron = true } = {}): Promise<GepruefteERechnung> {
  const kopf = bytes.subarray(0, 5).toString('latin1');
  let container: 'xml' | 'pdf';
  let xml: string;
  if (kopf === '%PDF-') {
    container = 'pdf';
    xml = await xmlAusPdf(bytes);
  } else {
    xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
    if (!/^\s*</.test(xml) || xml.includes('\u0000')) throw keineERechnung('Die Datei ist weder XML noch ein PDF');
    container = 'xml';
  }
  const doc = parseXml(xml);
  const { syntax, daten } = liesERechnung(doc);
  const xrechnung = typeof daten['BT-24'] === 'string' && daten['BT-24'].includes('xrechnung');
  const [schema, regeln] = await Promise.all([
    pruefeSchema(xml, syntax),
    schematron
      ? pruefeSchematron(xml, syntax, xrechnung)
      : { stand: 'nicht-verfuegbar' as const, meldungen: [], hinweis: 'Die Schematron-Prüfung wurde für diese Erfassung ausgelassen (Demodaten).' },
  ]);
  const eigene = pruefeGeschaeftsregeln(daten);
  const meldungen = [...schema.meldungen, ...regeln.meldungen, ...eigene];
  if (daten['BT-5'] && daten['BT-5'] !== 'EUR')
    meldungen.push({ regel: 'BT-5', bt: 'BT-5', text: `Rechnungswährung ${String(daten['BT-5'])}: nur Euro-Rechnungen werden erfasst`, schwere: 'fatal' });
  const pruefung: ErvERechnungPruefung = {
    syntax,
    container,
    xrechnung,
    schema: schema.stand,
    schematron: regeln.stand,
    geschaeftsregeln: eigene.some((m) => m.schwere === 'fatal') ? 'fehler' : 'ok',
    hinweise: [schema.hinweis, regeln.hinweis].filter((h): h is string => !!h),
    meldungen,
  };
  const fatal = meldungen.filter((m) => m.schwere === 'fatal');
  if (fatal.length) throw pruefFehler(fatal, pruefung);
  return { dateiname, bytes, container, xml, daten, pruefung };
}

/** The 422 of a failed validation: each rule with its BT and text (fieldErrors by rule id), the layers' notes. */
function pruefFehler(fatal: ErvERechnungMeldung[], pruefung: ErvERechnungPruefung): ApiError {
  const fieldErrors: Record<string, string[]> = {};
  for (const f of fatal.slice(0, 100)) {
    const liste = fieldErrors[f.regel] ?? [];
    liste.push(f.bt && f.bt !== f.regel ? `${f.bt}: ${f.text}` : f.text);
    fieldErrors[f.regel] = liste;
  }
  const liste = fatal
    .slice(0, 10)
    .map((f) => `${f.regel}${f.bt && f.bt !== f.regel ? ` (${f.bt})` : ''}: ${f.text}`)
    .join('; ');
  return new ApiError(
    422,
    MessageCode.unprocessable,
    `Die E-Rechnung ist nicht gültig: ${liste}${fatal.length > 10 ? ` (und ${fatal.length - 10} weitere)` : ''}`,
    {
      fieldErrors,
      messageParameters: [...pruefung.hinweise],
    },
  );
}

// ——— reading the values ———

const t = (d: ERechnungDaten, bt: string) => (typeof d[bt] === 'string' && (d[bt] as string).trim() ? (d[bt] as string).trim() : null);
const liste = (d: ERechnungDaten, bg: string) => (Array.isArray(d[bg]) ? (d[bg] as ERechnungDaten[]) : []);
const zahl = (d: ERechnungDaten, bt: string, stellen: number) => skaliert(t(d, bt), stellen);
const ohneLeer = (v: string | null) => (v ? v.replace(/\s+/g, '').toUpperCase() : null);

/**
 * The VAT-compliant sub-items the data proves (§ 14 (4) UStG, ERV-012) — never the visual check: names and addresses of
 * seller and buyer, the seller's VAT id or tax number, issue date, invoice number, quantity and description of every
 * line, the date of supply, the breakdown per rate or exemption, the rate and tax amount of each. VAT-compliant itself
 * follows its sub-items (ERV-015).
 */
export function vorabCheckliste(d: ERechnungDaten): ErvCheckliste {
  const steuern = liste(d, 'BG-23');
  const zeilen = liste(d, 'BG-25');
  const befreit = (s: ERechnungDaten) => t(s, 'BT-118') !== 'S' && (t(s, 'BT-118') === 'Z' || !!t(s, 'BT-120') || !!t(s, 'BT-121'));
  const c: ErvCheckliste = {
    ...ERV_CHECKLISTE_LEER,
    nameAnschrift: !!(t(d, 'BT-27') && t(d, 'BT-35') && t(d, 'BT-37') && t(d, 'BT-44') && t(d, 'BT-50') && t(d, 'BT-52')),
    steuernummer: !!(t(d, 'BT-31') || t(d, 'BT-32')),
    ausstellungsdatum: !!t(d, 'BT-2'),
    rechnungsnummer: !!t(d, 'BT-1'),
    mengeArt: zeilen.length > 0 && zeilen.every((z) => zahl(z, 'BT-129', 3) !== null && !!t(z, 'BT-153')),
    leistungszeitpunkt: !!t(d, 'BT-72'),
    aufschluesselung: steuern.length > 0 && steuern.every((s) => zahl(s, 'BT-116', 2) !== null && (t(s, 'BT-119') !== null || befreit(s))),
    steuersatzBetrag: steuern.length > 0 && steuern.every((s) => zahl(s, 'BT-117', 2) !== null && (zahl(s, 'BT-119', 2) !== null || befreit(s))),
  };
  c.ustKonform = ERV_UNTERPUNKTE.every((p) => c[p]);
  return c;
}

/** The purchase invoice's lines: quantity, unit price, line total, rate and text as the e-invoice states them. */
export function zeilenAus(d: ERechnungDaten): EingangsrechnungZeile[] {
  return liste(d, 'BG-25').map((z) => ({
    artikelnummer: t(z, 'BT-155'),
    bezeichnung: (t(z, 'BT-153') ?? '').slice(0, 255),
    menge: zahl(z, 'BT-129', 3) ?? 0,
    mengeneinheit: t(z, 'BT-130'),
    einzelpreis: zahl(z, 'BT-146', 4) ?? 0,
    gesamtpreis: zahl(z, 'BT-131', 2) ?? 0,
    mwstsatz: zahl(z, 'BT-152', 2) ?? 0,
  }));
}

/** Differences of price and quantity from the supplier order BT-13 names (matched by article number), for `hinweis`. */
async function abweichungen(trx: Db, adresseId: number, d: ERechnungDaten, zeilen: EingangsrechnungZeile[]): Promise<string[]> {
  const nr = t(d, 'BT-13');
  if (!nr) return [];
  const bestellung = await trx
    .selectFrom('einkaufBelege')
    .select('id')
    .where('belegart', '=', BELEGARTEN.bestellung.belegart)
    .where('belegnummer', '=', nr)
    .where('adresseId', '=', adresseId)
    .executeTakeFirst();
  if (!bestellung) return [`Bestellung ${nr} nicht gefunden`];
  const bestellt = await trx
    .selectFrom('einkaufBelegPositionen')
    .select(['artikelnummer', 'menge', 'einzelpreis'])
    .where('einkaufBelegId', '=', bestellung.id)
    .execute();
  const out: string[] = [];
  zeilen.forEach((z, i) => {
    const b = z.artikelnummer ? bestellt.find((x) => x.artikelnummer === z.artikelnummer) : undefined;
    const pos = `Pos. ${i + 1}${z.artikelnummer ? ` (${z.artikelnummer})` : ''}`;
    if (!b) {
      out.push(`${pos}: nicht in Bestellung ${nr}`);
      return;
    }
    if (Number(b.einzelpreis) !== z.einzelpreis) out.push(`${pos}: Preis ${formatPreis4(z.einzelpreis)} statt ${formatPreis4(Number(b.einzelpreis))}`);
    if (Number(b.menge) !== z.menge) out.push(`${pos}: Menge ${formatMenge(z.menge)} statt ${formatMenge(Number(b.menge))}`);
  });
  return out.length ? [`Abweichungen von Bestellung ${nr}: ${out.join('; ')}`] : [];
}

/** The supplier: by VAT id (BT-31, spaces and case ignored), then by name and postcode (BT-27, BT-38); null: none. */
export async function findeLieferant(trx: Db, d: ERechnungDaten): Promise<number | null> {
  const ustId = ohneLeer(t(d, 'BT-31'));
  if (ustId) {
    const a = await trx
      .selectFrom('adressen')
      .select('id')
      .where((eb) => eb(eb.fn('replace', [eb.fn('upper', ['ustId']), eb.val(' '), eb.val('')]), '=', ustId))
      .orderBy('istLieferant', 'desc')
      .orderBy('id')
      .executeTakeFirst();
    if (a) return a.id;
  }
  const name = t(d, 'BT-27');
  if (name) {
    let q = trx.selectFrom('adressen').select('id').where('name1', '=', name);
    const plz = t(d, 'BT-38');
    q = plz ? q.where('plz', '=', plz) : q.where('plz', 'is', null);
    const a = await q.orderBy('istLieferant', 'desc').orderBy('id').executeTakeFirst();
    if (a) return a.id;
  }
  return null;
}

/** A supplier address from the seller data (BT-27…BT-43); the caller needs ADR_AENDERN. */
async function legeLieferantAn(trx: Db, d: ERechnungDaten): Promise<number> {
  const lkz = t(d, 'BT-40');
  const land = lkz ? await trx.selectFrom('landeskennzeichen').select('lkz').where('lkz', '=', lkz).executeTakeFirst() : undefined;
  const kurz = (v: string | null, n: number) => (v ? v.slice(0, n) : null);
  const row = await adresseToRow(trx, {
    name1: (t(d, 'BT-27') ?? '').slice(0, 120),
    strasse: kurz(t(d, 'BT-35'), 120),
    plz: kurz(t(d, 'BT-38'), 12),
    ort: kurz(t(d, 'BT-37'), 80),
    lkz: land ? land.lkz : null,
    ustId: kurz(t(d, 'BT-31'), 20),
    telefon: kurz(t(d, 'BT-42'), 40),
    email: kurz(t(d, 'BT-43') ?? t(d, 'BT-34'), 200),
    istLieferant: true,
  });
  const now = nowIso();
  const { id } = await trx
    .insertInto('adressen')
    .values({ ...(row as Insertable<AdresseTable>), angelegtAm: now, geaendertAm: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface IntakeErgebnis {
  id: number;
  adresseId: number;
  lieferantAngelegt: boolean;
  pruefung: ErvERechnungPruefung;
}

/**
 * Records the validated e-invoice as a purchase invoice in the caller's transaction. A supplier not found is a 422 on
 * `lieferantAnlegen` (naming the seller data) unless `lieferantAnlegen`, which creates it (403 without ADR_AENDERN).
 */
export async function legeAusERechnungAn(trx: Db, actor: Actor | null, e: GepruefteERechnung, lieferantAnlegen: boolean): Promise<IntakeErgebnis> {
  const d = e.daten;
  let adresseId = await findeLieferant(trx, d);
  let lieferantAngelegt = false;
  if (adresseId === null) {
    const wer = [t(d, 'BT-27'), t(d, 'BT-31') && `USt-IdNr. ${t(d, 'BT-31')}`, [t(d, 'BT-38'), t(d, 'BT-37')].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    if (!lieferantAnlegen)
      throw new ApiError(
        422,
        MessageCode.unprocessable,
        `Kein Lieferant zu ${wer} gefunden. Mit „Lieferant anlegen“ wird er aus den Verkäuferdaten angelegt.`,
        {
          fieldErrors: { lieferantAnlegen: [`Kein Lieferant zu ${wer} gefunden`] },
          messageParameters: [t(d, 'BT-27') ?? '', t(d, 'BT-31') ?? '', t(d, 'BT-38') ?? '', t(d, 'BT-37') ?? ''],
        },
      );
    if (actor && !(await may(trx, actor, 'ADR_AENDERN'))) throw forbidden('ADR_AENDERN');
    adresseId = await legeLieferantAn(trx, d);
    lieferantAngelegt = true;
  }
  const belegdatum = t(d, 'BT-2') as string;
  const zeilen = zeilenAus(d);
  const gutschrift = t(d, 'BT-3') === BELEGARTEN.lieferantengutschrift.untdid1001;
  const hinweise = [
    ...(gutschrift ? [`Gutschrift des Lieferanten${t(d, 'BT-25') ? ` zu Rechnung ${t(d, 'BT-25')}` : ''}`] : []),
    ...(await abweichungen(trx, adresseId, d, zeilen)),
    ...e.pruefung.meldungen.filter((m) => m.schwere === 'warnung').map((m) => `${m.regel}: ${m.text}`),
  ];
  const neu: EingangsrechnungNeu = {
    belegart: gutschrift ? BELEGARTEN.lieferantengutschrift.belegart : BELEGARTEN.eingangsrechnung.belegart,
    adresseId,
    lieferantName: (t(d, 'BT-27') ?? '').slice(0, 120),
    belegnummer: (t(d, 'BT-1') as string).slice(0, 60),
    belegdatum,
    zeilen,
    summen: { netto: zahl(d, 'BT-109', 2) ?? 0, brutto: zahl(d, 'BT-112', 2) ?? 0 },
    nettoFaellig: t(d, 'BT-9'),
    skonto: liesSkonto(t(d, 'BT-20'))
      .slice(0, 2)
      .map((s) => ({ faellig: plusTage(belegdatum, s.tage), prozent: s.prozent })),
    zahlungsart: t(d, 'BT-81') ? (ERECHNUNG_ZAHLUNGSMITTEL[t(d, 'BT-81') as string] ?? `Zahlungsart ${t(d, 'BT-81')}`) : null,
    hinweis: hinweise.length ? hinweise.join('\n').slice(0, 2000) : null,
    dateien: [
      {
        dateiname: e.dateiname,
        daten: e.bytes,
        mimeType: e.container === 'pdf' ? 'application/pdf' : 'application/xml',
        pruefDokument: true,
      },
    ],
    checkliste: vorabCheckliste(d),
  };
  const id = await legeEingangsrechnungAn(trx, actor, neu);
  await trx
    .updateTable('einkaufBelege')
    .set({ erechnungPruefung: JSON.stringify(e.pruefung) })
    .where('id', '=', id)
    .execute();
  return { id, adresseId, lieferantAngelegt, pruefung: e.pruefung };
}

// ——— the readable view ———

const euro = (d: ERechnungDaten, bt: string) => {
  const c = zahl(d, bt, 2);
  return c === null ? null : c / 100;
};
const dez = (d: ERechnungDaten, bt: string, stellen: number) => {
  const v = zahl(d, bt, stellen);
  return v === null ? null : v / 10 ** stellen;
};

/** The view of the e-invoice behind an incoming invoice; null when its check document is no e-invoice. */
export async function erechnungAnsicht(db: Db, id: number): Promise<ErvERechnungAnsicht | null> {
  const beleg = await db
    .selectFrom('einkaufBelege')
    .select(['id', 'erechnungPruefung'])
    .where('id', '=', id)
    .where('statusErpruefung', 'is not', null)
    .executeTakeFirst();
  if (!beleg) throw notFound('Eingangsrechnung');
  const f = await db
    .selectFrom('einkaufBelegDateien')
    .select(['daten', 'mimeType'])
    .where('einkaufBelegId', '=', id)
    .where('eraktivesPruefDokument', '=', 'J')
    .orderBy('id')
    .executeTakeFirst();
  if (!f) return null;
  const bytes = Buffer.from(f.daten);
  let d: ERechnungDaten;
  try {
    const xml = bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? await xmlAusPdf(bytes) : bytes.toString('utf8').replace(/^\uFEFF/, '');
    d = liesERechnung(parseXml(xml)).daten;
  } catch (e) {
    if (e instanceof ApiError && e.httpStatus === 422) return null;
    throw e;
  }
  const gespeichert = beleg.erechnungPruefung ? ervERechnungPruefung.safeParse(JSON.parse(beleg.erechnungPruefung)) : null;
  const partei = (pre: 'V' | 'K') =>
    pre === 'V'
      ? {
          name: t(d, 'BT-27'),
          strasse: t(d, 'BT-35'),
          plz: t(d, 'BT-38'),
          ort: t(d, 'BT-37'),
          land: t(d, 'BT-40'),
          ustId: t(d, 'BT-31'),
          steuernummer: t(d, 'BT-32'),
        }
      : { name: t(d, 'BT-44'), strasse: t(d, 'BT-50'), plz: t(d, 'BT-53'), ort: t(d, 'BT-52'), land: t(d, 'BT-55'), ustId: t(d, 'BT-48'), steuernummer: null };
  return {
    nummer: t(d, 'BT-1'),
    datum: t(d, 'BT-2'),
    typ: t(d, 'BT-3'),
    waehrung: t(d, 'BT-5'),
    faellig: t(d, 'BT-9'),
    lieferdatum: t(d, 'BT-72'),
    bestellnummer: t(d, 'BT-13'),
    kaeuferReferenz: t(d, 'BT-10'),
    zahlungsbedingungen: t(d, 'BT-20'),
    iban: t(d, 'BT-84'),
    verkaeufer: partei('V'),
    kaeufer: partei('K'),
    positionen: liste(d, 'BG-25').map((z) => ({
      nr: t(z, 'BT-126'),
      artikelnummer: t(z, 'BT-155'),
      name: t(z, 'BT-153'),
      menge: dez(z, 'BT-129', 3),
      einheit: t(z, 'BT-130'),
      preis: dez(z, 'BT-146', 4),
      netto: euro(z, 'BT-131'),
      kategorie: t(z, 'BT-151'),
      satz: dez(z, 'BT-152', 2),
    })),
    steuern: liste(d, 'BG-23').map((s) => ({
      kategorie: t(s, 'BT-118'),
      satz: dez(s, 'BT-119', 2),
      basis: euro(s, 'BT-116'),
      betrag: euro(s, 'BT-117'),
      grund: t(s, 'BT-120') ?? t(s, 'BT-121'),
    })),
    summen: {
      positionen: euro(d, 'BT-106'),
      abschlaege: euro(d, 'BT-107'),
      zuschlaege: euro(d, 'BT-108'),
      netto: euro(d, 'BT-109'),
      ust: euro(d, 'BT-110'),
      brutto: euro(d, 'BT-112'),
      zahlbar: euro(d, 'BT-115'),
    },
    pruefung: gespeichert?.success ? gespeichert.data : null,
  };
}
