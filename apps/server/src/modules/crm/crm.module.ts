import { defineModule } from '../../lib/module';
import { erinnerungenRoutes } from './erinnerungen.routes';

/** CRM: reminders (activities are served with their address). */
export const crmModule = defineModule('crm', erinnerungenRoutes);
