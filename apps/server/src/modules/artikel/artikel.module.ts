import { endpoints } from '@vario/contract';
import { defineModule } from '../../lib/module';
import { artikelSeeder } from '../../seed/artikel';
import { artikelRoutes } from './artikel.routes';
import type { ArtikelTables } from './artikel.tables';

declare module '../../db/types' {
  interface Database extends ArtikelTables {}
}

/** Products with their prices, stock per store and custom fields. */
export const artikelModule = defineModule('artikel', {
  routes: artikelRoutes,
  locks: { ART: { table: 'artikel', rights: endpoints.artikelUpdate.rights } },
  reminders: ['ART'],
  seeders: [artikelSeeder],
});
