import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../schema-helpers';

/**
 * Documents per type and status (SQLite): `belege_zaehler`, kept exact by triggers on every insert, delete and change of
 * type or status. The list's total for a type and status filter — the default pick-list filter 0100/0200 with status
 * 1, 2, 3 is 996,480 of 1,000,000 documents — is their sum (modules/belege/belege.zaehler.ts) instead of counting the
 * index (150–220 ms, repeated whenever the kept total expires, which made every tenth opening of /saleDocument slow).
 * Filled from the documents there are, so a database of the previous release counts right at once. PostgreSQL counts
 * as before (the counters would be rows every document write locks): nothing to do there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`create table if not exists belege_zaehler (
    belegart text not null, belegstatus integer not null, anzahl integer not null, primary key (belegart, belegstatus)
  ) without rowid`.execute(db);
  await sql`delete from belege_zaehler`.execute(db);
  await sql`insert into belege_zaehler (belegart, belegstatus, anzahl)
    select belegart, belegstatus, count(*) from belege group by belegart, belegstatus`.execute(db);
  const plus = (row: 'new') =>
    sql.raw(`insert into belege_zaehler (belegart, belegstatus, anzahl) values (${row}.belegart, ${row}.belegstatus, 1)
      on conflict (belegart, belegstatus) do update set anzahl = anzahl + 1;`);
  const minus = (row: 'old') => sql.raw(`update belege_zaehler set anzahl = anzahl - 1 where belegart = ${row}.belegart and belegstatus = ${row}.belegstatus;`);
  await sql`create trigger if not exists belege_zaehler_ai after insert on belege begin ${plus('new')} end`.execute(db);
  await sql`create trigger if not exists belege_zaehler_ad after delete on belege begin ${minus('old')} end`.execute(db);
  await sql`create trigger if not exists belege_zaehler_au after update of belegart, belegstatus on belege
    when old.belegart is not new.belegart or old.belegstatus is not new.belegstatus
    begin ${minus('old')} ${plus('new')} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const t of ['belege_zaehler_ai', 'belege_zaehler_ad', 'belege_zaehler_au']) await sql.raw(`drop trigger if exists ${t}`).execute(db);
  await sql`drop table if exists belege_zaehler`.execute(db);
}
