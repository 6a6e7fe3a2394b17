import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers';

/**
 * The basis of deals (issue 11, BEL-T): booking an offer may create a deal (BEL-031) when the system parameter
 * `DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN` is set (seeded by the foundation seeder). The deals area itself (screens,
 * activities, custom fields) builds on this table later; its fields follow the spec (2 §3 Deal).
 * Money in cents; `chance` in whole percent; `status` 0 open, 1 won, 2 lost; `phase` 1 first contact … 4 completed;
 * `typ` 1 sales, 2 marketing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await withId(db, s.createTable('deals'))
    .addColumn('typ', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('titel', 'text', (c) => c.notNull())
    .addColumn('chance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phase', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('note', 'text')
    .addColumn('zustaendigerBenutzer', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('investitionsdatumGeplant', 'text')
    .addColumn('investitionsdatumErreicht', 'text')
    .addColumn('investitionssummeGeplant', 'bigint')
    .addColumn('investitionssummeErreicht', 'bigint')
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('naechsterKontakt', 'text')
    .addColumn('frei01', 'text')
    .addColumn('frei02', 'text')
    .addColumn('ansprechpartnerId', 'integer', (c) => c.references('ansprechpartner.id'))
    .addColumn('adresseId', 'integer', (c) => c.notNull().references('adressen.id'))
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .addColumn('geaendertAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('deals_adresse_idx').on('deals').columns(['adresseId', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deals').execute();
}
