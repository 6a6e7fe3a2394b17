import { ANHANG_MAX_BYTES, TICKET_AUFZAEHLUNGEN, TICKET_GESCHLOSSEN_AB, type TicketAufzaehlung, ticketGeschlossen } from '@vario/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/schema-helpers';
import { nowIso } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { imageType } from '../../lib/files';
import type { Actor } from '../../lib/locks';
import { assertRef } from '../../lib/refs';
import type { Row } from '../../lib/resource';

/** The table of each enumeration (path segment → table). */
export const AUFZAEHLUNG_TABELLEN = {
  abrechnungsarten: 'ticketAbrechnungsarten',
  abrechnungsregeln: 'ticketAbrechnungsregeln',
  prioritaeten: 'ticketPrioritaeten',
  rollen: 'ticketRollen',
  statustexte: 'ticketStatustexte',
  arten: 'ticketArten',
} as const satisfies Record<TicketAufzaehlung, string>;

const nummer = (n: number) => `T${n}`;

/** The ticket as stored; 404 when it does not exist. `lock`: row-locked until the transaction ends (PostgreSQL). */
export async function ladeTicket(trx: Db, id: number, dialect: Dialect, lock = false) {
  let q = trx.selectFrom('tickets').selectAll().where('id', '=', id);
  if (lock && dialect === 'postgres') q = q.forUpdate();
  const t = await q.executeTakeFirst();
  if (!t) throw notFound('Ticket');
  return t;
}

/**
 * The effort spent on a ticket and on all its sub-tickets, however deep: the minutes of their activities, summed by one
 * recursive query (the same SQL on SQLite and PostgreSQL; `union` stops at a cycle should one ever exist).
 */
