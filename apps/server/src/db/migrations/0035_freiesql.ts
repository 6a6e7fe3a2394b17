import { type Kysely, sql } from 'kysely';
import { dialectOf, withId } from '../schema-helpers';

/**
 * Free SQL reports (issue 23 items 7–8; STAT-016…023):
 * - `freieSql`: the saved reports (name, text, parameter definitions as JSON, who made and changed them);
 * - `freieSqlLaeufe`: the run log (user, report, parameters, duration, rows, outcome), written for every run;
 * - the reporting views `rpt_…`: what a report is meant to read, under the same names and lower-case columns on both
 *   databases (so a report's text runs on both; amounts in euros, quantities in units). No password hashes, tokens,
 *   sessions or locks are in them. On PostgreSQL they live in the schema `auswertung`, and the role `vario_auswertung`
 *   (created here when the migrating user may, and granted to it) may only SELECT them: a report runs under that role.
 */
const ROLE = 'vario_auswertung';
const SCHEMA = 'auswertung';

/** view name → select list over one table (quoted camelCase columns aliased to lower case) and its table. */
const VIEWS: Record<string, { table: string; columns: string }> = {
  rpt_adressen: {
    table: 'adressen',
    columns:
      'id, adressnummer, kundennummer, lieferantennummer, name1, name2, strasse, plz, ort, lkz, telefon, email, gesperrt, "istKunde" as istkunde, "istLieferant" as istlieferant',
  },
  rpt_artikel: {
    table: 'artikel',
    columns:
      'id, artikelnummer, bezeichnung, artikelart, ean, hersteller, gesperrt, round(vknetto / 10000.0, 4) as vknetto, round(mwstsatz / 100.0, 2) as mwstsatz, "warengruppeId" as warengruppeid, round(bestand / 1000.0, 3) as bestand',
  },
  rpt_warengruppen: { table: 'warengruppen', columns: 'id, bezeichnung' },
  rpt_belege: {
    table: 'belege',
    columns:
      'id, belegart, belegnummer, belegdatum, belegstatus, "adresseId" as adresseid, betreff, round("betragNetto" / 100.0, 2) as betragnetto, round("mwstBetrag" / 100.0, 2) as mwstbetrag, round("betragBrutto" / 100.0, 2) as betragbrutto, "benutzerId" as benutzerid',
  },
  rpt_beleg_positionen: {
    table: 'belegPositionen',
    columns:
      'id, "belegId" as belegid, position, "positionsArt" as positionsart, artikelnummer, bezeichnung, round(menge / 1000.0, 3) as menge, round(einzelpreis / 10000.0, 4) as einzelpreis, round(gesamtpreis / 100.0, 2) as gesamtpreis',
  },
  rpt_offene_posten: {
    table: 'offenePosten',
    columns:
      'id, "belegId" as belegid, "adresseId" as adresseid, "opvArt" as opvart, round("rechnungsBetrag" / 100.0, 2) as rechnungsbetrag, round("offenerBetrag" / 100.0, 2) as offenerbetrag, rechnungsdatum, "nettoFaellig" as nettofaellig, mahnstufe',
  },
  rpt_benutzer: { table: 'benutzer', columns: 'id, name, kuerzel, typ, gesperrt' },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const s = db.schema;
  await withId(db, s.createTable('freieSql'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sql', 'text', (c) => c.notNull())
    .addColumn('parameter', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('erstelltVon', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('erstelltAm', 'text', (c) => c.notNull())
    .addColumn('geaendertVon', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('geaendertAm', 'text')
    .execute();
  await s.createIndex('freiesql_name_idx').on('freieSql').columns(['name', 'id']).execute();
  // the log keeps no foreign key to the report: a deleted report's runs stay
  await withId(db, s.createTable('freieSqlLaeufe'))
    .addColumn('benutzerId', 'integer', (c) => c.notNull())
    .addColumn('auswertungId', 'integer', (c) => c.notNull())
    .addColumn('parameter', 'text', (c) => c.notNull())
    .addColumn('dauerMs', 'integer', (c) => c.notNull())
    .addColumn('zeilen', 'integer', (c) => c.notNull())
    .addColumn('ergebnis', 'text', (c) => c.notNull())
    .addColumn('meldung', 'text')
    .addColumn('zeitpunkt', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('freiesql_laeufe_auswertung_idx').on('freieSqlLaeufe').columns(['auswertungId', 'id']).execute();

  if (pg) await sql.raw(`create schema if not exists ${SCHEMA}`).execute(db);
  for (const [name, v] of Object.entries(VIEWS)) {
    const target = pg ? `${SCHEMA}.${name}` : name;
    await sql.raw(`create view ${target} as select ${v.columns} from "${v.table}"`).execute(db);
  }
  if (!pg) return;
  // the role is one of the cluster: another database of the cluster may have made it (or be making it right now)
  await sql
    .raw(`do $$ begin
  begin
    create role ${ROLE} nologin;
  exception when others then null;
  end;
  begin
    execute format('grant ${ROLE} to %I', current_user);
  exception when others then null;
  end;
  if exists (select 1 from pg_roles where rolname = '${ROLE}') then
    execute 'revoke all on schema public from ${ROLE}';
    execute 'grant usage on schema ${SCHEMA} to ${ROLE}';
    execute 'grant select on all tables in schema ${SCHEMA} to ${ROLE}';
  end if;
end $$`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const name of Object.keys(VIEWS)) await sql.raw(`drop view if exists ${pg ? `${SCHEMA}.${name}` : name}`).execute(db);
  if (pg) await sql.raw(`drop schema if exists ${SCHEMA}`).execute(db);
  await db.schema.dropTable('freieSqlLaeufe').execute();
  await db.schema.dropTable('freieSql').execute();
}
