import { describe, expect, it } from 'vitest';
import { formatDateInput, formatNumberInput, parseDate, parseNumber, roundMoney } from './parse';

const value = <T>(p: { ok: true; value: T } | { ok: false }) => (p.ok ? p.value : 'REFUSED');

describe('lib/parse: dates typed as the language writes them (issue 9 item 1)', () => {
  it('de: TT.MM.JJJJ, T.M.JJ, 31122026 → ISO', () => {
    expect(value(parseDate('31.12.2026', 'de'))).toBe('2026-12-31');
    expect(value(parseDate('15.10.2026', 'de'))).toBe('2026-10-15');
    expect(value(parseDate('24.12.2025', 'de'))).toBe('2025-12-24');
    expect(value(parseDate('1.2.26', 'de'))).toBe('2026-02-01');
    expect(value(parseDate('31122026', 'de'))).toBe('2026-12-31');
    expect(value(parseDate('2026-12-31', 'de'))).toBe('2026-12-31');
    expect(value(parseDate('  ', 'de'))).toBe(null);
  });
  it('de: anything else is refused, never guessed', () => {
    for (const s of ['31.13.2026', '30.02.2026', '31/12/2026', '12/31/2026', 'morgen', '31.12.', '3112', '31.12.202', '2026-02-30']) {
      expect(value(parseDate(s, 'de')), s).toBe('REFUSED');
    }
  });
  it('en: MM/DD/YYYY and M/D/YY; fr: JJ/MM/AAAA', () => {
    expect(value(parseDate('12/31/2026', 'en'))).toBe('2026-12-31');
    expect(value(parseDate('2/1/26', 'en'))).toBe('2026-02-01');
    expect(value(parseDate('31/12/2026', 'en'))).toBe('REFUSED');
    expect(value(parseDate('31/12/2026', 'fr'))).toBe('2026-12-31');
    expect(value(parseDate('1/2/26', 'fr'))).toBe('2026-02-01');
    expect(value(parseDate('31.12.2026', 'fr'))).toBe('REFUSED');
  });
  it('shows ISO dates as each language writes them', () => {
    expect(formatDateInput('2026-12-31', 'de')).toBe('31.12.2026');
    expect(formatDateInput('2026-12-31', 'en')).toBe('12/31/2026');
    expect(formatDateInput('2026-12-31', 'fr')).toBe('31/12/2026');
    expect(formatDateInput(null, 'de')).toBe('');
  });
});

describe('lib/parse: numbers in the user locale (issue 9 item 2)', () => {
  it('de 1.234,56 · en 1,234.56 · fr 1 234,56 (space, no-break and narrow no-break space)', () => {
    expect(value(parseNumber('1.234,56', { scale: 2 }, 'de'))).toBe(1234.56);
    expect(value(parseNumber('1234,56', { scale: 2 }, 'de'))).toBe(1234.56);
    expect(value(parseNumber('1,234.56', { scale: 2 }, 'en'))).toBe(1234.56);
    expect(value(parseNumber('1 234,56', { scale: 2 }, 'fr'))).toBe(1234.56);
    expect(value(parseNumber('1\u00a0234,56', { scale: 2 }, 'fr'))).toBe(1234.56);
    expect(value(parseNumber('1\u202f234,56 €', { scale: 2 }, 'fr'))).toBe(1234.56);
    expect(value(parseNumber('-5', {}, 'de'))).toBe(-5);
    expect(value(parseNumber('', {}, 'de'))).toBe(null);
  });
  it('[APP-106] money is rounded half away from zero at its scale, not cut', () => {
    expect(value(parseNumber('12.345,678', { scale: 2 }, 'de'))).toBe(12345.68);
    expect(value(parseNumber('12.345,675', { scale: 2 }, 'de'))).toBe(12345.68);
    expect(value(parseNumber('-0,005', { scale: 2 }, 'de'))).toBe(-0.01);
    expect(value(parseNumber('1,004', { scale: 2 }, 'de'))).toBe(1);
    expect(roundMoney(2.005)).toBe(2.01);
    expect(roundMoney(-2.005)).toBe(-2.01);
  });
  it('exact: more fraction digits than the scale are refused, not rounded (a whole price)', () => {
    expect(parseNumber('1,234', { scale: 2, exact: true }, 'de').ok).toBe(false);
    expect(parseNumber('0,001', { scale: 2, exact: true }, 'de').ok).toBe(false);
    expect(value(parseNumber('1,230', { scale: 2, exact: true }, 'de'))).toBe(1.23);
    expect(value(parseNumber('1.234,5', { scale: 2, exact: true }, 'de'))).toBe(1234.5);
  });
  it('refuses letters, wrong separators and misplaced groups instead of emptying', () => {
    for (const [s, lang] of [
      ['abc', 'de'],
      ['12a', 'de'],
      ['12.5', 'de'],
      ['1.23,4', 'de'],
      ['1,234.56', 'de'],
      ['1.234,56', 'en'],
      ['12,5', 'en'],
      ['1.234,56', 'fr'],
      ['1,2,3', 'fr'],
    ] as const) {
      expect(value(parseNumber(s, { scale: 2 }, lang)), `${lang} ${s}`).toBe('REFUSED');
    }
  });
  it('whole numbers refuse a fraction', () => {
    expect(value(parseNumber('10', { integer: true }, 'de'))).toBe(10);
    expect(value(parseNumber('1,5', { integer: true }, 'de'))).toBe('REFUSED');
  });
  it('formats numbers for the input in each language', () => {
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(formatNumberInput(1234.5, { scale: 2, fixed: true }, 'de')).toBe('1.234,50');
    expect(formatNumberInput(1234.5, { scale: 2, fixed: true }, 'en')).toBe('1,234.50');
    expect(plain(formatNumberInput(1234.5, { scale: 2, fixed: true }, 'fr'))).toBe('1 234,50');
    expect(formatNumberInput(10158, { grouped: false }, 'de')).toBe('10158');
  });
});
