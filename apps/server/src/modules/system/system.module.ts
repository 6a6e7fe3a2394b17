import { defineModule } from '../../lib/module';
import { foundationSeeder } from '../../seed/foundation';
import { systemRoutes } from './system.routes';
import type { SystemTables } from './system.tables';

declare module '../../db/types' {
  interface Database extends SystemTables {}
}

/**
 * System: parameters, information, record locks, number ranges, the change log. Its seeder lays the foundation every
 * other area builds on (users, parameters, reference data, stores, reminders).
 */
export const systemModule = defineModule('system', { routes: systemRoutes, seeders: [foundationSeeder] });
