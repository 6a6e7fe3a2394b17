import { describe, expect, it } from 'vitest';
import { parseCurrency } from './CurrencyInput';

describe('currency input', () => {
  it('[APP-105] accepts a comma as decimal separator', () => {
    expect(parseCurrency('12,5')).toBe(12.5);
    expect(parseCurrency('1.234,56 €')).toBe(1234.56);
  });
  // issue 9 item 2 supersedes APP-106's "falls back to 0": unreadable money is refused (null), never turned into 0
  it('[APP-106] rounds half away from zero to 2 decimals; unreadable text is refused, not 0', () => {
    expect(parseCurrency('3,14159')).toBe(3.14);
    expect(parseCurrency('12.345,678')).toBe(12345.68);
    expect(parseCurrency('abc')).toBe(null);
    expect(parseCurrency(null)).toBe(null);
    expect(parseCurrency(2.005)).toBe(2.01);
  });
});
