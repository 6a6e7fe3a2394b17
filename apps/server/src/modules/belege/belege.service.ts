import { BELEGSTATUS_WERTE, type belegAenderung, belegartVon, type belegNeu, standardTexte, VERKAUF_BELEGARTEN } from '@vario/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { heute } from '../../lib/berlin-time';
import { logChange } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { badRequest, conflict, type FieldErrors, unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/locks';
import { drawNumber } from '../system/nummernkreise.service';
import {
  assertEditable,
  belegName,
  descriptorVon,
  type KopfRow,
  kopfCodecs,
  LOCK,
  loadKopf,
  pruefeFremdUndSperre,
  pruefeZustand,
  recalcTotals,
  typName,
  verwerfenAblehnung,
} from './belege.core';
import { addHistory, HISTORY_CODES } from './belege.history';
import { gibUebernahmeFrei } from './belege.uebernahme';

/**
 * The document service (issue 11 item 2): create, change and delete documents (positions: belege.positionen.ts); every function
 * takes the transaction first and writes nothing outside it. Rules:
 * - a document is changed only in the states the status table allows (`aendern`: 1 or 2, BEL-027; 422), another user's document only with BEK_FREMDBEARB
 *   (RIGHT-021; 403), and not while another user holds its record lock (423);
 * - delete only unbooked documents (status 1 or 2, never booked) — the route requires BEK_LOESCHEN (RIGHT-020);
 * - every position write determines the price (belege.preise.ts) and recomputes the totals (belege.summen.ts);
 * - purchase prices (`ek`) are set only with ART_EK and answered only with it, like the gross profit (RIGHT-012).
 */

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
    const { nummer, text } = await drawNumber(trx, descriptorVon(belegart).nummernkreis.name);
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
  if (!belegartVon(data.belegart)?.zumDeal) {
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
 * delivery terms from the address, head and foot texts the type's defaults unless given (`standardTexte`), history
 * row A. Answers the head (stored units).
 */
export async function createBeleg(trx: Db, actor: Actor, data: BelegNeuDaten, remark?: string, opts: { gesperrtErlaubt?: boolean } = {}): Promise<KopfRow> {
  if (!VERKAUF_BELEGARTEN.includes(data.belegart)) throw badRequest('Unbekannte Belegart', { belegart: ['Unbekannte Belegart'] });
  const adresse = await trx
    .selectFrom('adressen')
    .select(['id', 'name1', 'gesperrt', 'zahlart', 'lieferart'])
    .where('id', '=', data.adresseId)
    .executeTakeFirst();
  if (!adresse) throw badRequest('Die Adresse gibt es nicht', { adresseId: ['Die Adresse gibt es nicht'] });
  if (adresse.gesperrt && !opts.gesperrtErlaubt)
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
      belegstatus: belegstatus ?? BELEGSTATUS_WERTE.gespeichert,
      adresseId,
      adresseName: adresse.name1,
      rechnungsadresseId: zusatz.find((z) => z.art === 'RECHNUNGSADRESSE')?.id ?? null,
      lieferadresseId: zusatz.find((z) => z.art === 'LIEFERADRESSE')?.id ?? null,
      zahlart: adresse.zahlart,
      lieferart: adresse.lieferart,
      zustaendigerMitarbeiter: actor.id,
      ...standardTexte(belegart),
      ...werte,
      dealId: dealId ?? null,
      benutzerId: actor.id,
      angelegtAm: jetzt,
      geaendertAm: jetzt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addHistory(trx, row.id, 'A', `${typName(belegart)} ${belegnummer} angelegt`, actor, belegstatus ?? BELEGSTATUS_WERTE.gespeichert);
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
  pruefeZustand('loeschen', kopf, () => `${belegName(kopf)} ist gebucht oder übernommen und kann nicht gelöscht werden`);
  await pruefeFremdUndSperre(trx, actor, 'loeschen', kopf, opts.lockToken);
  const folge = await trx.selectFrom('belege').select(['belegnummer']).where('vorgaengerId', '=', id).executeTakeFirst();
  if (folge) throw conflict(`Aus ${belegName(kopf)} wurde bereits ${folge.belegnummer} erzeugt; der Beleg kann nicht gelöscht werden`);
  const uebernommen = await trx
    .selectFrom('belegPositionen')
    .select('id')
    .where('belegId', '=', id)
    .where('quellePositionId', 'is not', null)
    .executeTakeFirst();
  if (uebernommen) await gibUebernahmeFrei(trx, actor, id, `${belegName(kopf)} gelöscht`);
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

/**
 * Discards a document made by mistake (issue 20 item 12): its maker, while it is new and empty (`verwerfenAblehnung`;
 * 422 with the reason otherwise), deletes it like `deleteBeleg` — BEK_AENDERN suffices, BEK_LOESCHEN is not needed.
 */
export async function verwerfeBeleg(trx: Db, actor: Actor, id: number, opts: { lockToken?: string; remark?: string } = {}): Promise<void> {
  const kopf = await loadKopf(trx, id, true);
  const grund = await verwerfenAblehnung(trx, actor, kopf);
  if (grund) throw unprocessable(grund, { id: [grund] });
  await deleteBeleg(trx, actor, id, { ...opts, remark: opts.remark ?? `${belegName(kopf)} verworfen` });
}
