import { defineModule } from '../../lib/module';
import { zeiterfassungRoutes } from './zeiterfassung.routes';
import { zeiterfassungSeeder } from './zeiterfassung.seed';
import type { ZeiterfassungTables } from './zeiterfassung.tables';

declare module '../../db/types' {
  interface Database extends ZeiterfassungTables {}
}

/** Time tracking: sign in/out, contract models, balances and the working-time law's warnings (issue 25 items 7–9). */
export const zeiterfassungModule = defineModule('zeiterfassung', { routes: zeiterfassungRoutes, seeders: [zeiterfassungSeeder] });
