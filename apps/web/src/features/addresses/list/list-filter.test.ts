import { describe, expect, it } from 'vitest';
import { relationFilter, validateAddressListSearch } from './list-filter';

describe('address relation filter', () => {
  it('[ADR-003] [ADR-004] maps customer, real supplier and both to the list filter', () => {
    expect(relationFilter('customer', false)).toBe('istKunde=true');
    expect(relationFilter('supplier', false)).toBe('istLieferant=true,istKunde=false');
    expect(relationFilter('both', false)).toBe('istKunde=true,istLieferant=true');
    expect(relationFilter('all', false)).toBeUndefined();
    expect(relationFilter('customer', true)).toBe('istKunde=true,gesperrt=false');
  });
  it('accepts only known relations from the URL', () => {
    expect(validateAddressListSearch({ relation: 'customer', unblocked: 'true' })).toEqual({ relation: 'customer', unblocked: true });
    expect(validateAddressListSearch({ relation: 'x' })).toEqual({ relation: undefined, unblocked: undefined });
  });
});
