import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../schema-helpers';

/**
 * Issue 22 item 13: the phase board's header figures at a million deals. Per phase of the open, not archived deals the
 * count, the planned sum and the sum weighted by chance (per deal in integer cents, rounded half up — the same formula
 * the board's GROUP BY uses for a filtered board) live in `dealPhasenSummen`, kept by triggers on `deals` on both
 * databases, so every write path (the deals area, booking an offer (BEL-031), the seeders, a restore) keeps them in its
 * own transaction; the unfiltered board reads four rows instead of grouping 600,000. The migration fills it with a
 * recount; `test/deals-board-sums.test.ts` proves it equals a recount after moves, wins, archiving and deletes.
 * Two moves in opposite directions touch their two phase rows lowest phase first, so they cannot deadlock.
 */
const GEWICHTET = (r: string) => `((coalesce(${r}."investitionssummeGeplant", 0) * ${r}."chance" + 50) / 100)`;
const SUMME = (r: string) => `coalesce(${r}."investitionssummeGeplant", 0)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('dealPhasenSummen')
    .addColumn('phase', 'integer', (c) => c.primaryKey())
    .addColumn('anzahl', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('summe', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gewichtet', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const offen = pg ? 'status = 0 and archived = false' : 'status = 0 and archived = 0';
  await sql
    .raw(
      `insert into "dealPhasenSummen" (phase, anzahl, summe, gewichtet)
       select phase, count(*), sum(${SUMME('deals')}), sum(${GEWICHTET('deals')}) from deals where ${offen} group by phase`,
    )
    .execute(db);

  // add (+1) or take away (−1) one deal's share of its phase row
  const upsert = (r: string, sign: '+' | '-') =>
    `insert into "dealPhasenSummen" (phase, anzahl, summe, gewichtet) values (${r}.phase, ${sign}1, ${sign}${SUMME(r)}, ${sign}${GEWICHTET(r)})
     on conflict (phase) do update set anzahl = "dealPhasenSummen".anzahl + excluded.anzahl,
       summe = "dealPhasenSummen".summe + excluded.summe, gewichtet = "dealPhasenSummen".gewichtet + excluded.gewichtet`;

  if (pg) {
    const zaehlt = (r: string) => `(${r}.status = 0 and ${r}.archived = false)`;
    await sql
      .raw(
        `create function deal_phasen_summen() returns trigger language plpgsql as $$
         begin
           if tg_op = 'INSERT' then
             if ${zaehlt('new')} then ${upsert('new', '+')}; end if;
             return null;
           end if;
           if tg_op = 'DELETE' then
             if ${zaehlt('old')} then ${upsert('old', '-')}; end if;
             return null;
           end if;
           -- update: the lower phase row first, so two opposite moves lock in the same order
           if ${zaehlt('old')} and ${zaehlt('new')} and new.phase < old.phase then
             ${upsert('new', '+')}; ${upsert('old', '-')};
           else
             if ${zaehlt('old')} then ${upsert('old', '-')}; end if;
             if ${zaehlt('new')} then ${upsert('new', '+')}; end if;
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger deals_phasen_summen after insert or delete or update of status, archived, phase, "investitionssummeGeplant", chance
         on deals for each row execute function deal_phasen_summen()`,
      )
      .execute(db);
    return;
  }
  const zaehlt = (r: string) => `(${r}.status = 0 and ${r}.archived = 0)`;
  await sql.raw(`create trigger deals_phasen_summen_ai after insert on deals when ${zaehlt('new')} begin ${upsert('new', '+')}; end`).execute(db);
  await sql.raw(`create trigger deals_phasen_summen_ad after delete on deals when ${zaehlt('old')} begin ${upsert('old', '-')}; end`).execute(db);
  // SQLite writes in one connection, so the order of the two rows cannot deadlock here
  await sql
    .raw(
      `create trigger deals_phasen_summen_au_alt after update of status, archived, phase, "investitionssummeGeplant", chance on deals
       when ${zaehlt('old')} begin ${upsert('old', '-')}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger deals_phasen_summen_au_neu after update of status, archived, phase, "investitionssummeGeplant", chance on deals
       when ${zaehlt('new')} begin ${upsert('new', '+')}; end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql.raw('drop trigger if exists deals_phasen_summen on deals').execute(db);
    await sql.raw('drop function if exists deal_phasen_summen()').execute(db);
  } else {
    for (const t of ['ai', 'ad', 'au_alt', 'au_neu']) await sql.raw(`drop trigger if exists deals_phasen_summen_${t}`).execute(db);
  }
  await db.schema.dropTable('dealPhasenSummen').execute();
}
