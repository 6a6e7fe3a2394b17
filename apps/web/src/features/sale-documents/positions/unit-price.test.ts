import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from './PriceWhy';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatUnitPrice', () => {
  it('shows a unit price with 2 decimals when it is whole cents, else with all 4 — never 3', () => {
    expect(plain(formatUnitPrice(12.5))).toBe('12,50 €');
    expect(plain(formatUnitPrice(1111.104))).toBe('1.111,1040 €');
    expect(plain(formatUnitPrice(0.125))).toBe('0,1250 €');
    expect(plain(formatUnitPrice(17.0915))).toBe('17,0915 €');
    expect(formatUnitPrice(null)).toBe('');
  });
});
