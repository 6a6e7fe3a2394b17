import { useParams } from '@tanstack/react-router';
import { useRouteMount } from '@/components/record-page/route-mount';
import type { ActivityParent } from '@/features/crm/activities/rights';
import { useTicket } from './api';

/** The ticket of the current route (on its own `$id`, below an address `$ticketId`), its record and where it is mounted. */
export function useTicketFromRoute() {
  const mount = useRouteMount({ listPath: '/tickets', idParam: 'id', back: null });
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const raw = params[mount.idParam];
  const id = raw && /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
  const query = useTicket(id);
  const ticket = query.data;
  const parent: ActivityParent | null = ticket ? { kind: 'ticket', id: ticket.id, addressId: ticket.adresseId, status: ticket.status } : null;
  return { id, ticket, query, parent, listPath: mount.listPath, basePath: `${mount.listPath}/${raw ?? ''}`, embedded: mount.listPath !== '/tickets' };
}
