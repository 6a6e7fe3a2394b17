import { type Kysely, sql } from 'kysely';

/**
 * Number ranges and session-bound locks.
 *
 * `nummernkreise`: one row per range (address, customer, supplier numbers; documents, tickets, orders for the next
 * areas). A number is drawn inside the insert's transaction by one statement (`update … set naechste = naechste + 1
 * … returning`), which row-locks the range on PostgreSQL and runs inside SQLite's serial write transaction, so two
 * creates can never draw the same number. Each range starts after the highest number already stored.
 *
 * `sperren.sitzungId`: the session that took a lock; deleting the session (logout, password change, purge of expired
 * sessions) deletes its locks.
 */
export const RANGES: { name: string; bezeichnung: string; praefix: string; start: number; column?: [string, string] }[] = [
  { name: 'ADRESSE', bezeichnung: 'Adressnummern', praefix: '', start: 10_000, column: ['adressen', 'adressnummer'] },
  { name: 'KUNDE', bezeichnung: 'Kundennummern', praefix: '', start: 100_000, column: ['adressen', 'kundennummer'] },
  { name: 'LIEFERANT', bezeichnung: 'Lieferantennummern', praefix: '', start: 700_000, column: ['adressen', 'lieferantennummer'] },
  { name: 'BELEG', bezeichnung: 'Belegnummern', praefix: '', start: 100_000 },
  { name: 'TICKET', bezeichnung: 'Ticketnummern', praefix: 'T', start: 1 },
  { name: 'AUFTRAG', bezeichnung: 'Auftragsnummern', praefix: 'A', start: 1 },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nummernkreise')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('praefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start', 'bigint', (c) => c.notNull())
    .addColumn('naechste', 'bigint', (c) => c.notNull())
    .execute();
  for (const r of RANGES) {
    let naechste = r.start;
    if (r.column) {
      const [table, column] = r.column;
      const { rows } = await sql<{ n: number | string | null }>`select max(${sql.ref(column)}) as n from ${sql.table(table)}`.execute(db);
      naechste = Math.max(r.start, Number(rows[0]?.n ?? 0) + 1);
    }
    await sql`insert into nummernkreise (name, bezeichnung, praefix, start, naechste)
      values (${r.name}, ${r.bezeichnung}, ${r.praefix}, ${r.start}, ${naechste})`.execute(db);
  }

  await db.schema
    .alterTable('sperren')
    .addColumn('sitzungId', 'integer', (c) => c.references('sitzungen.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sperren_sitzung_idx').on('sperren').column('sitzungId').execute();
  await db.schema.createIndex('sperren_benutzer_idx').on('sperren').columns(['benutzerId', 'gueltigBis']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sperren_benutzer_idx').execute();
  await db.schema.dropIndex('sperren_sitzung_idx').execute();
  await db.schema.alterTable('sperren').dropColumn('sitzungId').execute();
  await db.schema.dropTable('nummernkreise').execute();
}
