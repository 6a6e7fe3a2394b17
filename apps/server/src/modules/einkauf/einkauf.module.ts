import { defineModule } from '../../lib/module';
import { einkaufSeeder } from '../../seed/einkauf';
import { einkaufRoutes } from './einkauf.routes';
import type { EinkaufTables } from './einkauf.tables';

declare module '../../db/types' {
  interface Database extends EinkaufTables {}
}

/** Purchase documents (incoming invoices with their files). */
export const einkaufModule = defineModule('einkauf', { routes: einkaufRoutes, seeders: [einkaufSeeder] });
