import { endpoints } from '@vario/contract';
import { defineModule, type NumberRange } from '../../lib/module';
import { adressenSeeder } from '../../seed/adressen';
import type { RangesByName } from '../system/nummernkreise.service';
import { adressenRoutes } from './adressen.routes';
import type { AdressenTables } from './adressen.tables';
import { auswertungenRoutes } from './auswertungen.routes';
import { preiseRoutes } from './preise.routes';

/** Address, customer and supplier numbers (rows of migration 0005; they continue after the highest number stored). */
const NUMBER_RANGES = [
  { name: 'ADRESSE', bezeichnung: 'Adressnummern', praefix: '', start: 10_000, column: ['adressen', 'adressnummer'] },
  { name: 'KUNDE', bezeichnung: 'Kundennummern', praefix: '', start: 100_000, column: ['adressen', 'kundennummer'] },
  { name: 'LIEFERANT', bezeichnung: 'Lieferantennummern', praefix: '', start: 700_000, column: ['adressen', 'lieferantennummer'] },
] as const satisfies readonly NumberRange[];

declare module '../../db/types' {
  interface Database extends AdressenTables {}
}
declare module '../system/nummernkreise.service' {
  interface Nummernkreise extends RangesByName<typeof NUMBER_RANGES> {}
}

/** Addresses with their persons, activities, additional addresses, files, customer prices and reports. */
export const adressenModule = defineModule('adressen', {
  routes(api, ctx) {
    adressenRoutes(api, ctx);
    preiseRoutes(api, ctx);
    auswertungenRoutes(api, ctx);
  },
  locks: {
    ADR: { table: 'adressen', rights: endpoints.adresseUpdate.rights },
    ASP: { table: 'ansprechpartner', rights: endpoints.ansprechpartnerUpdate.rights },
    ZAD: { table: 'zusatzadressen', rights: endpoints.zusatzadresseUpdate.rights },
    // an activity's change rights are decided per record (crm/aktivitaeten.service.ts); locking it needs none beyond a session
    AKT: { table: 'aktivitaeten', rights: [] },
    ADD: { table: 'adressDateien', rights: endpoints.dateiDelete.rights },
    KSP: { table: 'kundensonderpreise', rights: endpoints.preisUpdate.rights },
  },
  reminders: ['ADR'],
  numberRanges: NUMBER_RANGES,
  seeders: [adressenSeeder],
});
