import type { AppModule } from '../lib/module';
import { adressenModule } from './adressen/adressen.module';
import { artikelModule } from './artikel/artikel.module';
import { assetsModule } from './assets/assets.module';
import { ausgangModule } from './ausgang/ausgang.module';
import { authModule } from './auth/auth.module';
import { belegeModule } from './belege/belege.module';
import { crmModule } from './crm/crm.module';
import { dealsModule } from './deals/deals.module';
import { einkaufModule } from './einkauf/einkauf.module';
import { erechnungModule } from './erechnung/erechnung.module';
import { freieSqlModule } from './freiesql/freiesql.module';
import { lagerModule } from './lager/lager.module';
import { offenePostenModule } from './offeneposten/offeneposten.module';
import { picklistenModule } from './picklisten/picklisten.module';
import { serviceModule } from './service/service.module';
import { stammdatenModule } from './stammdaten/stammdaten.module';
import { statistikModule } from './statistik/statistik.module';
import { systemModule } from './system/system.module';
import { ticketsModule } from './tickets/tickets.module';
import { webappModule } from './webapp/webapp.module';
import { zeiterfassungModule } from './zeiterfassung/zeiterfassung.module';

/**
 * The API's areas, one line each, in dependency order: an area comes after the areas it builds on (its seeders read
 * their data). Each `modules/<area>/<area>.module.ts` declares what it adds (lib/module.ts `ModuleDeclaration`):
 * routes, lockable tables, reminder codes, number ranges, seeders; `app.ts` and `seed/index.ts` collect them.
 */
export const MODULES: readonly AppModule[] = [
  authModule,
  webappModule,
  systemModule,
  stammdatenModule,
  crmModule,
  adressenModule,
  artikelModule,
  lagerModule,
  assetsModule,
  dealsModule,
  belegeModule,
  offenePostenModule,
  erechnungModule,
  einkaufModule,
  serviceModule,
  ticketsModule,
  freieSqlModule,
  ausgangModule,
  statistikModule,
  picklistenModule,
  zeiterfassungModule,
];
