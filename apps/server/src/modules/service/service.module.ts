import { defineModule, type NumberRange } from '../../lib/module';
import { serviceSeeder } from '../../seed/service';
import type { RangesByName } from '../system/nummernkreise.service';
import { serviceRoutes } from './service.routes';
import type { ServiceTables } from './service.tables';

/** Numbers of service orders (row of migration 0005). */
const NUMBER_RANGES = [{ name: 'AUFTRAG', bezeichnung: 'Auftragsnummern', praefix: 'A', start: 1 }] as const satisfies readonly NumberRange[];

declare module '../../db/types' {
  interface Database extends ServiceTables {}
}
declare module '../system/nummernkreise.service' {
  interface Nummernkreise extends RangesByName<typeof NUMBER_RANGES> {}
}

/** Field service: tasks, the technician's journey, time and material, the device's sync, office planning. */
export const serviceModule = defineModule('service', { routes: serviceRoutes, numberRanges: NUMBER_RANGES, seeders: [serviceSeeder] });
