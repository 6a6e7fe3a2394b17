import type { Me } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { activityRights } from './rights';

const me = (rechte: Record<string, boolean>, id = 7): Pick<Me, 'benutzer' | 'rechte'> =>
  ({ benutzer: { id, istAdmin: false }, rechte: Object.entries(rechte).map(([recht, genehmigt]) => ({ recht, genehmigt })) }) as never;
const ticket = { kind: 'ticket', status: 10 } as const;
const own = { benutzerId: 7 };
const foreign = { benutzerId: 8 };

describe('activity buttons from the rights', () => {
  it('ticket: own activities by TKT_AKT_AENDERN/LOESCHEN, foreign ones by TKT_AKT_FREMD_*', () => {
    const u = me({ TKT_AKT_FREMD_AENDERN: false, TKT_AKT_FREMD_LOESCHEN: false });
    expect(activityRights(u, ticket, own)).toEqual({ create: true, edit: true, remove: true });
    expect(activityRights(u, ticket, foreign)).toEqual({ create: true, edit: false, remove: false });
    const v = me({ TKT_AKT_AENDERN: false, TKT_AKT_LOESCHEN: false });
    expect(activityRights(v, ticket, own)).toEqual({ create: true, edit: false, remove: false });
    expect(activityRights(v, ticket, foreign)).toEqual({ create: true, edit: true, remove: true });
    expect(activityRights(me({ TKT_AENDERN: false }), ticket).create).toBe(false);
  });

  it('ticket: nothing on a closed ticket (status 90 and above) or without TKT_ANSEHEN', () => {
    expect(activityRights(me({}), { kind: 'ticket', status: 90 }, own)).toEqual({ create: false, edit: false, remove: false });
    expect(activityRights(me({ TKT_ANSEHEN: false }), ticket, own)).toEqual({ create: false, edit: false, remove: false });
  });

  it('deal: open by DEALS_AENDERN/DEALS_LOESCHEN; won or lost only changed with ABGL_DEALS_AENDERN, never deleted', () => {
    expect(activityRights(me({ DEALS_LOESCHEN: false }), { kind: 'deal', status: 0 }, foreign)).toEqual({ create: true, edit: true, remove: false });
    expect(activityRights(me({}), { kind: 'deal', status: 1 }, own)).toEqual({ create: true, edit: true, remove: false });
    expect(activityRights(me({ ABGL_DEALS_AENDERN: false }), { kind: 'deal', status: 2 }, own)).toEqual({ create: false, edit: false, remove: false });
  });

  it('address: create, change and delete own and foreign activities with ADR_AENDERN, nothing without it', () => {
    const address = { kind: 'address', status: 0 } as const;
    expect(activityRights(me({}), address, foreign)).toEqual({ create: true, edit: true, remove: true });
    expect(activityRights(me({ ADR_AENDERN: false }), address, own)).toEqual({ create: false, edit: false, remove: false });
  });
});
