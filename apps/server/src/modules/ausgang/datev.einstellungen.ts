import { type DatevEinstellungen, type DatevEinstellungenEingabe, type DatevKonten, datevKonten } from '@vario/contract';
import type { Db } from '../../db/index';
import { logChange } from '../../lib/change-log';
import { unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/locks';

/**
 * DATEV settings (issue 24 item 11): system parameters `DATEV.*`, written by an administrator; the fiscal-year start is
 * the existing `PFA.WIRTSCHAFTSJAHRBEGINN`. While no accounts are stored, the chart of accounts' standard accounts
 * apply: SKR03 8400/8300/8120 (19 %, 7 %, 0 %), bank 1200, cash 1000, discounts granted 8736; SKR04 4400/4300/4120,
 * 1800, 1600, 4736 — all automatic accounts (DATEV computes the VAT), so they carry no BU key.
 */
export const DATEV = {
  beraternummer: 'DATEV.BERATERNUMMER',
  mandantennummer: 'DATEV.MANDANTENNUMMER',
  kontenrahmen: 'DATEV.KONTENRAHMEN',
  sachkontenlaenge: 'DATEV.SACHKONTENLAENGE',
  debitorRegel: 'DATEV.DEBITOR_REGEL',
  debitorBasis: 'DATEV.DEBITOR_BASIS',
  konten: 'DATEV.KONTEN',
  wirtschaftsjahr: 'PFA.WIRTSCHAFTSJAHRBEGINN',
} as const;

export const STANDARD_KONTEN: Record<'SKR03' | 'SKR04', DatevKonten> = {
  SKR03: {
    erloese: [
      { satz: 1900, konto: '8400', buSchluessel: null },
      { satz: 700, konto: '8300', buSchluessel: null },
      { satz: 0, konto: '8120', buSchluessel: null },
    ],
    bank: '1200',
    kasse: '1000',
    skonto: '8736',
  },
  SKR04: {
    erloese: [
      { satz: 1900, konto: '4400', buSchluessel: null },
      { satz: 700, konto: '4300', buSchluessel: null },
      { satz: 0, konto: '4120', buSchluessel: null },
    ],
    bank: '1800',
    kasse: '1600',
    skonto: '4736',
  },
};

const zahl = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));

export async function datevLesen(db: Db): Promise<DatevEinstellungen> {
  const rows = await db.selectFrom('systemParameter').select(['name', 'wert']).where('name', 'in', Object.values(DATEV)).execute();
  const p = new Map(rows.map((r) => [r.name, r.wert]));
  const kontenrahmen = p.get(DATEV.kontenrahmen) === 'SKR04' ? 'SKR04' : 'SKR03';
  let konten = STANDARD_KONTEN[kontenrahmen];
  const gespeichert = p.get(DATEV.konten);
  if (gespeichert) {
    const parsed = datevKonten.safeParse(JSON.parse(gespeichert));
    if (parsed.success) konten = parsed.data;
  }
  const beraternummer = zahl(p.get(DATEV.beraternummer));
  const mandantennummer = zahl(p.get(DATEV.mandantennummer));
  const monat = zahl(p.get(DATEV.wirtschaftsjahr));
  return {
    beraternummer,
    mandantennummer,
    kontenrahmen,
    sachkontenlaenge: zahl(p.get(DATEV.sachkontenlaenge)) ?? 4,
    debitorRegel: p.get(DATEV.debitorRegel) === 'kundennummer' ? 'kundennummer' : 'basisPlusLaufnummer',
    debitorBasis: zahl(p.get(DATEV.debitorBasis)) ?? 10000,
    konten,
    wirtschaftsjahrBeginn: monat !== null && monat >= 1 && monat <= 12 ? monat : 1,
    vollstaendig: beraternummer !== null && mandantennummer !== null,
  };
}

/** Every general-ledger account has at most the account length; two rates may not share an entry. */
function pruefeKonten(e: DatevEinstellungenEingabe) {
  const fehler: Record<string, string[]> = {};
  const laenge = e.sachkontenlaenge;
  const check = (feld: string, konto: string) => {
    if (konto.length > laenge) fehler[feld] = [`Das Konto ${konto} hat mehr als ${laenge} Stellen (Sachkontenlänge)`];
  };
  for (const [i, k] of e.konten.erloese.entries()) check(`konten.erloese.${i}.konto`, k.konto);
  check('konten.bank', e.konten.bank);
  check('konten.kasse', e.konten.kasse);
  check('konten.skonto', e.konten.skonto);
  const saetze = e.konten.erloese.map((k) => k.satz);
  if (new Set(saetze).size !== saetze.length) fehler['konten.erloese'] = ['Jeder Steuersatz nur einmal'];
  if (Object.keys(fehler).length) throw unprocessable('Die Konten passen nicht zur Sachkontenlänge', fehler);
}

export async function datevSchreiben(trx: Db, actor: Actor, e: DatevEinstellungenEingabe, bemerkung?: string): Promise<DatevEinstellungen> {
  pruefeKonten(e);
  const werte: [string, string][] = [
    [DATEV.beraternummer, String(e.beraternummer)],
    [DATEV.mandantennummer, String(e.mandantennummer)],
    [DATEV.kontenrahmen, e.kontenrahmen],
    [DATEV.sachkontenlaenge, String(e.sachkontenlaenge)],
    [DATEV.debitorRegel, e.debitorRegel],
    [DATEV.debitorBasis, String(e.debitorBasis)],
    [DATEV.konten, JSON.stringify(e.konten)],
  ];
  for (const [name, wert] of werte) {
    await trx
      .insertInto('systemParameter')
      .values({ name, wert })
      .onConflict((oc) => oc.column('name').doUpdateSet({ wert }))
      .execute();
  }
  await logChange(trx, {
    tabelle: 'SYS',
    datensatzId: 0,
    aktion: 'AENDERN',
    benutzerId: actor.id,
    bemerkung: bemerkung ?? 'DATEV-Einstellungen geändert',
    felder: ['DATEV'],
  });
  return datevLesen(trx);
}

/** The start of the customer number range (the running number of a customer counts from it). */
export async function kundenStart(db: Db): Promise<number> {
  const r = await db.selectFrom('nummernkreise').select('start').where('name', '=', 'KUNDE').executeTakeFirst();
  return Number(r?.start ?? 0);
}

/** The debtor account of a customer by the rule; a clear error when it cannot be formed or has the wrong length. */
export function debitorKonto(
  e: DatevEinstellungen,
  kundenStart: number,
  a: { kundennummer: number | null; name: string },
): { konto: string } | { fehler: string } {
  if (a.kundennummer === null) return { fehler: `${a.name}: keine Kundennummer, daher kein Debitorenkonto` };
  const nr = e.debitorRegel === 'kundennummer' ? a.kundennummer : e.debitorBasis + (a.kundennummer - kundenStart);
  const konto = String(nr);
  const laenge = e.sachkontenlaenge + 1;
  if (konto.length !== laenge || !/^[1-6]/.test(konto))
    return {
      fehler: `${a.name} (Kunde ${a.kundennummer}): das Debitorenkonto ${konto} liegt nicht im Debitorenbereich (${laenge} Stellen, 10000… bis 69999…) — Regel oder Basis in den DATEV-Einstellungen anpassen`,
    };
  return { konto };
}
