import { describe, expect, it } from 'vitest';
import { formatCompact, formatCurrency, formatDate, formatDateTime, formatDecimal, formatDuration, formatPercent, formatTime, relativeDay } from './format';

// Intl separates number and unit with a narrow no-break space; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('lib/format', () => {
  it('[APP-099] formats numbers de-DE compact', () => {
    expect(plain(formatCompact(1234567))).toBe('1,23 Mio.');
    expect(plain(formatCompact(1500))).toBe('1500');
    expect(formatCompact(null)).toBe('');
  });
  it('[APP-100] formats money in euro with 2 decimals', () => {
    expect(plain(formatCurrency(1234.5))).toBe('1.234,50 €');
    expect(plain(formatCurrency(0))).toBe('0,00 €');
    expect(plain(formatCurrency(-3.456))).toBe('-3,46 €');
  });
  it('[APP-101] [APP-102] divides percent by 100 and shows at least 2 fraction digits', () => {
    expect(plain(formatPercent(19))).toBe('19,00 %');
    expect(plain(formatPercent(7.5))).toBe('7,50 %');
    expect(formatPercent(undefined)).toBe('');
  });
  it('[APP-103] shows decimals with at most 2 fraction digits', () => {
    expect(formatDecimal(2.71666)).toBe('2,72');
    expect(formatDecimal(2)).toBe('2');
    expect(formatDecimal(1234.5)).toBe('1.234,5');
  });
  it('[APP-104] dates as DD.MM.YYYY and times as HH:mm', () => {
    expect(formatDate('2024-07-05T10:30:00')).toBe('05.07.2024');
    expect(formatTime('2024-07-05T08:05:00')).toBe('08:05');
    expect(formatDateTime('2024-07-05T08:05:00')).toBe('05.07.2024 08:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('durations as hh:mm:ss, a dash when sign-in is after sign-out', () => {
    expect(formatDuration('2024-07-05T08:00:00', '2024-07-05T16:30:15')).toBe('08:30:15');
    expect(formatDuration('2024-07-05T08:00:00', '2024-07-06T09:00:00')).toBe('25:00:00');
    expect(formatDuration('2024-07-05T17:00:00', '2024-07-05T16:00:00')).toBe('-');
    expect(formatDuration(null, '2024-07-05T16:00:00')).toBe('-');
  });
  it('relative day labels', () => {
    const now = '2024-07-05T12:00:00';
    expect(relativeDay('2024-07-01T09:00:00', now)).toEqual({ key: 'daysAgo', count: 4 });
    expect(relativeDay('2024-07-03T23:59:00', now)).toEqual({ key: 'dayBeforeYesterday', count: 2 });
    expect(relativeDay('2024-07-04T00:00:00', now)).toEqual({ key: 'yesterday', count: 1 });
    expect(relativeDay('2024-07-05T23:00:00', now)).toEqual({ key: 'today', count: 0 });
    expect(relativeDay('2024-07-06T01:00:00', now)).toEqual({ key: 'tomorrow', count: 1 });
    expect(relativeDay('2024-07-07T01:00:00', now)).toEqual({ key: 'dayAfterTomorrow', count: 2 });
    expect(relativeDay('2024-07-15T01:00:00', now)).toEqual({ key: 'inDays', count: 10 });
  });
});

describe('lib/format in the user language (issue 9 item 1)', () => {
  it('[APP-100] [APP-104] money and dates follow the language: de, en, fr', async () => {
    const { i18n } = await import('@/i18n');
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    await i18n.changeLanguage('en');
    expect(formatCurrency(16368.2)).toBe('€16,368.20');
    expect(formatDate('2026-12-31')).toBe('12/31/2026');
    await i18n.changeLanguage('fr');
    expect(plain(formatCurrency(0))).toBe('0,00 €');
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
    await i18n.changeLanguage('de');
    expect(plain(formatCurrency(16368.2))).toBe('16.368,20 €');
    expect(formatDate('2026-12-31')).toBe('31.12.2026');
  });
});
