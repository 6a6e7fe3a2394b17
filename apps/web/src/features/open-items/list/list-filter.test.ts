import { describe, expect, it } from 'vitest';
import { isOverdue, openItemFilter, validateOpenItemListSearch } from './list-filter';

describe('open item list filter', () => {
  it('reads the URL search and drops what is not a filter', () => {
    expect(validateOpenItemListSearch({ status: 'all', stufe: '3', strittig: 'true', adresseId: '12', q: 'RE' })).toEqual({
      status: 'all',
      stufe: 3,
      strittig: true,
      overdue: undefined,
      adresseId: 12,
      q: 'RE',
    });
    expect(validateOpenItemListSearch({ status: 'open', stufe: '9', adresseId: '-1' })).toEqual({
      status: undefined,
      stufe: undefined,
      strittig: undefined,
      overdue: undefined,
      adresseId: undefined,
      q: undefined,
    });
  });

  it('builds the server filter: open items by default, overdue as a due date before today', () => {
    expect(openItemFilter({})).toBe('abgeschlossen=false');
    expect(openItemFilter({ status: 'all' })).toBeUndefined();
    expect(openItemFilter({ status: 'completed', stufe: 0 })).toBe('abgeschlossen=true,mahnstufe=0');
    expect(openItemFilter({ overdue: true, strittig: true, adresseId: 5 }, '2026-11-26')).toBe(
      'abgeschlossen=false,strittig=true,nettoFaellig<2026-11-26,offenerBetrag>0,adresseId=5',
    );
  });

  it('an item is overdue while open after its net due date', () => {
    const item = { abgeschlossen: false, nettoFaellig: '2026-11-25', offenerBetrag: 10 };
    expect(isOverdue(item, '2026-11-26')).toBe(true);
    expect(isOverdue({ ...item, nettoFaellig: '2026-11-26' }, '2026-11-26')).toBe(false);
    expect(isOverdue({ ...item, abgeschlossen: true }, '2026-11-26')).toBe(false);
    expect(isOverdue({ ...item, offenerBetrag: -10 }, '2026-11-26')).toBe(false);
  });
});
