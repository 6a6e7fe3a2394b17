import { type Kysely, sql } from 'kysely';

/**
 * ART-019 (issue 20 item 18): a product's graduated prices are valid for a period (gueltigVon … gueltigBis, calendar
 * days, open ends allowed), so a price group may hold several scales, one per period (`zeile`). The key gains the row;
 * the table is rebuilt (SQLite cannot change a primary key in place), its rows kept as row 1 without a period.
 */
const COLUMNS = ['artikelId', 'ap', 'preisgruppe', 'stufe', 'menge', 'vk', 'aufschlag'];
const list = (cols: string[]) => sql.join(cols.map((c) => sql.ref(c)));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('artikelPreisstaffelnNeu')
    .addColumn('artikelId', 'integer', (c) => c.notNull().references('artikel.id').onDelete('cascade'))
    .addColumn('ap', 'text', (c) => c.notNull())
    .addColumn('preisgruppe', 'integer', (c) => c.notNull().references('preisgruppen.nummer'))
    .addColumn('zeile', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('stufe', 'integer', (c) => c.notNull())
    .addColumn('menge', 'bigint')
    .addColumn('vk', 'bigint')
    .addColumn('aufschlag', 'integer')
    .addColumn('gueltigVon', 'text')
    .addColumn('gueltigBis', 'text')
    .addPrimaryKeyConstraint('artikelPreisstaffeln_zeile_pk', ['artikelId', 'ap', 'preisgruppe', 'zeile', 'stufe'])
    .execute();
  await sql`insert into ${sql.table('artikelPreisstaffelnNeu')} (${list(COLUMNS)}) select ${list(COLUMNS)} from ${sql.table('artikelPreisstaffeln')}`.execute(
    db,
  );
  await db.schema.dropTable('artikelPreisstaffeln').execute();
  await db.schema.alterTable('artikelPreisstaffelnNeu').renameTo('artikelPreisstaffeln').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('artikelPreisstaffelnAlt')
    .addColumn('artikelId', 'integer', (c) => c.notNull().references('artikel.id').onDelete('cascade'))
    .addColumn('ap', 'text', (c) => c.notNull())
    .addColumn('preisgruppe', 'integer', (c) => c.notNull().references('preisgruppen.nummer'))
    .addColumn('stufe', 'integer', (c) => c.notNull())
    .addColumn('menge', 'bigint')
    .addColumn('vk', 'bigint')
    .addColumn('aufschlag', 'integer')
    .addPrimaryKeyConstraint('artikelPreisstaffeln_pk', ['artikelId', 'ap', 'preisgruppe', 'stufe'])
    .execute();
  // only the first row of each price group fits the old key
  await sql`insert into ${sql.table('artikelPreisstaffelnAlt')} (${list(COLUMNS)}) select ${list(COLUMNS)} from ${sql.table('artikelPreisstaffeln')} where ${sql.ref('zeile')} = 1`.execute(
    db,
  );
  await db.schema.dropTable('artikelPreisstaffeln').execute();
  await db.schema.alterTable('artikelPreisstaffelnAlt').renameTo('artikelPreisstaffeln').execute();
}
