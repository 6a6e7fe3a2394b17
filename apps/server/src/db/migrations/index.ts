import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_adressen';
import * as m0003 from './0003_artikel';
import * as m0004 from './0004_german_sort';
import * as m0005 from './0005_nummernkreise';
import * as m0006 from './0006_idempotency';
import * as m0007 from './0007_belege';
import * as m0008 from './0008_offene_posten';
import * as m0009 from './0009_beleg_dokumente';
import * as m0010 from './0010_service';
import * as m0011 from './0011_deals_basis';
import * as m0012 from './0012_belege_altbestand';
import * as m0013 from './0013_belege_suche';
import * as m0013z from './0013_belege_zaehler';
import * as m0014 from './0014_offene_posten_altbestand';
import * as m0015 from './0015_belegarten_einkauf';
import * as m0016 from './0016_projekt_rechte';
import * as m0017 from './0017_stornorechnung';
import * as m0018 from './0018_service_anfrage_hash';
import * as m0019 from './0019_positionen_lager';
import * as m0020 from './0020_offene_posten_storno_mahnschreiben';
import * as m0021 from './0021_service_ankunft_korrektur';
import * as m0022 from './0022_service_bericht';
import * as m0026 from './0026_suche_faltung';
import * as m0028 from './0028_service_material_lagerplatz';
import * as m0029 from './0029_artikel_preisstaffel_gueltigkeit';
import * as m0030 from './0030_deals_bereich';
import * as m0031 from './0031_tickets';
import * as m0032 from './0032_deal_phasen_summen';
import * as m0033 from './0033_globale_suche';
import * as m0034 from './0034_umsatz_aggregat';
import * as m0035 from './0035_freiesql';
import * as m0036 from './0036_erechnung';
import * as m0037 from './0037_mail_datev';
import * as m0038 from './0038_eingangsrechnungspruefung';
import * as m0039 from './0039_picklisten_zeiterfassung';
import * as m0040 from './0040_erechnung_eingang';
import * as m0041 from './0041_smtp_passwort_datev_teile';
import * as m0042 from './0042_suche_faltung_beidseitig';
import * as m0043 from './0043_pg_listen_indizes';

/**
 * Every migration, one list for all areas, in the order they run: Kysely runs them sorted by name, so the number is the
 * order. They stay one list rather than one per module because the order crosses areas (foreign keys to other areas'
 * tables; 0001, 0004 and 0007 change several areas' tables at once) and a database records each by this name. A new
 * migration takes the next number and one line here; only db/index.ts `migrate` imports them (runtime code reads
 * nothing from a migration: a migration is frozen once released).
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_adressen': m0002,
  '0003_artikel': m0003,
  '0004_german_sort': m0004,
  '0005_nummernkreise': m0005,
  '0006_idempotency': m0006,
  '0007_belege': m0007,
  '0008_offene_posten': m0008,
  '0009_beleg_dokumente': m0009,
  '0010_service': m0010,
  '0011_deals_basis': m0011,
  '0012_belege_altbestand': m0012,
  '0013_belege_suche': m0013,
  '0013_belege_zaehler': m0013z,
  '0014_offene_posten_altbestand': m0014,
  '0015_belegarten_einkauf': m0015,
  '0016_projekt_rechte': m0016,
  '0017_stornorechnung': m0017,
  '0018_service_anfrage_hash': m0018,
  '0019_positionen_lager': m0019,
  '0020_offene_posten_storno_mahnschreiben': m0020,
  '0021_service_ankunft_korrektur': m0021,
  '0022_service_bericht': m0022,
  '0026_suche_faltung': m0026,
  '0028_service_material_lagerplatz': m0028,
  '0029_artikel_preisstaffel_gueltigkeit': m0029,
  '0030_deals_bereich': m0030,
  '0031_tickets': m0031,
  '0032_deal_phasen_summen': m0032,
  '0033_globale_suche': m0033,
  '0038_eingangsrechnungspruefung': m0038,
  '0035_freiesql': m0035,
  '0037_mail_datev': m0037,
  '0034_umsatz_aggregat': m0034,
  '0039_picklisten_zeiterfassung': m0039,
  '0036_erechnung': m0036,
  '0040_erechnung_eingang': m0040,
  '0041_smtp_passwort_datev_teile': m0041,
  '0042_suche_faltung_beidseitig': m0042,
  '0043_pg_listen_indizes': m0043,
};
