import { type Kysely, sql } from 'kysely';
import { dialectOf, withId } from '../schema-helpers';
import { searchTextSql } from '../search-fold';

/**
 * Tickets (issue 22 items 5–9; spec 2 §3 Ticket, TKT-004/005/006): the ticket with every field of the spec, its six
 * enumerations (wert/bezeichnung, TKT-008/010) with their rows, and what a million tickets need:
 * - the list's order (ticketNummer descending) and the address's list walk unique/compound indexes;
 * - the quick search a full-text index over number, subject and address name (SQLite FTS5 `tickets_fts` with its
 *   triggers, PostgreSQL the generated `suche` tsvector with a GIN index), folded like the others (migration 0026);
 * - sub-tickets (`hauptTicketId`) and the effort roll-up (activities by `ticketId`) indexes for the recursive walk.
 * Attachments are files of the ticket's address (`adressDateien.ticketId`, migration 0002), indexed by ticket here.
 * The number range TICKET exists since migration 0005.
 */
const ENUMS: Record<string, [number, string][]> = {
  ticketAbrechnungsarten: [
    [1, 'Nach Aufwand'],
    [2, 'Pauschal'],
    [3, 'Ohne Berechnung'],
  ],
  ticketAbrechnungsregeln: [
    [0, 'Aktivitäten nicht abrechnen'],
    [1, 'Aktivitäten minutengenau abrechnen'],
    [2, 'Jede Aktivität auf 15 Minuten aufrunden'],
  ],
  ticketPrioritaeten: [
    [1, '1 – sehr hoch'],
    [3, '3 – hoch'],
    [5, '5 – normal'],
    [7, '7 – niedrig'],
    [9, '9 – sehr niedrig'],
  ],
  ticketRollen: [
    [0, 'Allgemein'],
    [1, 'Support'],
    [2, 'Entwicklung'],
    [3, 'Vertrieb'],
    [4, 'Service vor Ort'],
  ],
  ticketStatustexte: [
    [0, 'Neu'],
    [10, 'In Bearbeitung'],
    [20, 'Rückfrage'],
    [30, 'Wartet auf Kunde'],
    [50, 'Zurückgestellt'],
    [90, 'Erledigt'],
    [95, 'Abgerechnet'],
    [99, 'Geschlossen'],
  ],
  ticketArten: [
    [0, 'Anfrage'],
    [1, 'Störung'],
    [2, 'Änderungswunsch'],
    [3, 'Aufgabe'],
    [4, 'Reklamation'],
  ],
};

const PG_TEXT = `coalesce("betreff",'') || ' ' || coalesce("adresseName",'')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  for (const [table, rows] of Object.entries(ENUMS)) {
    await withId(db, s.createTable(table))
      .addColumn('wert', 'integer', (c) => c.notNull().unique())
      .addColumn('bezeichnung', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into ${sql.table(table)} (wert, bezeichnung) values ${sql.join(rows.map(([w, b]) => sql`(${w}, ${b})`))}`.execute(db);
  }

  await withId(db, s.createTable('tickets'))
    .addColumn('ticketNummer', 'integer', (c) => c.notNull().unique())
    .addColumn('betreff', 'text', (c) => c.notNull())
    .addColumn('beschreibung', 'text')
    .addColumn('art', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prioritaet', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('adresseId', 'integer', (c) => c.notNull().references('adressen.id'))
    .addColumn('adresseName', 'text')
    .addColumn('rolle', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verantwortlichBenutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('angefordertVonBenutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('zugeordnetBenutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('nachErledigungZurueckAnBenutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('erledigungAb', 'text')
    .addColumn('erledigungBis', 'text')
    .addColumn('abrechnungsart', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('abrechnungsartAktivitaeten', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('aufwandGeschaetzt', 'integer')
    .addColumn('aufwandBeauftragt', 'integer')
    .addColumn('angebotBelegId', 'integer', (c) => c.references('belege.id'))
    .addColumn('auftragBelegId', 'integer', (c) => c.references('belege.id'))
    .addColumn('abrechnungBelegId', 'integer', (c) => c.references('belege.id'))
    .addColumn('freiS01', 'text')
    .addColumn('freiS02', 'text')
    .addColumn('freiS03', 'text')
    .addColumn('freiS04', 'text')
    .addColumn('freiS05', 'text')
    .addColumn('freiS06', 'text')
    .addColumn('freiS07', 'text')
    .addColumn('freiS08', 'text')
    .addColumn('freiS09', 'text')
    .addColumn('freiS10', 'text')
    .addColumn('hauptTicketId', 'integer', (c) => c.references('tickets.id'))
    .addColumn('rueckfrageAnBenutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .addColumn('geaendertAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('tickets_adresse_idx').on('tickets').columns(['adresseId', 'ticketNummer']).execute();
  await s.createIndex('tickets_haupt_idx').on('tickets').columns(['hauptTicketId', 'ticketNummer']).execute();
  await s.createIndex('tickets_status_idx').on('tickets').columns(['status', 'ticketNummer']).execute();
  await s.createIndex('aktivitaeten_ticket_idx').on('aktivitaeten').columns(['ticketId', 'datum']).execute();
  await s.createIndex('aktivitaeten_deal_idx').on('aktivitaeten').columns(['dealId', 'datum']).execute();
  await s.createIndex('adressDateien_ticket_idx').on('adressDateien').columns(['ticketId', 'datum']).execute();

  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(
        `alter table tickets add column suche tsvector generated always as (to_tsvector('simple', "ticketNummer"::text || ' ' || ${searchTextSql(PG_TEXT, 'postgres')})) stored`,
      )
      .execute(db);
    await sql.raw('create index tickets_suche_idx on tickets using gin (suche)').execute(db);
    return;
  }
  const cols = 'rowid, nummer, betreff, adresseName';
  const v = (r: string) => `${r}.id, ${r}.ticketNummer, ${searchTextSql(`${r}.betreff`, 'sqlite')}, ${searchTextSql(`${r}.adresseName`, 'sqlite')}`;
  await sql
    .raw(
      `create virtual table tickets_fts using fts5(nummer, betreff, adresseName, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`,
    )
    .execute(db);
  await sql.raw(`create trigger tickets_fts_ai after insert on tickets begin insert into tickets_fts(${cols}) values (${v('new')}); end`).execute(db);
  await sql.raw('create trigger tickets_fts_ad after delete on tickets begin delete from tickets_fts where rowid = old.id; end').execute(db);
  await sql
    .raw(
      `create trigger tickets_fts_au after update of ticketNummer, betreff, adresseName on tickets begin delete from tickets_fts where rowid = old.id; insert into tickets_fts(${cols}) values (${v('new')}); end`,
    )
    .execute(db);
  await sql`create virtual table tickets_fts_vocab using fts5vocab(tickets_fts, row)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists tickets_fts_${t}`).execute(db);
    await sql`drop table if exists tickets_fts_vocab`.execute(db);
    await sql`drop table if exists tickets_fts`.execute(db);
  }
  for (const i of ['adressDateien_ticket_idx', 'aktivitaeten_deal_idx', 'aktivitaeten_ticket_idx']) await db.schema.dropIndex(i).execute();
  await db.schema.dropTable('tickets').execute();
  for (const table of Object.keys(ENUMS)) await db.schema.dropTable(table).execute();
}
