import {
  API_PREFIX,
  BELEGSTATUS_BEARBEITBAR,
  type Beleg,
  type BelegPosition,
  type belegAenderung,
  type belegHistorieZeile,
  type belegNeu,
  type PreisHerkunft,
  type positionAenderung,
  type positionNeu,
  VERKAUF_BELEGARTEN,
} from '@vario/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { heute, tagUndZeitVon } from '../../lib/berlin-time';
import { logChange } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { codecsOf, money2, money4, percent2, qty3 } from '../../lib/codecs';
import { badRequest, conflict, type FieldErrors, forbidden, notFound, unprocessable } from '../../lib/errors';
import { type Actor, assertWritable } from '../../lib/locks';
import { gross } from '../../lib/money';
import { drawNumber, type Nummernkreis } from '../system/nummernkreise.service';
import { addHistory, HISTORY_CODES } from './belege.history';
import { bestimmePreis, ladePreisDaten, manuellerPreis } from './belege.preise';
import { belegSummen, istTextzeile, STANDARD_MWST, zeilenWerte } from './belege.summen';
import type { BelegPositionTable, BelegTable } from './belege.tables';

/**
 * The document service (issue 11 item 2): create, change and delete documents and their positions; every function
 * takes the transaction first and writes nothing outside it. Rules:
 * - a document is changed only in status 1 or 2 (BEL-027; 422), another user's document only with BEK_FREMDBEARB
 *   (RIGHT-021; 403), and not while another user holds its record lock (423);
 * - delete only unbooked documents (status 1 or 2, never booked) — the route requires BEK_LOESCHEN (RIGHT-020);
 * - every position write determines the price (belege.preise.ts) and recomputes the totals (belege.summen.ts);
 * - purchase prices (`ek`) are set only with ART_EK and answered only with it, like the gross profit (RIGHT-012).
 */

export type KopfRow = Selectable<BelegTable>;
export type PositionRow = Selectable<BelegPositionTable>;
/** Record-lock and change-log code of documents (lib/locks.ts LOCK_TABLES). */
export const LOCK = 'BEK';

const TYP_NAMEN: Record<string, string> = { '01': 'Angebot', '02': 'Auftrag', '03': 'Lieferschein', '04': 'Rechnung', '05': 'Gutschrift' };
export const typName = (belegart: string) => TYP_NAMEN[belegart.slice(0, 2)] ?? 'Beleg';
export const belegName = (k: Pick<KopfRow, 'belegart' | 'belegnummer'>) => `${typName(k.belegart)} ${k.belegnummer}`;

export const kopfCodecs = codecsOf({
  betragNetto: money2,
  endbetragNetto: money2,
  mwstBetrag: money2,
  betragBrutto: money2,
  frachtkosten: money2,
  nachnahme: money2,
  versicherung: money2,
  rabatt1Prozent: percent2,
  rabatt1Betrag: money2,
  rabatt1Wert: money2,
  rabatt2Prozent: percent2,
  rabatt2Betrag: money2,
  rabatt2Wert: money2,
  rohertrag: money2,
  gewicht: qty3,
  waehrungkurs: money4,
});
export const positionCodecs = codecsOf({
  menge: qty3,
  mengeGeliefert: qty3,
  mengeUebernommen: qty3,
  gewicht: qty3,
  einzelpreis: money4,
  endpreis: money4,
  ek: money4,
  rabatt1: percent2,
  rabatt2: percent2,
  teuerungszuschlag: percent2,
  mwstSatz: percent2,
  gesamtpreis: money2,
  eilzuschlag: money2,
});

// ------------------------------------------------------------------------------------------------ rights and rules

/** RIGHT-002..004 for a service: administrators have every right; a listed right decides by `genehmigt`; unlisted is granted. */
export async function may(trx: Db, actor: Actor, recht: string): Promise<boolean> {
  if (actor.istAdmin) return true;
  const row = await trx.selectFrom('rechte').select('genehmigt').where('benutzerId', '=', actor.id).where('recht', '=', recht).executeTakeFirst();
  return !row || !!row.genehmigt;
}

const fremd = (actor: Actor, kopf: Pick<KopfRow, 'benutzerId'>) => kopf.benutzerId !== null && kopf.benutzerId !== actor.id;
const istBearbeitbarerStatus = (status: number) => (BELEGSTATUS_BEARBEITBAR as readonly number[]).includes(status);

/** The head, row-locked on PostgreSQL when `forUpdate`; 404 when it does not exist. */
export async function loadKopf(trx: Db, id: number, forUpdate = false): Promise<KopfRow> {
  let q = trx.selectFrom('belege').selectAll().where('id', '=', id);
  if (forUpdate && trx.getExecutor().adapter.constructor.name.startsWith('Postgres')) q = q.forUpdate();
  const row = (await q.executeTakeFirst()) as (KopfRow & { suche?: unknown }) | undefined;
  if (!row) throw notFound('Beleg');
  delete row.suche;
  return row;
}

