import { describe, expect, it } from 'vitest';
import { lookupProduct } from './lookup';

const fake = (table: Record<string, { id: number }[]>) => async (filter: string) => table[filter] ?? [];

describe('scanner lookup', () => {
  it('[SCAN-005] finds by EAN first, then by article number, else not found', async () => {
    expect(await lookupProduct('4000000000020', fake({ 'ean=4000000000020': [{ id: 3 }] }))).toEqual({ kind: 'found', id: 3 });
    expect(await lookupProduct(' A-10014 ', fake({ 'artikelnummer=A-10014': [{ id: 3 }] }))).toEqual({ kind: 'found', id: 3 });
    expect(await lookupProduct('123', fake({}))).toEqual({ kind: 'notFound' });
  });
  it('[SCAN-006] several matches or a code with filter syntax are ambiguous', async () => {
    expect(await lookupProduct('4000000000020', fake({ 'ean=4000000000020': [{ id: 3 }, { id: 4 }] }))).toEqual({ kind: 'ambiguous' });
    expect(await lookupProduct('A,B', fake({}))).toEqual({ kind: 'ambiguous' });
  });
});
