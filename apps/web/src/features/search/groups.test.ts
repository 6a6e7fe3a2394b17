import type { Me, Nutzungsparameter } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { GROUPS, groupQuery, visibleGroups } from './groups';

const user = (rechte: { recht: string; genehmigt: boolean }[] = [], istAdmin = false) => ({ benutzer: { istAdmin }, rechte, techniker: null }) as unknown as Me;
const usage = (deals: boolean, tickets: boolean): Nutzungsparameter => ({ deals, tickets, service: true, zeiterfassung: false });
const ids = (me: Me, u = usage(true, true)) => visibleGroups(me, u).map((g) => g.id);
const ALL = ['addresses', 'persons', 'products', 'documents', 'assets', 'deals', 'tickets'];

describe('global search groups', () => {
  it('a group shows only with its see-right; deals and tickets also need their usage parameter', () => {
    expect(ids(user())).toEqual(ALL);
    expect(ids(user([{ recht: 'ADR_SEHEN', genehmigt: false }]))).toEqual(['products', 'documents', 'assets', 'deals', 'tickets']);
    expect(ids(user([{ recht: 'ART_SEHEN', genehmigt: false }]))).not.toContain('products');
    expect(ids(user([{ recht: 'BEK_SEHEN', genehmigt: false }]))).not.toContain('documents');
    expect(ids(user([{ recht: 'ASS_SEHEN', genehmigt: false }]))).not.toContain('assets');
    expect(ids(user([{ recht: 'DEALS_SEHEN', genehmigt: false }]))).not.toContain('deals');
    expect(ids(user([{ recht: 'TKT_ANSEHEN', genehmigt: false }]))).not.toContain('tickets');
    expect(ids(user(), usage(false, true))).not.toContain('deals');
    expect(ids(user(), usage(true, false))).not.toContain('tickets');
    expect(ids(user([{ recht: 'DEALS_SEHEN', genehmigt: false }], true))).toEqual(ALL);
  });

  it('each group asks its list for five rows and the total, blocked addresses and products left out, documents, deals and tickets newest first', () => {
    expect(Object.values(GROUPS).map((g) => [g.id, g.endpoint])).toEqual([
      ['addresses', 'adressenList'],
      ['persons', 'ansprechpartnerList'],
      ['products', 'artikelList'],
      ['documents', 'belegeList'],
      ['assets', 'assetsList'],
      ['deals', 'dealsList'],
      ['tickets', 'ticketsList'],
    ]);
    expect(groupQuery(GROUPS.addresses, 'pum')).toEqual({ filter: 'gesperrt=false', search: 'pum', limit: 5, returnTotal: true });
    expect(groupQuery(GROUPS.products, 'pum').filter).toBe('gesperrt=false');
    expect(groupQuery(GROUPS.documents, 'pum').orderBy).toBe('-belegdatum');
    expect(groupQuery(GROUPS.deals, 'pum').orderBy).toBe('-id');
    expect(groupQuery(GROUPS.tickets, 'pum').orderBy).toBe('-ticketNummer');
  });

  it('addresses and persons replace the route, the others push', () => {
    expect(
      Object.values(GROUPS)
        .filter((g) => g.replace)
        .map((g) => g.id),
    ).toEqual(['addresses', 'persons']);
    expect(GROUPS.persons.to({ id: 7, adresseId: 3 })).toBe('/addresses/3/persons/7');
  });
});
