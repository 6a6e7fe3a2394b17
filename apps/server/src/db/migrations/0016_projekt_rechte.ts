import { type Kysely, sql } from 'kysely';

/**
 * The rights the project adds (`PROJEKT_RECHTE` of the contract, today `SVC_DISPO`) are denied unless granted; until
 * now a user without a row had them, as the spec's rights. So that no existing user loses what they may do, every user
 * who is not an administrator and has no row for such a right gets one granting it (users made later get it only where
 * it is granted to them). The list is written out here: a migration never changes with the code.
 */
const PROJEKT_RECHTE = ['SVC_DISPO'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const recht of PROJEKT_RECHTE) {
    await sql`
      insert into rechte ("benutzerId", recht, genehmigt)
      select b.id, ${recht}, ${sql.lit(true)} from benutzer b
      where not b."istAdmin" and not exists (select 1 from rechte r where r."benutzerId" = b.id and r.recht = ${recht})`.execute(db);
  }
}

export async function down(): Promise<void> {}
