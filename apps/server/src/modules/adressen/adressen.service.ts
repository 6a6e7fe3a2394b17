import { plzFehler, standardERechnungFormat } from '@vario/contract';
import type { Db } from '../../db/index';
import { logChange } from '../../lib/change-log';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { requireImage } from '../../lib/files';
import { type Actor, assertWritable } from '../../lib/locks';
import { assertRef } from '../../lib/refs';
import type { Row } from '../../lib/resource';
import { claimNumber, drawNumber, type Nummernkreis } from '../system/nummernkreise.service';

/** Address rules: numbering, references, the contact person's picture. Every function takes the transaction first. */

export const NUMMERN_START = { adressnummer: 10_000, kundennummer: 100_000, lieferantennummer: 700_000 } as const;

/** 404 unless the address exists — for every nested path and report. */
export async function requireAdresse(db: Db, id: number) {
  if (!(await db.selectFrom('adressen').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('Adresse');
}

type NummernSpalte = 'adressnummer' | 'kundennummer' | 'lieferantennummer';
const KREIS: Record<NummernSpalte, Nummernkreis> = { adressnummer: 'ADRESSE', kundennummer: 'KUNDE', lieferantennummer: 'LIEFERANT' };
const LABEL: Record<NummernSpalte, string> = { adressnummer: 'Adressnummer', kundennummer: 'Kundennummer', lieferantennummer: 'Lieferantennummer' };

async function taken(trx: Db, column: NummernSpalte, nummer: number, selfId?: unknown) {
  let q = trx.selectFrom('adressen').select('id').where(column, '=', nummer);
  if (typeof selfId === 'number') q = q.where('id', '!=', selfId);
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * The next number of a numbering column from its number range, in the write's transaction (one atomic statement, see
 * `drawNumber`). A number already taken (stored before the range existed) is skipped.
 */
export async function nextNumber(trx: Db, column: NummernSpalte): Promise<number> {
  for (;;) {
    const { nummer } = await drawNumber(trx, KREIS[column]);
    if (!(await taken(trx, column, nummer))) return nummer;
  }
}

/** A number the user gave must be free (409 naming the field); the range then continues after it. */
async function givenNumber(trx: Db, column: NummernSpalte, nummer: number, selfId?: unknown) {
  // the range first: with it locked, no draw of the same number is still uncommitted
  await claimNumber(trx, KREIS[column], nummer);
  if (await taken(trx, column, nummer, selfId)) {
    throw conflict(`Die ${LABEL[column]} ${nummer} ist bereits vergeben`, { [column]: [`Die ${LABEL[column]} ${nummer} ist bereits vergeben`] });
  }
}

/** Referenced delivery terms, payment kind, representatives, price group and country must exist (400 on the field). */
export async function assertAdresseRefs(trx: Db, data: Row) {
  await assertRef(trx, 'lieferbedingungen', data.lieferart as number | null | undefined, 'lieferart');
  await assertRef(trx, 'zahlungsarten', data.zahlart as number | null | undefined, 'zahlart');
  for (const f of ['vertreter1', 'vertreter2', 'vertreter3']) await assertRef(trx, 'benutzer', data[f] as number | null | undefined, f);
  if (typeof data.preisgruppe === 'number') {
    // 1–17 by the contract; the group must also be one of the client's (preisgruppen, APP-028)
    const gruppe = await trx.selectFrom('preisgruppen').select('nummer').where('nummer', '=', data.preisgruppe).executeTakeFirst();
    if (!gruppe) throw badRequest('Bitte die Eingaben prüfen!', { preisgruppe: [`Unbekannte Preisgruppe: ${data.preisgruppe}`] });
  }
  if (typeof data.lkz === 'string') {
    const land = await trx.selectFrom('landeskennzeichen').select('lkz').where('lkz', '=', data.lkz).executeTakeFirst();
    if (!land) throw badRequest('Bitte die Eingaben prüfen!', { lkz: [`Unbekanntes Land: ${data.lkz}`] });
  }
}

/**
 * The postcode fits its country (DE 5 digits, AT/CH 4; issue 20 item 11) — on a change with the stored value of the
 * field the change leaves out, so a new country checks the kept postcode too (400 on `plz`).
 */
export function assertPlz(data: Row, existing?: Row) {
  if (!('plz' in data) && !('lkz' in data)) return;
  const lkz = ('lkz' in data ? data.lkz : existing?.lkz) as string | null | undefined;
  const plz = ('plz' in data ? data.plz : existing?.plz) as string | null | undefined;
  const fehler = plzFehler(lkz, plz);
  if (fehler) throw badRequest('Bitte die Eingaben prüfen!', { plz: [fehler] });
}

/** Column values of a new or changed additional address: the postcode fits its country. */
export function zusatzadresseToRow(_trx: Db, data: Row, existing?: Row): Row {
  assertPlz(data, existing);
  return data;
}

/** Column values of a new or changed address: references checked, numbers drawn in the write's transaction. */
export async function adresseToRow(trx: Db, data: Row, existing?: Row): Promise<Row> {
  assertPlz(data, existing);
  await assertAdresseRefs(trx, data);
  const row: Row = { ...data };
  // e-invoices (issue 24): a new public customer receives XRechnung unless a format is given, others ZUGFeRD
  if (!existing && row.erechnungFormat === undefined) row.erechnungFormat = standardERechnungFormat(row.oeffentlich === true);
  const istKunde = (data.istKunde ?? existing?.istKunde) === true;
  const istLieferant = (data.istLieferant ?? existing?.istLieferant) === true;
  // A customer or supplier gets its number when it becomes one and has none. The ranges are touched in one fixed order
  // (address, customer, supplier), so that two creates on PostgreSQL never wait on each other's range in a cycle.
  const needs = { adressnummer: !existing, kundennummer: istKunde && !existing?.kundennummer, lieferantennummer: istLieferant && !existing?.lieferantennummer };
  for (const column of ['adressnummer', 'kundennummer', 'lieferantennummer'] as const) {
    const given = row[column];
    if (typeof given === 'number') {
      if (given !== existing?.[column]) await givenNumber(trx, column, given, existing?.id);
    } else if (needs[column] && given == null) {
      row[column] = await nextNumber(trx, column);
    }
  }
  return row;
}

/** Kind, user and person of an activity must exist; the person must belong to the activity's address (400 on the field). */
export async function aktivitaetRefs(trx: Db, data: Row, adresseId: number) {
  await requireAdresse(trx, adresseId);
  await assertRef(trx, 'aktivitaetsarten', data.artId as number | undefined, 'artId');
  await assertRef(trx, 'benutzer', data.benutzerId as number | undefined, 'benutzerId');
  await assertRef(trx, 'ansprechpartner', data.ansprechpartnerId as number | null | undefined, 'ansprechpartnerId', { column: 'adresseId', value: adresseId });
}

const PERSON = 'ASP';

/** The person as stored, in the caller's transaction; 404 when it does not exist. */
async function person(trx: Db, id: number) {
  const p = await trx.selectFrom('ansprechpartner').select(['id', 'gfxid']).where('id', '=', id).executeTakeFirst();
  if (!p) throw notFound('Ansprechpartner');
  return p;
}

export async function deletePersonBild(trx: Db, gfxid: number | null) {
  if (gfxid) await trx.deleteFrom('bilder').where('id', '=', gfxid).execute();
}

/** Stores a new picture of a person (images only), replacing the old one: lock check, rows and change log in one transaction. */
export async function setPersonBild(trx: Db, me: Actor, personId: number, bild: { dateiname: string; daten: Buffer }, lockToken?: string) {
  const p = await person(trx, personId);
  const mimeType = requireImage(bild.daten);
  await assertWritable(trx, me, PERSON, personId, lockToken);
  const { id } = await trx.insertInto('bilder').values({ dateiname: bild.dateiname, mimeType, daten: bild.daten }).returning('id').executeTakeFirstOrThrow();
  await trx.updateTable('ansprechpartner').set({ gfxid: id }).where('id', '=', personId).execute();
  await deletePersonBild(trx, p.gfxid);
  await logChange(trx, { tabelle: PERSON, datensatzId: personId, aktion: 'AENDERN', benutzerId: me.id, felder: ['gfxid'] });
}

/** Removes the picture of a person (404 when it has none). */
export async function removePersonBild(trx: Db, me: Actor, personId: number, lockToken?: string) {
  const p = await person(trx, personId);
  if (!p.gfxid) throw notFound('Bild');
  await assertWritable(trx, me, PERSON, personId, lockToken);
  await trx.updateTable('ansprechpartner').set({ gfxid: null }).where('id', '=', personId).execute();
  await deletePersonBild(trx, p.gfxid);
  await logChange(trx, { tabelle: PERSON, datensatzId: personId, aktion: 'AENDERN', benutzerId: me.id, felder: ['gfxid'] });
}
