import type { Me, Nutzungsparameter } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen, newItems, registerAreas } from '@/app/areas';
import { ticketsArea } from './area';

const user = (rechte: { recht: string; genehmigt: boolean }[] = []) => ({ benutzer: { istAdmin: false }, rechte, techniker: null }) as unknown as Me;
const entry = ticketsArea.entries?.[0] as NonNullable<typeof ticketsArea.entries>[number];
const usage = (tickets: boolean): Nutzungsparameter => ({ deals: true, tickets, service: true, zeiterfassung: false });

describe('tickets navigation', () => {
  it('shows the tickets entry with TKT_ANSEHEN while the usage parameter tickets is on', () => {
    expect(mayOpen(user(), entry, usage(true))).toBe(true);
    expect(mayOpen(user([{ recht: 'TKT_ANSEHEN', genehmigt: false }]), entry, usage(true))).toBe(false);
    expect(mayOpen(user(), entry, usage(false))).toBe(false);
  });

  it('offers "new ticket" with the address of the record it is opened on, not while tickets are off', () => {
    registerAreas([ticketsArea]);
    expect(newItems(user(), usage(true)).map((i) => [i.id, i.addressParam])).toEqual([['ticket', 'id']]);
    expect(newItems(user(), usage(false))).toEqual([]);
    expect(newItems(user([{ recht: 'TKT_AENDERN', genehmigt: false }]), usage(true))).toEqual([]);
  });
});
