import { describe, expect, it } from 'vitest';
import { parseCurrency } from './CurrencyInput';

describe('currency input', () => {
  it('[APP-105] accepts a comma as decimal separator', () => {
    expect(parseCurrency('12,5')).toBe(12.5);
    expect(parseCurrency('1.234,56 €')).toBe(1234.56);
  });
  it('[APP-106] rounds to 2 decimals and falls back to 0', () => {
    expect(parseCurrency('3,14159')).toBe(3.14);
    expect(parseCurrency('abc')).toBe(0);
    expect(parseCurrency(null)).toBe(0);
    expect(parseCurrency(2.006)).toBe(2.01);
  });
});
