import { defineModule } from '../../lib/module';
import type { DealsTables } from './deals.tables';

declare module '../../db/types' {
  interface Database extends DealsTables {}
}

/** Deals: so far only their table (a booked offer creates a deal, BEL-031); routes, locks and reminders come with the area. */
export const dealsModule = defineModule('deals', {});
