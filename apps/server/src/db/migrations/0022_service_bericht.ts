import { type Kysely, sql } from 'kysely';

/**
 * Issue 19 items 17 and 18: the completion report shows every visit, and the office may complete a task without the
 * customer's signature.
 * - `serviceSchritte.strecke`: the distance (whole km) an arrival step booked. Suspending and ending duty clear the
 *   planning item's travel, arrival and distance, so the journey log is where each visit's distance stays. Arrivals
 *   logged before keep theirs in the step's text ("12 km", German digit grouping): copied over here.
 * - `serviceAuftraege.ohneUnterschriftGrund`: the reason the office gave for completing without a signature.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('serviceSchritte').addColumn('strecke', 'integer').execute();
  await db.schema.alterTable('serviceAuftraege').addColumn('ohneUnterschriftGrund', 'text').execute();
  const rows = await sql<{ id: number; text: string | null }>`select "id", "text" from "serviceSchritte" where "art" = 'ankunft'`.execute(db);
  for (const r of rows.rows) {
    const m = /^(\d{1,3}(?:\.\d{3})*|\d+) km$/.exec(r.text ?? '');
    if (!m) continue;
    const km = Number(m[1]!.replaceAll('.', ''));
    await sql`update "serviceSchritte" set "strecke" = ${km} where "id" = ${r.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('serviceAuftraege').dropColumn('ohneUnterschriftGrund').execute();
  await db.schema.alterTable('serviceSchritte').dropColumn('strecke').execute();
}
