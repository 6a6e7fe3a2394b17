import { endpoints } from '@vario/contract';
import { defineModule, type NumberRange } from '../../lib/module';
import { offenePostenSeeder } from '../../seed/offeneposten';
import type { RangesByName } from '../system/nummernkreise.service';
import { offenePostenRoutes } from './offeneposten.routes';
import type { OffenePostenTables } from './offeneposten.tables';

/** Numbers of open items (row of migration 0008). */
const NUMBER_RANGES = [{ name: 'OFFENER_POSTEN', bezeichnung: 'Nummern offener Posten', praefix: '', start: 1 }] as const satisfies readonly NumberRange[];

declare module '../../db/types' {
  interface Database extends OffenePostenTables {}
}
declare module '../system/nummernkreise.service' {
  interface Nummernkreise extends RangesByName<typeof NUMBER_RANGES> {}
}

/** Open items of booked invoices and credit notes, their payments and the dunning run. */
export const offenePostenModule = defineModule('offeneposten', {
  routes: offenePostenRoutes,
  locks: { OPV: { table: 'offenePosten', rights: endpoints.offenerPostenUpdate.rights } },
  reminders: ['OPV'],
  numberRanges: NUMBER_RANGES,
  seeders: [offenePostenSeeder],
});
