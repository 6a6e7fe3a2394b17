import { endpoints } from '@vario/contract';
import type { NumberRange } from '../../lib/module';
import { defineModule } from '../../lib/module';
import type { RangesByName } from '../system/nummernkreise.service';
import { ticketsRoutes } from './tickets.routes';
import { ticketsSeeder } from './tickets.seed';
import type { TicketsTables } from './tickets.tables';

const NUMBER_RANGES = [
  { name: 'TICKET', bezeichnung: 'Ticketnummern', praefix: 'T', start: 1, column: ['tickets', 'ticketNummer'] },
] as const satisfies readonly NumberRange[];

declare module '../../db/types' {
  interface Database extends TicketsTables {}
}
declare module '../system/nummernkreise.service' {
  interface Nummernkreise extends RangesByName<typeof NUMBER_RANGES> {}
}

/** Tickets with sub-tickets, activities, attachments and billing (issue 22 items 5–9); the usage parameter tickets switches them off. */
export const ticketsModule = defineModule('tickets', {
  routes: ticketsRoutes,
  locks: { TKT: { table: 'tickets', rights: endpoints.ticketUpdate.rights } },
  reminders: ['TKT'],
  numberRanges: NUMBER_RANGES,
  seeders: [ticketsSeeder],
});
