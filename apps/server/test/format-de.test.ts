import { berlinTag, plusTage, tageZwischen } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { heute, tagVon } from '../src/lib/berlin-time';
import { formatBetrag, formatDatum, formatMenge, formatPreis4, formatProzent, formatScaled, formatZahl, formatZeitpunkt } from '../src/lib/format-de';

describe('one German text for amounts and quantities (lib/format-de.ts)', () => {
  it('amounts always with two decimals and thousands dots', () => {
    expect(formatBetrag(123450)).toBe('1.234,50 €');
    expect(formatBetrag(0)).toBe('0,00 €');
    expect(formatBetrag(5)).toBe('0,05 €');
    expect(formatBetrag(-100_000_000)).toBe('-1.000.000,00 €');
    expect(formatBetrag(6900, 'CHF')).toBe('69,00 CHF');
    expect(formatBetrag(900719925474099n)).toBe('9.007.199.254.740,99 €');
  });

  it('quantities with up to three decimals, no trailing zeros, thousands dots — never "1234,5"', () => {
    expect(formatMenge(1_234_500)).toBe('1.234,5');
    expect(formatMenge(1_234_567)).toBe('1.234,567');
    expect(formatMenge(2000)).toBe('2');
    expect(formatMenge(2500)).toBe('2,5');
    expect(formatMenge(1)).toBe('0,001');
    expect(formatMenge(-1500)).toBe('-1,5');
    expect(formatMenge(0)).toBe('0');
  });

  it('unit prices with 2 to 4 decimals, percentages with up to 2', () => {
    expect(formatPreis4(1250)).toBe('0,1250 €');
    expect(formatPreis4(12_345_678)).toBe('1.234,5678 €');
    expect(formatPreis4(10_000)).toBe('1,00 €');
    expect(formatProzent(1900)).toBe('19 %');
    expect(formatProzent(750)).toBe('7,5 %');
    expect(formatProzent(1)).toBe('0,01 %');
    expect(formatScaled(100, 0)).toBe('100');
    expect(formatZahl(12.5)).toBe('12,5');
    expect(formatZahl(1234.5678)).toBe('1.234,568');
    expect(formatZahl(1234.5678, 2)).toBe('1.234,57');
    expect(formatZahl(-0.5)).toBe('-0,5');
  });

  it('dates as dd.mm.yyyy, date-times by their Berlin day and time', () => {
    expect(formatDatum('2026-03-01')).toBe('01.03.2026');
    expect(formatDatum('2026-12-31T23:30:00Z')).toBe('01.01.2027');
    expect(formatDatum(null)).toBe('');
    expect(formatDatum('kein Datum')).toBe('kein Datum');
    expect(formatZeitpunkt('2026-07-01T22:05:00Z')).toBe('02.07.2026 00:05');
    expect(formatZeitpunkt('2026-01-15T07:30:00Z')).toBe('15.01.2026 08:30');
  });
});

describe('one Berlin calendar day with day arithmetic (contract kalendertag.ts)', () => {
  it('the day of an instant is the Berlin day, in winter and summer', () => {
    expect(berlinTag('2026-01-31T23:30:00Z')).toBe('2026-02-01');
    expect(berlinTag('2026-06-30T21:59:59Z')).toBe('2026-06-30');
    expect(berlinTag('2026-06-30T22:00:00Z')).toBe('2026-07-01');
    expect(tagVon('2026-06-30T22:00:00Z')).toBe('2026-07-01');
    expect(heute(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
  });

  it('adds calendar days across month, year, leap day and daylight-saving changes', () => {
    expect(plusTage('2026-01-31', 1)).toBe('2026-02-01');
    expect(plusTage('2026-12-31', 1)).toBe('2027-01-01');
    expect(plusTage('2028-02-28', 1)).toBe('2028-02-29');
    expect(plusTage('2026-03-28', 1)).toBe('2026-03-29');
    expect(plusTage('2026-03-29', 1)).toBe('2026-03-30');
    expect(plusTage('2026-10-25', -1)).toBe('2026-10-24');
    expect(plusTage('2026-03-01', -14)).toBe('2026-02-15');
    expect(plusTage('2026-03-01T10:00:00Z', 0)).toBe('2026-03-01');
    expect(tageZwischen('2026-03-01', '2026-04-01')).toBe(31);
    expect(tageZwischen('2026-04-01', '2026-03-01')).toBe(-31);
    expect(() => plusTage('01.03.2026', 1)).toThrow(RangeError);
  });
});