/** Head and positions (in their order) in stored units. */
export async function loadBeleg(trx: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<{ kopf: KopfRow; positionen: PositionRow[] }> {
  const kopf = await loadKopf(trx, id, opts.forUpdate);
  const positionen = await trx.selectFrom('belegPositionen').selectAll().where('belegId', '=', id).orderBy('position').orderBy('id').execute();
  return { kopf, positionen };
}

/**
 * A change of the document is allowed now: status 1 or 2 (422), the actor's own document or BEK_FREMDBEARB (403),
 * no other user's record lock (423; a sent lock token must be the actor's live lock on it).
 */
export async function assertEditable(trx: Db, actor: Actor, kopf: KopfRow, lockToken?: string): Promise<void> {
  if (!istBearbeitbarerStatus(kopf.belegstatus) || kopf.storniertAm)
    throw unprocessable(`${belegName(kopf)} ist nicht mehr bearbeitbar: nur Belege im Status 1 (gespeichert) oder 2 (gedruckt) können geändert werden`);
  if (fremd(actor, kopf) && !(await may(trx, actor, 'BEK_FREMDBEARB'))) throw forbidden('BEK_FREMDBEARB');
  await assertWritable(trx, actor, LOCK, kopf.id, lockToken);
}

/** True when the actor may change the document now (the record screen's edit toggle; locks are checked on write). */
export async function istBearbeitbar(trx: Db, actor: Actor, kopf: KopfRow): Promise<boolean> {
  if (!istBearbeitbarerStatus(kopf.belegstatus) || kopf.storniertAm) return false;
  if (!(await may(trx, actor, 'BEK_AENDERN'))) return false;
  return !fremd(actor, kopf) || may(trx, actor, 'BEK_FREMDBEARB');
}

// ------------------------------------------------------------------------------------------------ totals

/**
 * Money arithmetic that leaves the safe integer range (lib/money.ts throws a RangeError, e.g. a billion pieces at a
 * billion euro) is refused as a 422 on the quantity and price, never a 500; the write rolls back.
 */
export function rechne<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const text = 'Der Betrag ist zu groß; bitte Menge oder Preis verkleinern';
    throw unprocessable(text, { menge: [text], einzelpreis: [text] });
  }
}

/**
 * Recomputes every line (gesamtpreis, endpreis from price, quantity, discounts, surcharges) and the head's totals
 * (belege.summen.ts) in the caller's transaction; answers the updated head. Callers that copy positions (transform)
 * call it after inserting them.
 */
export async function recalcTotals(trx: Db, belegId: number): Promise<KopfRow> {
  const { kopf, positionen } = await loadBeleg(trx, belegId);
  const zeilen: PositionRow[] = [];
  for (const p of positionen) {
    const w = rechne(() => zeilenWerte(p));
    if (!istTextzeile(p) && (w.gesamtpreis !== p.gesamtpreis || w.endpreis !== p.endpreis)) {
      await trx.updateTable('belegPositionen').set(w).where('id', '=', p.id).execute();
    }
    zeilen.push({ ...p, ...w });
  }
  const s = rechne(() => belegSummen(kopf, zeilen));
  const werte = {
    betragNetto: s.betragNetto,
    rabatt1Wert: s.rabatt1Wert,
    rabatt2Wert: s.rabatt2Wert,
    endbetragNetto: s.endbetragNetto,
    mwstBetrag: s.mwstBetrag,
    betragBrutto: s.betragBrutto,
    mwstAufteilung: JSON.stringify(s.mwstAufteilung),
    rohertrag: s.rohertrag,
    gewicht: s.gewicht,
    geaendertAm: nowIso(),
  };
  await trx.updateTable('belege').set(werte).where('id', '=', belegId).execute();
  return { ...kopf, ...werte };
}

// ------------------------------------------------------------------------------------------------ head

type KopfEingabe = z.output<typeof belegAenderung>;
export type BelegNeuDaten = Omit<z.output<typeof belegNeu>, 'belegart'> & { belegart: string; belegstatus?: number };

/** References of head fields: they must exist and belong to the document's address (400 with field errors). */
async function pruefeKopfReferenzen(trx: Db, adresseId: number, d: KopfEingabe): Promise<void> {
  const errors: FieldErrors = {};
  const zusatz = async (feld: 'rechnungsadresseId' | 'lieferadresseId') => {
    const v = d[feld];
    if (v === undefined || v === null) return;
    const row = await trx.selectFrom('zusatzadressen').select('id').where('id', '=', v).where('adresseId', '=', adresseId).executeTakeFirst();
    if (!row) errors[feld] = ['Diese Zusatzadresse gehört nicht zur Adresse des Belegs'];
  };
  await zusatz('rechnungsadresseId');
  await zusatz('lieferadresseId');
  if (d.ansprechpartnerId !== undefined && d.ansprechpartnerId !== null) {
    const row = await trx
      .selectFrom('ansprechpartner')
      .select('id')
      .where('id', '=', d.ansprechpartnerId)
      .where('adresseId', '=', adresseId)
      .executeTakeFirst();
    if (!row) errors.ansprechpartnerId = ['Dieser Ansprechpartner gehört nicht zur Adresse des Belegs'];
  }
  const gibt = async (feld: keyof KopfEingabe, table: 'benutzer' | 'zahlungsarten' | 'lieferbedingungen', text: string) => {
    const v = d[feld];
    if (v === undefined || v === null) return;
    const row = await trx
      .selectFrom(table)
      .select('id')
      .where('id', '=', v as number)
      .executeTakeFirst();
    if (!row) errors[feld] = [text];
  };
  await gibt('zustaendigerMitarbeiter', 'benutzer', 'Diesen Benutzer gibt es nicht');
  await gibt('zahlart', 'zahlungsarten', 'Diese Zahlungsart gibt es nicht');
  await gibt('lieferart', 'lieferbedingungen', 'Diese Lieferbedingung gibt es nicht');
  if (Object.keys(errors).length) throw badRequest('Bitte die Eingaben prüfen!', errors);
}

