import { describe, expect, it } from 'vitest';
import { chosenFilters, listParams, validateSaleDocumentListSearch } from './list-filter';

describe('sale document list filter', () => {
  it('defaults to offers and orders in status 1, 2, 3', () => {
    const { types, statuses } = chosenFilters({});
    expect(listParams(types, statuses, null)).toEqual({ belegart: '0100,0200', belegstatus: '1,2,3' });
  });
  it('keeps only the offered statuses and known types; an empty choice filters nothing', () => {
    const s = validateSaleDocumentListSearch({ types: '0300,9999', status: '3,7,9', address: '12' });
    expect(s).toEqual({ types: '0300', status: '3,9', address: 12 });
    const { types, statuses } = chosenFilters({ types: '', status: '' });
    expect(listParams(types, statuses, 12)).toEqual({ adresseId: 12 });
    expect(listParams([], [], null)).toEqual({});
  });
});
