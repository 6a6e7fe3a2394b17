import { defineModule } from '../../lib/module';
import { dealAktivitaetenRoutes } from './aktivitaeten.routes';
import type { CrmTables } from './crm.tables';
import { erinnerungenRoutes } from './erinnerungen.routes';

declare module '../../db/types' {
  interface Database extends CrmTables {}
}

/** CRM: reminders (activities are served with their address; demo reminders are part of seed/foundation.ts). */
export const crmModule = defineModule('crm', {
  routes: (api, ctx) => {
    erinnerungenRoutes(api, ctx);
    dealAktivitaetenRoutes(api, ctx);
  },
  // a reminder can be locked by its addressee (or an administrator) only
  locks: { ERI: { table: 'erinnerungen', rights: [], owner: 'benutzerId' } },
});