/** Head fields in stored units; a discount given as percent clears its amount and vice versa. */
function kopfWerte(d: KopfEingabe): Partial<KopfRow> {
  const out = kopfCodecs.encodeRow(Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined))) as Partial<KopfRow>;
  for (const n of [1, 2] as const) {
    if (d[`rabatt${n}Prozent`] !== undefined && d[`rabatt${n}Prozent`] !== null) out[`rabatt${n}Betrag`] = null;
    if (d[`rabatt${n}Betrag`] !== undefined && d[`rabatt${n}Betrag`] !== null) out[`rabatt${n}Prozent`] = null;
  }
  return out;
}

/** The document number from the range of the document type: `<prefix><year>-<00001>` (unique per belegart). */
async function neueBelegnummer(trx: Db, belegart: string, belegdatum: string): Promise<string> {
  for (let versuch = 0; versuch < 50; versuch++) {
    const { nummer, text } = await drawNumber(trx, `BELEG_${belegart.slice(0, 2)}` as Nummernkreis);
    const praefix = text.slice(0, text.length - String(nummer).length);
    const belegnummer = `${praefix}${belegdatum.slice(0, 4)}-${String(nummer).padStart(5, '0')}`;
    // numbers written outside the range (imported or older demo documents) are skipped
    const belegt = await trx.selectFrom('belege').select('id').where('belegart', '=', belegart).where('belegnummer', '=', belegnummer).executeTakeFirst();
    if (!belegt) return belegnummer;
  }
  throw conflict('Der Nummernkreis liefert keine freie Belegnummer mehr', { belegart: ['Keine freie Belegnummer'] });
}

/**
 * A new document the user starts for a deal (BEL-032): an offer (0100) or an order (0200), for the deal's customer.
 * Checked on POST /verkauf/belege only; documents made from those by a transform (delivery note, invoice) keep the deal.
 */
export async function pruefeNeuenBelegZumDeal(trx: Db, data: Pick<BelegNeuDaten, 'belegart' | 'adresseId' | 'dealId'>): Promise<void> {
  if (data.dealId === undefined || data.dealId === null) return;
  const deal = await trx.selectFrom('deals').select(['id', 'adresseId']).where('id', '=', data.dealId).executeTakeFirst();
  if (!deal) throw badRequest('Diesen Deal gibt es nicht', { dealId: ['Diesen Deal gibt es nicht'] });
  if (!['01', '02'].includes(data.belegart.slice(0, 2))) {
    const text = 'Zu einem Deal kann nur ein Angebot oder ein Auftrag angelegt werden';
    throw badRequest(text, { belegart: [text] });
  }
  if (deal.adresseId !== data.adresseId) {
    const text = `Deal ${deal.id} gehört zu einer anderen Adresse`;
    throw badRequest(text, { adresseId: [text] });
  }
}

/**
 * Creates a document in status 1 (or the given status, for transforms) for an address: number from the range of its
 * type, owner = the actor, billing and delivery address from the address's additional addresses, payment and
 * delivery terms from the address, history row A. Answers the head (stored units).
 */
