import { type Me, ticketGeschlossen } from '@vario/contract';
import { hasRight } from '@/lib/rights';

/** The record an activity belongs to: an address, a ticket or a deal, with its address and status (they decide the rights). */
export interface ActivityParent {
  kind: 'address' | 'ticket' | 'deal';
  id: number;
  /** The record's address: its contact persons are offered, and a new activity belongs to it. */
  addressId: number;
  /** Ticket status (≥ 90 closed) or deal status (0 open, 1 won, 2 lost); an address has none (0). */
  status: number;
}

export interface ActivityRights {
  create: boolean;
  edit: boolean;
  remove: boolean;
}

type Who = Pick<Me, 'benutzer' | 'rechte'> | null | undefined;
const NONE: ActivityRights = { create: false, edit: false, remove: false };

/**
 * What the user may do with the activities of a record, the server's rule as buttons (the server checks it again):
 * - address: create, change and delete with ADR_AENDERN (ADR-050…052);
 * - ticket: none while it is closed (status ≥ 90); create with TKT_AENDERN; change one's own with TKT_AKT_AENDERN,
 *   another user's with TKT_AKT_FREMD_AENDERN; delete one's own with TKT_AKT_LOESCHEN, another's with TKT_AKT_FREMD_LOESCHEN;
 * - deal: open (status 0) create and change with DEALS_AENDERN, delete with DEALS_LOESCHEN; won or lost create and
 *   change with ABGL_DEALS_AENDERN, no delete.
 * Without `activity` the answer is about a new one (create).
 */
export function activityRights(me: Who, parent: Pick<ActivityParent, 'kind' | 'status'>, activity?: { benutzerId: number }): ActivityRights {
  if (!me) return NONE;
  const may = (r: string) => hasRight(me, r);
  if (parent.kind === 'address') {
    const write = may('ADR_AENDERN');
    return { create: write, edit: write, remove: write };
  }
  if (parent.kind === 'ticket') {
    if (!may('TKT_ANSEHEN') || ticketGeschlossen(parent.status)) return NONE;
    const own = !activity || activity.benutzerId === me.benutzer.id;
    return {
      create: may('TKT_AENDERN'),
      edit: may(own ? 'TKT_AKT_AENDERN' : 'TKT_AKT_FREMD_AENDERN'),
      remove: may(own ? 'TKT_AKT_LOESCHEN' : 'TKT_AKT_FREMD_LOESCHEN'),
    };
  }
  if (!may('DEALS_SEHEN')) return NONE;
  if (parent.status === 0) return { create: may('DEALS_AENDERN'), edit: may('DEALS_AENDERN'), remove: may('DEALS_LOESCHEN') };
  const closed = may('ABGL_DEALS_AENDERN');
  return { create: closed, edit: closed, remove: false };
}
