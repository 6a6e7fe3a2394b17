import { ticket, ticketAnhang, ticketListe } from '@vario/contract';
import type { Dialect } from '../../db/schema-helpers';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../../lib/locks';
import { defineResource } from '../../lib/resource';
import { fullTextSearch, numberColumns } from '../../lib/search';
import { rueckfrageErinnerung, ticketLoeschen, ticketRegeln } from './tickets.service';

/** Quick search over ticket number, subject and address name: the full-text index of migration 0031. */
export const ticketSuche = fullTextSearch('tickets', { vocab: true });

const stamp = { create: () => ({ angelegtAm: nowIso(), geaendertAm: nowIso() }), update: () => ({ geaendertAm: nowIso() }) };

/** Tickets as a resource; made per request, since a write's effects (the question's reminder) name the actor. */
export const ticketsResource = (dialect: Dialect, actor?: Actor) =>
  defineResource({
    table: 'tickets',
    kuerzel: 'TKT',
    path: '/crm/tickets',
    label: 'Ticket',
    schema: ticket,
    listSchema: ticketListe,
    defaultOrder: ['-ticketNummer'],
    search: ticketSuche,
    numberSearch: { first: numberColumns('tickets.ticketNummer') },
    stamp,
    toRow: (trx, data, existing) => ticketRegeln(trx, dialect, data, existing),
    beforeDelete: ticketLoeschen,
    afterWrite: async (trx, row, action) => {
      if (actor && action !== 'LOESCHEN') await rueckfrageErinnerung(trx, actor, row);
    },
  });

/** Sub-tickets of a ticket: the list of tickets whose `hauptTicketId` is the parent. */
export const unterticketsResource = (dialect: Dialect) => ({ ...ticketsResource(dialect), parentColumn: 'hauptTicketId' });

/** Attachments: files of the ticket's address tied to the ticket (`adressDateien.ticketId`). */
export const anhaengeResource = defineResource({
  table: 'adressDateien',
  kuerzel: 'ADD',
  path: '/crm/tickets/:parent/anhaenge',
  label: 'Anhang',
  schema: ticketAnhang,
  defaultOrder: ['-datum'],
  parentColumn: 'ticketId',
});