export async function createBeleg(trx: Db, actor: Actor, data: BelegNeuDaten, remark?: string): Promise<KopfRow> {
  if (!(VERKAUF_BELEGARTEN as readonly string[]).includes(data.belegart)) throw badRequest('Unbekannte Belegart', { belegart: ['Unbekannte Belegart'] });
  const adresse = await trx
    .selectFrom('adressen')
    .select(['id', 'name1', 'gesperrt', 'zahlart', 'lieferart'])
    .where('id', '=', data.adresseId)
    .executeTakeFirst();
  if (!adresse) throw badRequest('Die Adresse gibt es nicht', { adresseId: ['Die Adresse gibt es nicht'] });
  if (adresse.gesperrt)
    throw unprocessable(`Die Adresse „${adresse.name1}" ist gesperrt; für sie kann kein Beleg angelegt werden`, { adresseId: ['Adresse gesperrt'] });
  const { belegart, adresseId, dealId, belegstatus, ...kopf } = data;
  await pruefeKopfReferenzen(trx, adresseId, kopf);
  if (dealId !== undefined && dealId !== null && !(await trx.selectFrom('deals').select('id').where('id', '=', dealId).executeTakeFirst())) {
    throw badRequest('Diesen Deal gibt es nicht', { dealId: ['Diesen Deal gibt es nicht'] });
  }
  const zusatz = await trx
    .selectFrom('zusatzadressen')
    .select(['id', 'art'])
    .where('adresseId', '=', adresseId)
    .where('art', 'in', ['RECHNUNGSADRESSE', 'LIEFERADRESSE'])
    .orderBy('id')
    .execute();
  const belegdatum = kopf.belegdatum ?? heute();
  const belegnummer = await neueBelegnummer(trx, belegart, belegdatum);
  const jetzt = nowIso();
  const werte = kopfWerte(kopf);
  const row = await trx
    .insertInto('belege')
    .values({
      belegart,
      belegnummer,
      belegdatum,
      belegstatus: belegstatus ?? 1,
      adresseId,
      adresseName: adresse.name1,
      rechnungsadresseId: zusatz.find((z) => z.art === 'RECHNUNGSADRESSE')?.id ?? null,
      lieferadresseId: zusatz.find((z) => z.art === 'LIEFERADRESSE')?.id ?? null,
      zahlart: adresse.zahlart,
      lieferart: adresse.lieferart,
      zustaendigerMitarbeiter: actor.id,
      ...werte,
      dealId: dealId ?? null,
      benutzerId: actor.id,
      angelegtAm: jetzt,
      geaendertAm: jetzt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addHistory(trx, row.id, 'A', `${typName(belegart)} ${belegnummer} angelegt`, actor, belegstatus ?? 1);
  await logChange(trx, { tabelle: LOCK, datensatzId: row.id, aktion: 'NEU', benutzerId: actor.id, bemerkung: remark, felder: Object.keys(data) });
  return recalcTotals(trx, row.id);
}

/** Changes head and foot fields (status 1 or 2; BEK_FREMDBEARB for another user's document); totals follow. */
export async function updateBeleg(trx: Db, actor: Actor, id: number, data: KopfEingabe, opts: { lockToken?: string; remark?: string } = {}): Promise<KopfRow> {
  const kopf = await loadKopf(trx, id, true);
  await assertEditable(trx, actor, kopf, opts.lockToken);
  await pruefeKopfReferenzen(trx, kopf.adresseId, data);
  const werte = kopfWerte(data);
  const geaendert = Object.keys(werte).filter((k) => JSON.stringify(werte[k as keyof KopfRow]) !== JSON.stringify(kopf[k as keyof KopfRow]));
  if (!geaendert.length) return kopf;
  await trx
    .updateTable('belege')
    .set({ ...werte, geaendertAm: nowIso() })
    .where('id', '=', id)
    .execute();
  if (werte.freigabe === true && !kopf.freigabe) await addHistory(trx, id, 'F', `${HISTORY_CODES.F}`, actor);
  await addHistory(trx, id, 'G', `Kopf geändert: ${geaendert.join(', ')}`, actor);
  await logChange(trx, { tabelle: LOCK, datensatzId: id, aktion: 'AENDERN', benutzerId: actor.id, bemerkung: opts.remark, felder: geaendert });
  return recalcTotals(trx, id);
}

/**
 * Deletes an unbooked document (status 1 or 2, never booked) with its positions and history. A document made by a
 * transform gives its adopted quantities back to its source first; one that already has following documents is
 * refused (409). The route requires BEK_LOESCHEN; another user's document also needs BEK_FREMDBEARB.
 */
export async function deleteBeleg(trx: Db, actor: Actor, id: number, opts: { lockToken?: string; remark?: string } = {}): Promise<void> {
  const kopf = await loadKopf(trx, id, true);
  if (!istBearbeitbarerStatus(kopf.belegstatus) || kopf.gebuchtAm || kopf.storniertAm)
    throw unprocessable(`${belegName(kopf)} ist gebucht oder übernommen und kann nicht gelöscht werden`);
  if (fremd(actor, kopf) && !(await may(trx, actor, 'BEK_FREMDBEARB'))) throw forbidden('BEK_FREMDBEARB');
  await assertWritable(trx, actor, LOCK, id, opts.lockToken);
  const folge = await trx.selectFrom('belege').select(['belegnummer']).where('vorgaengerId', '=', id).executeTakeFirst();
  if (folge) throw conflict(`Aus ${belegName(kopf)} wurde bereits ${folge.belegnummer} erzeugt; der Beleg kann nicht gelöscht werden`);
  const uebernommen = await trx
    .selectFrom('belegPositionen')
    .select('id')
    .where('belegId', '=', id)
    .where('quellePositionId', 'is not', null)
    .executeTakeFirst();
  if (uebernommen) {
    const { gibUebernahmeFrei } = await import('./belege.transitions');
    await gibUebernahmeFrei(trx, actor, id, `${belegName(kopf)} gelöscht`);
  }
  await trx
    .updateTable('belegPositionen')
    .set({ quellePositionId: null })
    .where('quellePositionId', 'in', trx.selectFrom('belegPositionen').select('id').where('belegId', '=', id))
    .execute();
  await trx.deleteFrom('belegStatushistorie').where('belegId', '=', id).execute();
  await trx.deleteFrom('belegPositionen').where('belegId', '=', id).execute();
  await trx.deleteFrom('belege').where('id', '=', id).execute();
  await trx.deleteFrom('sperren').where('tabelle', '=', LOCK).where('datensatzId', '=', id).execute();
  await logChange(trx, { tabelle: LOCK, datensatzId: id, aktion: 'LOESCHEN', benutzerId: actor.id, bemerkung: opts.remark ?? `${belegName(kopf)} gelöscht` });
}

// ------------------------------------------------------------------------------------------------ positions

type PositionNeu = z.output<typeof positionNeu>;
type PositionAenderung = z.output<typeof positionAenderung>;

interface ArtikelRow {
  id: number;
  artikelnummer: string;
  bezeichnung: string;
  artikeltext: string | null;
  mengeneinheit: string | null;
  vknetto: number;
  mwstsatz: number;
  ek: number | null;
  gewicht: number | null;
  staffel: string | null;
  gesperrt: boolean;
}

/** The article of a line by id or number; unknown → 400 on the field given, blocked → 422. */
async function ladeArtikel(trx: Db, d: { artikelId?: number; artikelnummer?: string }): Promise<ArtikelRow> {
  let q = trx
    .selectFrom('artikel')
    .select(['id', 'artikelnummer', 'bezeichnung', 'artikeltext', 'mengeneinheit', 'vknetto', 'mwstsatz', 'ek', 'gewicht', 'staffel', 'gesperrt']);
  q = d.artikelId !== undefined ? q.where('id', '=', d.artikelId) : q.where('artikelnummer', '=', d.artikelnummer ?? '');
  const a = (await q.executeTakeFirst()) as ArtikelRow | undefined;
  if (!a) {
    const feld = d.artikelId !== undefined ? 'artikelId' : 'artikelnummer';
    const message = d.artikelId !== undefined ? `Den Artikel mit der Id ${d.artikelId} gibt es nicht` : `Den Artikel „${d.artikelnummer}" gibt es nicht`;
    throw badRequest(message, { [feld]: [message] });
  }
  if (a.gesperrt) throw unprocessable(`Der Artikel ${a.artikelnummer} ist gesperrt`, { artikelnummer: [`Der Artikel ${a.artikelnummer} ist gesperrt`] });
  return a;
}

async function pruefeLager(trx: Db, lagId: number | null | undefined): Promise<string | null> {
  if (lagId === undefined || lagId === null) return null;
  const l = await trx.selectFrom('lager').select('kurzbezeichnung').where('id', '=', lagId).executeTakeFirst();
  if (!l) throw badRequest('Dieses Lager gibt es nicht', { lagId: ['Dieses Lager gibt es nicht'] });
  return l.kurzbezeichnung;
}

async function pruefeEkRecht(trx: Db, actor: Actor, ek: unknown) {
  if (ek !== undefined && !(await may(trx, actor, 'ART_EK'))) throw forbidden('ART_EK');
}

/** Positions numbered 10, 20, 30 … in the given order (only changed numbers are written). */
async function nummeriere(trx: Db, ids: number[], aktuell: Map<number, number>) {
  for (const [i, id] of ids.entries()) {
    const nr = (i + 1) * 10;
    if (aktuell.get(id) !== nr) await trx.updateTable('belegPositionen').set({ position: nr }).where('id', '=', id).execute();
  }
}

async function beruehrt(trx: Db, actor: Actor, kopf: KopfRow, text: string, remark?: string) {
  await addHistory(trx, kopf.id, 'G', text, actor);
  await logChange(trx, { tabelle: LOCK, datensatzId: kopf.id, aktion: 'AENDERN', benutzerId: actor.id, bemerkung: remark, felder: ['positionen'] });
}

export interface PositionOptionen {
  lockToken?: string;
  remark?: string;
  /** Skip the editable check (a transform or the seed filling a document it just made). */
  ohnePruefung?: boolean;
  quellePositionId?: number | null;
}

/**
 * Adds a position: an article line (by artikelId or artikelnummer; price determined with its explanation unless
 * einzelpreis is given) or a text line (T: title and description; quantity and prices blanked). Answers the new
 * position; the head's totals are recomputed.
 */
export async function addPosition(trx: Db, actor: Actor, belegId: number, data: PositionNeu, opts: PositionOptionen = {}): Promise<PositionRow> {
  const kopf = await loadKopf(trx, belegId, true);
  if (!opts.ohnePruefung) await assertEditable(trx, actor, kopf, opts.lockToken);
  const vorhanden = await trx
    .selectFrom('belegPositionen')
    .select(['id', 'position'])
    .where('belegId', '=', belegId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const ende = (vorhanden.at(-1)?.position ?? 0) + 10;
  let werte: Omit<PositionRow, 'id' | 'belegId' | 'position' | 'mengeGeliefert' | 'mengeUebernommen' | 'quellePositionId'>;
  if ((data.positionsArt ?? 'A') === 'T') {
    werte = {
      positionsArt: 'T',
      artikelId: null,
      artikelnummer: null,
      bezeichnung: (data.bezeichnung ?? '').trim(),
      beschreibung: data.beschreibung ?? null,
      menge: 0,
      mengeneinheit: null,
      einzelpreis: 0,
      rabatt1: 0,
      rabatt2: 0,
      teuerungszuschlag: 0,
      eilzuschlag: 0,
      endpreis: 0,
      mwstSatz: 0,
      gesamtpreis: 0,
      ek: null,
      gewicht: null,
      lagId: null,
      lagerNr: null,
      preisManuell: false,
      preisHerkunft: null,
    };
  } else {
    await pruefeEkRecht(trx, actor, data.ek);
    const artikel = await ladeArtikel(trx, data);
    const lagerNr = await pruefeLager(trx, data.lagId);
    const menge = qty3.toDb(data.menge ?? 1);
    const preis = await preisFuer(trx, kopf, artikel, menge, data.einzelpreis);
    const texte = await kundenTexte(trx, kopf.adresseId, artikel);
    const zeile = {
      positionsArt: 'A',
      artikelId: artikel.id,
      artikelnummer: artikel.artikelnummer,
      bezeichnung: data.bezeichnung?.trim() || texte.bezeichnung,
      beschreibung: data.beschreibung !== undefined ? data.beschreibung : texte.beschreibung,
      menge,
      mengeneinheit: data.mengeneinheit !== undefined ? data.mengeneinheit : artikel.mengeneinheit,
      einzelpreis: preis.einzelpreis,
      rabatt1: data.rabatt1 !== undefined ? percent2.toDb(data.rabatt1) : preis.rabatt1,
      rabatt2: data.rabatt2 !== undefined ? percent2.toDb(data.rabatt2) : preis.rabatt2,
      teuerungszuschlag: percent2.toDb(data.teuerungszuschlag ?? 0),
      eilzuschlag: money2.toDb(data.eilzuschlag ?? 0),
      mwstSatz: data.mwstSatz !== undefined ? percent2.toDb(data.mwstSatz) : artikel.mwstsatz,
      ek: data.ek !== undefined ? (data.ek === null ? null : money4.toDb(data.ek)) : artikel.ek,
      // grams per unit (a fraction of a gram is rounded: weights are not money)
      gewicht: artikel.gewicht === null ? null : Math.round(artikel.gewicht),
      lagId: data.lagId ?? null,
      lagerNr: data.lagerNr !== undefined ? data.lagerNr : lagerNr,
      preisManuell: preis.manuell,
      preisHerkunft: JSON.stringify(preis.herkunft),
    };
    werte = { ...zeile, ...rechne(() => zeilenWerte(zeile)) };
  }
  const { id } = await trx
    .insertInto('belegPositionen')
    .values({ ...werte, belegId, position: ende, quellePositionId: opts.quellePositionId ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (data.position !== undefined) {
    // insert before the position with that number (or at the end when there is none)
    const ids = vorhanden.map((v) => v.id);
    const at = vorhanden.findIndex((v) => v.position >= (data.position as number));
    ids.splice(at < 0 ? ids.length : at, 0, id);
    await nummeriere(trx, ids, new Map([...vorhanden.map((v) => [v.id, v.position] as [number, number]), [id, ende]]));
  }
  if (data.ek !== undefined && werte.positionsArt !== 'T') await addHistory(trx, belegId, 'H', `Einkaufspreis von ${werte.bezeichnung} manuell gesetzt`, actor);
  await beruehrt(trx, actor, kopf, `Position hinzugefügt: ${werte.bezeichnung}`, opts.remark);
  await recalcTotals(trx, belegId);
  return loadPosition(trx, belegId, id);
}

/** Price of an article line: by hand (MANUELL) or determined for the document's address and date. */
/**
 * The texts of an article line: the customer's own designation and text when the address's customer price says to
 * use them (abweichendeTexteNutzen), else the article's.
 */
async function kundenTexte(trx: Db, adresseId: number, artikel: ArtikelRow): Promise<{ bezeichnung: string; beschreibung: string | null }> {
  const k = await trx
    .selectFrom('kundensonderpreise')
    .select(['abweichendeTexteNutzen', 'abweichendeArtikelbezeichnung', 'abweichenderArtikeltext'])
    .where('adresseId', '=', adresseId)
    .where('artikelnummer', '=', artikel.artikelnummer)
    .executeTakeFirst();
  if (!k?.abweichendeTexteNutzen) return { bezeichnung: artikel.bezeichnung, beschreibung: artikel.artikeltext };
  return { bezeichnung: k.abweichendeArtikelbezeichnung?.trim() || artikel.bezeichnung, beschreibung: k.abweichenderArtikeltext ?? artikel.artikeltext };
}

async function preisFuer(trx: Db, kopf: KopfRow, artikel: ArtikelRow, menge: number, handpreis: number | undefined) {
  if (handpreis !== undefined) {
    const einzelpreis = money4.toDb(handpreis);
    return { einzelpreis, rabatt1: 0, rabatt2: 0, manuell: true, herkunft: manuellerPreis(einzelpreis, menge, kopf.belegdatum, artikel.vknetto) };
  }
  const e = bestimmePreis(await ladePreisDaten(trx, kopf.adresseId, artikel), Math.abs(menge), kopf.belegdatum);
  return { ...e, manuell: false };
}

export async function loadPosition(trx: Db, belegId: number, positionId: number): Promise<PositionRow> {
  const p = await trx.selectFrom('belegPositionen').selectAll().where('id', '=', positionId).where('belegId', '=', belegId).executeTakeFirst();
  if (!p) throw notFound('Position');
  return p;
}

/**
 * Changes a position. Text lines take title and description only. For an article line a new article or quantity
 * determines the price again unless it was entered by hand; `einzelpreis` sets a manual price, `preisNeuErmitteln`
 * drops it. Discounts given are kept; otherwise a new determination sets them.
 */
export async function updatePosition(
  trx: Db,
  actor: Actor,
  belegId: number,
  positionId: number,
  data: PositionAenderung,
  opts: PositionOptionen = {},
): Promise<PositionRow> {
  const kopf = await loadKopf(trx, belegId, true);
  if (!opts.ohnePruefung) await assertEditable(trx, actor, kopf, opts.lockToken);
  const p = await loadPosition(trx, belegId, positionId);
  let neu: Partial<PositionRow>;
  if (istTextzeile(p)) {
    const errors: FieldErrors = {};
    if (data.bezeichnung !== undefined && !data.bezeichnung.trim()) errors.bezeichnung = ['Bitte einen Titel eingeben'];
    if (Object.keys(errors).length) throw badRequest('Bitte die Eingaben prüfen!', errors);
    neu = {
      ...(data.bezeichnung !== undefined ? { bezeichnung: data.bezeichnung.trim() } : {}),
      ...(data.beschreibung !== undefined ? { beschreibung: data.beschreibung } : {}),
    };
  } else {
    await pruefeEkRecht(trx, actor, data.ek);
    if (data.bezeichnung !== undefined && !data.bezeichnung.trim())
      throw badRequest('Bitte die Eingaben prüfen!', { bezeichnung: ['Bitte eine Bezeichnung eingeben'] });
    const artikelNeu = data.artikelId !== undefined || data.artikelnummer !== undefined;
    // a line taken over from a previous document keeps its article and quantity (the source counts them as adopted)
    if (p.quellePositionId !== null && (artikelNeu || (data.menge !== undefined && qty3.toDb(data.menge) !== p.menge))) {
      throw unprocessable(
        `Position ${p.position} wurde aus einem Vorgängerbeleg übernommen: Artikel und Menge bleiben; für weniger Menge bitte teilweise übernehmen`,
        {
          [artikelNeu ? 'artikelnummer' : 'menge']: ['Übernommene Position: nicht änderbar'],
        },
      );
    }
    const artikel = artikelNeu
      ? await ladeArtikel(trx, data)
      : p.artikelId !== null
        ? await ladeArtikel(trx, { artikelId: p.artikelId }).catch(() => null)
        : null;
    const menge = data.menge !== undefined ? qty3.toDb(data.menge) : p.menge;
    const lagerNr = data.lagId !== undefined ? await pruefeLager(trx, data.lagId) : undefined;
    neu = {};
    if (artikel && artikelNeu) {
      const texte = await kundenTexte(trx, kopf.adresseId, artikel);
      Object.assign(neu, {
        artikelId: artikel.id,
        artikelnummer: artikel.artikelnummer,
        bezeichnung: texte.bezeichnung,
        beschreibung: texte.beschreibung,
        mengeneinheit: artikel.mengeneinheit,
        mwstSatz: artikel.mwstsatz,
        ek: artikel.ek,
        gewicht: artikel.gewicht === null ? null : Math.round(artikel.gewicht),
      });
    }
    const ermitteln = data.einzelpreis === undefined && (data.preisNeuErmitteln || ((artikelNeu || menge !== p.menge) && !p.preisManuell));
    if (data.einzelpreis !== undefined && artikel) {
      const pr = await preisFuer(trx, kopf, artikel, menge, data.einzelpreis);
      Object.assign(neu, { einzelpreis: pr.einzelpreis, preisManuell: true, preisHerkunft: JSON.stringify(pr.herkunft) });
    } else if (data.einzelpreis !== undefined) {
      const einzelpreis = money4.toDb(data.einzelpreis);
      Object.assign(neu, { einzelpreis, preisManuell: true, preisHerkunft: JSON.stringify(manuellerPreis(einzelpreis, menge, kopf.belegdatum, null)) });
    } else if (ermitteln && artikel) {
      const pr = await preisFuer(trx, kopf, artikel, menge, undefined);
      Object.assign(neu, {
        einzelpreis: pr.einzelpreis,
        rabatt1: pr.rabatt1,
        rabatt2: pr.rabatt2,
        preisManuell: false,
        preisHerkunft: JSON.stringify(pr.herkunft),
      });
    }
    const d = positionCodecs.encodeRow(
      Object.fromEntries(
        Object.entries({
          bezeichnung: data.bezeichnung?.trim(),
          beschreibung: data.beschreibung,
          menge: data.menge,
          mengeneinheit: data.mengeneinheit,
          rabatt1: data.rabatt1,
          rabatt2: data.rabatt2,
          teuerungszuschlag: data.teuerungszuschlag,
          eilzuschlag: data.eilzuschlag,
          mwstSatz: data.mwstSatz,
          ek: data.ek,
          lagId: data.lagId,
        }).filter(([, v]) => v !== undefined),
      ),
    ) as Partial<PositionRow>;
    Object.assign(neu, d);
    if (lagerNr !== undefined && data.lagerNr === undefined) neu.lagerNr = lagerNr;
    if (data.lagerNr !== undefined) neu.lagerNr = data.lagerNr;
    Object.assign(
      neu,
      rechne(() => zeilenWerte({ ...p, ...neu } as PositionRow)),
    );
  }
  const geaendert = Object.keys(neu).filter((k) => JSON.stringify(neu[k as keyof PositionRow]) !== JSON.stringify(p[k as keyof PositionRow]));
  if (geaendert.length) {
    await trx
      .updateTable('belegPositionen')
      .set(Object.fromEntries(geaendert.map((k) => [k, neu[k as keyof PositionRow]])))
      .where('id', '=', positionId)
      .execute();
    if (geaendert.includes('ek') && data.ek !== undefined)
      await addHistory(trx, belegId, 'H', `Einkaufspreis von Position ${p.position} manuell geändert`, actor);
    await beruehrt(trx, actor, kopf, `Position ${p.position} geändert: ${geaendert.filter((k) => k !== 'preisHerkunft').join(', ')}`, opts.remark);
    await recalcTotals(trx, belegId);
  }
  return loadPosition(trx, belegId, positionId);
}

/** Deletes a position; the others are numbered again and the totals recomputed. */
export async function deletePosition(trx: Db, actor: Actor, belegId: number, positionId: number, opts: PositionOptionen = {}): Promise<KopfRow> {
  const kopf = await loadKopf(trx, belegId, true);
  if (!opts.ohnePruefung) await assertEditable(trx, actor, kopf, opts.lockToken);
  const p = await loadPosition(trx, belegId, positionId);
  if (p.quellePositionId !== null && !istTextzeile(p)) {
    throw unprocessable(`Position ${p.position} wurde aus einem Vorgängerbeleg übernommen; bitte den Beleg löschen oder stornieren`);
  }
  await trx.updateTable('belegPositionen').set({ quellePositionId: null }).where('quellePositionId', '=', positionId).execute();
  await trx.deleteFrom('belegPositionen').where('id', '=', positionId).execute();
  const rest = await trx.selectFrom('belegPositionen').select(['id', 'position']).where('belegId', '=', belegId).orderBy('position').orderBy('id').execute();
  await nummeriere(
    trx,
    rest.map((r) => r.id),
    new Map(rest.map((r) => [r.id, r.position])),
  );
  await beruehrt(trx, actor, kopf, `Position ${p.position} gelöscht: ${p.bezeichnung}`, opts.remark);
  return recalcTotals(trx, belegId);
}

/** New order of the positions: exactly every position id of the document (400 otherwise); numbered 10, 20, 30 … */
export async function reorderPositions(trx: Db, actor: Actor, belegId: number, positionIds: number[], opts: PositionOptionen = {}): Promise<KopfRow> {
  const kopf = await loadKopf(trx, belegId, true);
  if (!opts.ohnePruefung) await assertEditable(trx, actor, kopf, opts.lockToken);
  const rows = await trx.selectFrom('belegPositionen').select(['id', 'position']).where('belegId', '=', belegId).execute();
  const ids = new Set(rows.map((r) => r.id));
  if (positionIds.length !== ids.size || new Set(positionIds).size !== positionIds.length || positionIds.some((i) => !ids.has(i))) {
    throw badRequest('Die Reihenfolge muss jede Position des Belegs genau einmal nennen', { positionIds: ['Jede Position des Belegs genau einmal angeben'] });
  }
  await nummeriere(trx, positionIds, new Map(rows.map((r) => [r.id, r.position])));
  await beruehrt(trx, actor, kopf, 'Positionen neu geordnet');
  return recalcTotals(trx, belegId);
}

// ------------------------------------------------------------------------------------------------ answers

type MwstGespeichert = { satz: number; netto: number; mwst: number }[];

/** The head in its API shape for the actor: `rohertrag` only with ART_EK, `bearbeitbar` for the actor. */
export async function belegAntwort(trx: Db, actor: Actor, idOrKopf: number | KopfRow): Promise<Beleg> {
  const kopf = typeof idOrKopf === 'number' ? await loadKopf(trx, idOrKopf) : idOrKopf;
  const [benutzer, saetze, mitEk, bearbeitbar] = await Promise.all([
    kopf.benutzerId === null ? null : trx.selectFrom('benutzer').select('kuerzel').where('id', '=', kopf.benutzerId).executeTakeFirst(),
    trx
      .selectFrom('belegPositionen')
      .select(['mwstSatz'])
      .select((eb) => eb.fn.sum<number>('gesamtpreis').as('netto'))
      .where('belegId', '=', kopf.id)
      .where('positionsArt', '<>', 'T')
      .groupBy('mwstSatz')
      .execute(),
    may(trx, actor, 'ART_EK'),
    istBearbeitbar(trx, actor, kopf),
  ]);
  // freight is taxed at the main rate (belege.summen.ts): the rate with the largest line net
  let hauptsatz = STANDARD_MWST;
  let groesste: number | null = null;
  for (const s of saetze) {
    const n = Number(s.netto);
    if (groesste === null || n > groesste || (n === groesste && s.mwstSatz > hauptsatz)) {
      groesste = n;
      hauptsatz = s.mwstSatz;
    }
  }
  const { suche: _s, ...rest } = kopf as KopfRow & { suche?: unknown };
  const d = kopfCodecs.decodeRow(rest);
  const aufteilung = (kopf.mwstAufteilung ? JSON.parse(kopf.mwstAufteilung) : []) as MwstGespeichert;
  const out: Beleg = {
    ...(d as unknown as Omit<Beleg, 'belegtyp' | 'mwstAufteilung' | 'frachtkostenBrutto' | 'benutzer' | 'bearbeitbar'>),
    freigabe: !!kopf.freigabe,
    fixtermin: !!kopf.fixtermin,
    belegtyp: kopf.belegart.slice(0, 2),
    mwstAufteilung: aufteilung.map((a) => ({ satz: percent2.fromDb(a.satz), netto: money2.fromDb(a.netto), mwst: money2.fromDb(a.mwst) })),
    frachtkostenBrutto: money2.fromDb(gross(kopf.frachtkosten, hauptsatz)),
    benutzer: benutzer?.kuerzel ?? null,
    bearbeitbar,
  };
  if (!mitEk) delete out.rohertrag;
  return out;
}

/** A position in its API shape: text lines answer null for quantity and prices; `ek` only when `mitEk`. */
export function positionAntwort(p: PositionRow, mitEk: boolean): BelegPosition {
  const d = positionCodecs.decodeRow(p) as unknown as Record<string, unknown>;
  const text = istTextzeile(p);
  const out = {
    ...d,
    positionsArt: text ? 'T' : 'A',
    preisManuell: !!p.preisManuell,
    preisHerkunft: p.preisHerkunft ? (JSON.parse(p.preisHerkunft) as PreisHerkunft) : null,
    ...(text
      ? {
          menge: null,
          einzelpreis: null,
          rabatt1: null,
          rabatt2: null,
          teuerungszuschlag: null,
          eilzuschlag: null,
          endpreis: null,
          gesamtpreis: null,
          ek: null,
        }
      : {}),
  } as BelegPosition;
  if (!mitEk) delete out.ek;
  return out;
}

export async function positionenAntwort(trx: Db, actor: Actor, belegId: number): Promise<BelegPosition[]> {
  const { positionen } = await loadBeleg(trx, belegId);
  const mitEk = await may(trx, actor, 'ART_EK');
  return positionen.map((p) => positionAntwort(p, mitEk));
}

/** The history rows of a document, newest first; date and time in German local time. */
export async function historieAntwort(trx: Db, belegId: number): Promise<z.input<typeof belegHistorieZeile>[]> {
  await loadKopf(trx, belegId);
  const rows = await trx
    .selectFrom('belegStatushistorie as h')
    .leftJoin('benutzer as u', 'u.id', 'h.benutzerId')
    .select(['h.id', 'h.art', 'h.text', 'h.belegstatus', 'h.benutzerId', 'h.zeitpunkt', 'u.kuerzel'])
    .where('h.belegId', '=', belegId)
    .orderBy('h.zeitpunkt', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
  return rows.map((r) => {
    const { tag: datum, zeit: uhrzeit } = tagUndZeitVon(r.zeitpunkt);
    return {
      id: r.id,
      art: r.art,
      artText: (HISTORY_CODES as Record<string, string>)[r.art] ?? r.art,
      text: r.text,
      belegstatus: r.belegstatus,
      benutzerId: r.benutzerId,
      benutzer: r.kuerzel ?? null,
      datum,
      uhrzeit,
      zeitpunkt: r.zeitpunkt,
    };
  });
}

export const belegLocation = (id: number) => `${API_PREFIX}/verkauf/belege/${id}`;
