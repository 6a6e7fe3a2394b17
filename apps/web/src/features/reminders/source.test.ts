import { describe, expect, it } from 'vitest';
import { reminderSource } from './source';

describe('reminder source', () => {
  it('[REM-009] a reminder made on a record gets tabelle by route group and the record id', () => {
    expect(reminderSource('/addresses/10158/dashboard')).toEqual({ tabelle: 'ADR', tabelleId: 10158 });
    expect(reminderSource('/products/7/masterdata')).toEqual({ tabelle: 'ART', tabelleId: 7 });
    expect(reminderSource('/deals/3')).toEqual({ tabelle: 'DEALS', tabelleId: 3 });
  });
  it('[REM-009] none on lists, new records, ids that are not numbers and other screens', () => {
    expect(reminderSource('/addresses')).toBeNull();
    expect(reminderSource('/addresses/new/masterdata')).toBeNull();
    expect(reminderSource('/assets/1/masterdata')).toBeNull();
    expect(reminderSource('/home')).toBeNull();
  });
});