export async function aufwandIst(db: Db, ticketId: number): Promise<number> {
  const { rows } = await sql<{ n: number | string | null }>`
    with recursive baum(id) as (
      select id from tickets where id = ${ticketId}
      union
      select t.id from tickets t join baum b on t."hauptTicketId" = b.id
    )
    select coalesce(sum(a.dauer), 0) as n from aktivitaeten a where a."ticketId" in (select id from baum)`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Ids of a ticket and all its sub-tickets. */
async function teilbaum(db: Db, ticketId: number): Promise<Set<number>> {
  const { rows } = await sql<{ id: number }>`
    with recursive baum(id) as (
      select id from tickets where id = ${ticketId}
      union
      select t.id from tickets t join baum b on t."hauptTicketId" = b.id
    )
    select id from baum`.execute(db);
  return new Set(rows.map((r) => Number(r.id)));
}

const USER_FIELDS = [
  'verantwortlichBenutzerId',
  'angefordertVonBenutzerId',
  'zugeordnetBenutzerId',
  'nachErledigungZurueckAnBenutzerId',
  'rueckfrageAnBenutzerId',
];

/**
 * The rules of a ticket write (TKT-012…017, issue 22 item 9), in the write's transaction:
 * - a closed ticket (status ≥ 90) is read-only: 409, except a change of only its status below 90 (reopening), which
 *   its main ticket must allow (not closed);
 * - a ticket is closed only when none of its sub-tickets is open (409 naming them); a sub-ticket is created or moved
 *   only under an open main ticket, never under itself or one of its own sub-tickets;
 * - the enumerations' values must exist (400 on the field), users, address and documents too;
 * - `adresseName` follows the address.
 * Parallel requests on PostgreSQL: the changed ticket is row-locked by the write (before-image), a main ticket is
 * row-locked here before its status is read, so a close and a create/reopen of one of its sub-tickets run one after
 * the other and the second sees the first.
 */
export async function ticketRegeln(trx: Db, dialect: Dialect, data: Row, existing?: Row): Promise<Row> {
  const changed = existing ? Object.keys(data).filter((k) => data[k] !== undefined && JSON.stringify(data[k]) !== JSON.stringify(existing[k] ?? null)) : [];
  const out: Row = { ...data };
  if (existing && ticketGeschlossen(existing.status as number)) {
    const reopen = changed.length === 1 && changed[0] === 'status' && !ticketGeschlossen(data.status as number);
    if (!reopen && changed.length > 0)
      throw conflict(`Das Ticket ${nummer(existing.ticketNummer as number)} ist geschlossen (Status ab 90) und kann nicht geändert werden`);
  }

  for (const [name, field] of Object.entries(TICKET_AUFZAEHLUNGEN) as [TicketAufzaehlung, string][]) {
    const v = data[field];
    if (v === undefined) continue;
    const hit = await trx
      .selectFrom(AUFZAEHLUNG_TABELLEN[name])
      .select('wert')
      .where('wert', '=', v as number)
      .executeTakeFirst();
    if (!hit) throw badRequest('Bitte die Eingaben prüfen!', { [field]: [`Unbekannter Wert: ${v}`] });
  }
  for (const f of USER_FIELDS) await assertRef(trx, 'benutzer', data[f] as number | null | undefined, f);
  for (const f of ['angebotBelegId', 'auftragBelegId']) await assertRef(trx, 'belege', data[f] as number | null | undefined, f);
  if (data.adresseId !== undefined) {
    const adr = await trx
      .selectFrom('adressen')
      .select(['id', 'name1'])
      .where('id', '=', data.adresseId as number)
      .executeTakeFirst();
    if (!adr) throw badRequest('Bitte die Eingaben prüfen!', { adresseId: [`Unbekannte Adresse: ${data.adresseId}`] });
    out.adresseName = adr.name1;
  }

  const id = existing?.id as number | undefined;
  const hauptNeu =
    data.hauptTicketId !== undefined && (!existing || data.hauptTicketId !== existing.hauptTicketId) ? (data.hauptTicketId as number | null) : undefined;
  const status = (data.status ?? existing?.status ?? 0) as number;
  const reopening = existing && ticketGeschlossen(existing.status as number) && !ticketGeschlossen(status);
  // the main ticket this ticket has after the write: locked and checked when it gains an open sub-ticket
  const haupt = hauptNeu !== undefined ? hauptNeu : ((existing?.hauptTicketId as number | null | undefined) ?? null);
  if (haupt !== null && (hauptNeu !== undefined || reopening) && !ticketGeschlossen(status)) {
    if (id !== undefined && (await teilbaum(trx, id)).has(haupt))
      throw badRequest('Bitte die Eingaben prüfen!', { hauptTicketId: ['Ein Ticket kann nicht unter sich selbst oder einem seiner Untertickets stehen'] });
    let q = trx.selectFrom('tickets').select(['id', 'ticketNummer', 'status']).where('id', '=', haupt);
    if (dialect === 'postgres') q = q.forUpdate();
    const h = await q.executeTakeFirst();
    if (!h) throw badRequest('Bitte die Eingaben prüfen!', { hauptTicketId: [`Unbekanntes Ticket: ${haupt}`] });
    if (ticketGeschlossen(h.status))
      throw conflict(`Das Hauptticket ${nummer(h.ticketNummer)} ist geschlossen: es kann kein offenes Unterticket haben`, {
        hauptTicketId: [`Das Hauptticket ${nummer(h.ticketNummer)} ist geschlossen`],
      });
  } else if (hauptNeu !== undefined && hauptNeu !== null) {
    if (id !== undefined && (await teilbaum(trx, id)).has(hauptNeu))
      throw badRequest('Bitte die Eingaben prüfen!', { hauptTicketId: ['Ein Ticket kann nicht unter sich selbst oder einem seiner Untertickets stehen'] });
    await assertRef(trx, 'tickets', hauptNeu, 'hauptTicketId');
  }

  if (id !== undefined && ticketGeschlossen(status) && !ticketGeschlossen(existing?.status as number)) {
    const offen = await trx
      .selectFrom('tickets')
      .select('ticketNummer')
      .where('hauptTicketId', '=', id)
      .where('status', '<', TICKET_GESCHLOSSEN_AB)
      .orderBy('ticketNummer')
      .execute();
    if (offen.length > 0) {
      const namen = offen.map((o) => nummer(o.ticketNummer)).join(', ');
      throw conflict(`Das Ticket kann nicht geschlossen werden, solange Untertickets offen sind: ${namen}`, {
        status: [`Offene Untertickets: ${namen}`],
      });
    }
  }
  return out;
}

/** A reminder for the user a question goes to (`rueckfrageAnBenutzerId`), unless one for this ticket is there already. */
export async function rueckfrageErinnerung(trx: Db, actor: Actor, row: Row): Promise<void> {
  const an = row.rueckfrageAnBenutzerId as number | null;
  if (!an) return;
  const da = await trx
    .selectFrom('erinnerungen')
    .select('id')
    .where('benutzerId', '=', an)
    .where('tabelle', '=', 'TKT')
    .where('tabelleId', '=', row.id as number)
    .executeTakeFirst();
  if (da) return;
  await trx
    .insertInto('erinnerungen')
    .values({
      benutzerId: an,
      erinnerungDatum: nowIso(15 * 60_000),
      bemerkung: `Rückfrage zu Ticket ${nummer(row.ticketNummer as number)}: ${row.betreff as string}`.slice(0, 2000),
      tabelle: 'TKT',
      tabelleId: row.id as number,
      erstelltVon: actor.id,
    })
    .execute();
}

/** TKT-015 and what a delete takes along: refused while it has activities, sub-tickets or is closed. */
export async function ticketLoeschen(trx: Db, before: Row): Promise<void> {
  const id = before.id as number;
  const nr = nummer(before.ticketNummer as number);
  if (ticketGeschlossen(before.status as number)) throw conflict(`Das Ticket ${nr} ist geschlossen und kann nicht gelöscht werden`);
  const akt = await trx
    .selectFrom('aktivitaeten')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ticketId', '=', id)
    .executeTakeFirst();
  if (Number(akt?.n ?? 0) > 0) throw conflict(`Das Ticket ${nr} hat Aktivitäten (${Number(akt?.n)}) und kann nicht gelöscht werden`);
  const sub = await trx.selectFrom('tickets').select('ticketNummer').where('hauptTicketId', '=', id).execute();
  if (sub.length > 0) throw conflict(`Das Ticket ${nr} hat Untertickets (${sub.map((s) => nummer(s.ticketNummer)).join(', ')}) und kann nicht gelöscht werden`);
  await trx.deleteFrom('adressDateien').where('ticketId', '=', id).execute();
  await trx.deleteFrom('erinnerungen').where('tabelle', '=', 'TKT').where('tabelleId', '=', id).execute();
}

const ANHANG_TYPEN = 'PDF, PNG, JPEG, Text/CSV, DOCX, XLSX';
const refuse = (message: string) => badRequest(message, { daten: [message] });

/**
 * The type of an attachment, decided by its bytes (the name only tells text from CSV and which Office file a zip is):
 * PDF, PNG, JPEG, UTF-8 text without control bytes (.txt/.csv), an Office Open XML zip (.docx with word/, .xlsx with
 * xl/). Anything else, an empty or an oversized file: 400 on `daten`.
 */
export function anhangTyp(dateiname: string, daten: Buffer): string {
  if (daten.length === 0) throw refuse('Die Datei ist leer');
  if (daten.length > ANHANG_MAX_BYTES) throw refuse(`Die Datei ist größer als ${ANHANG_MAX_BYTES / 1024 / 1024} MB`);
  const ext = dateiname.split('.').pop()?.toLowerCase() ?? '';
  if (daten.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const img = imageType(daten);
  if (img === 'image/png' || img === 'image/jpeg') return img;
  const zip = daten.length > 4 && daten.readUInt32BE(0) === 0x504b0304;
  if (zip && ext === 'docx' && daten.includes('word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (zip && ext === 'xlsx' && daten.includes('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if ((ext === 'txt' || ext === 'csv') && !zip && !img) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(daten);
    } catch {
      throw refuse('Die Textdatei ist kein gültiges UTF-8');
    }
    // no control bytes other than tab, line feed, form feed and carriage return
    const steuer = daten.some((b) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f);
    if (steuer) throw refuse('Die Textdatei enthält Steuerzeichen');
    return ext === 'csv' ? 'text/csv' : 'text/plain';
  }
  throw refuse(`Dieser Dateityp ist nicht erlaubt (erlaubt: ${ANHANG_TYPEN})`);
}
