import { describe, expect, it } from 'vitest';
import { addressLabel, pickerFilter } from './AddressPicker';

describe('address picker', () => {
  it('[ADR-029] offers only unblocked addresses', () => {
    expect(pickerFilter('any')).toBe('gesperrt=false');
  });
  it('[ADR-030] customer pickers also need istKunde=true', () => {
    expect(pickerFilter('customer')).toBe('gesperrt=false,istKunde=true');
  });
  it('labels an address by name, place and number', () => {
    expect(addressLabel({ name1: 'Ahrens AG', ort: 'Kiel', adressnummer: 10712 })).toBe('Ahrens AG, Kiel (10712)');
    expect(addressLabel({ name1: 'Ahrens AG', ort: null, adressnummer: 1 })).toBe('Ahrens AG (1)');
  });
});
