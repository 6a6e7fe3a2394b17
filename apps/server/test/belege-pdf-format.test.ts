import { describe, expect, it } from 'vitest';
import { formatBetrag, formatDatum, formatMenge, formatPreis4, formatProzent, formatScaled } from '../src/lib/format-de';
import { zahlungsbedingungen } from '../src/modules/belege/belege.dokumente.service';
import { renderGeschaeftsdokument } from '../src/modules/belege/belege.pdf';
import { readPdf } from './pdf-reader';

describe('one money formatter for documents (de-DE, integers only)', () => {
  it('formats cents with thousands dots and two decimals, negative and large amounts exactly', () => {
    expect(formatBetrag(123456)).toBe('1.234,56 €');
    expect(formatBetrag(5)).toBe('0,05 €');
    expect(formatBetrag(-111581)).toBe('-1.115,81 €');
    expect(formatBetrag(0)).toBe('0,00 €');
    expect(formatBetrag(900719925474099)).toBe('9.007.199.254.740,99 €');
    expect(formatBetrag(10n ** 20n + 1n)).toBe('1.000.000.000.000.000.000,01 €');
    expect(formatBetrag(1999, 'CHF')).toBe('19,99 CHF');
  });
  it('unit prices keep up to four places, quantities and percentages drop trailing zeros', () => {
    expect(formatPreis4(12345)).toBe('1,2345 €');
    expect(formatPreis4(1_000_000)).toBe('100,00 €');
    expect(formatPreis4(1250)).toBe('0,1250 €');
    expect(formatMenge(2500)).toBe('2,5');
    expect(formatMenge(3000)).toBe('3');
    expect(formatMenge(-1)).toBe('-0,001');
    expect(formatProzent(1900)).toBe('19 %');
    expect(formatProzent(750)).toBe('7,5 %');
    expect(formatScaled(100, 0)).toBe('100');
  });
  it('dates as dd.mm.yyyy', () => {
    expect(formatDatum('2026-11-26')).toBe('26.11.2026');
    expect(formatDatum('2026-11-26T23:30:00Z')).toBe('27.11.2026');
    expect(formatDatum(null)).toBe('');
  });
});

describe('payment terms on the document', () => {
  it('net days from the payment type, 14 days without one, cash discount with its amount; offers and credit notes have their line', () => {
    expect(zahlungsbedingungen('04', '2026-11-26', 11900, 'EUR', undefined)).toBe('Zahlbar bis zum 10.12.2026 ohne Abzug (14 Tage netto).');
    expect(zahlungsbedingungen('04', '2026-11-26', 11900, 'EUR', { bezeichnung: 'Sofort', nettoTage: 0, skontoTage: 0, skontoProzent: 0 })).toBe(
      'Zahlbar sofort ohne Abzug.',
    );
    expect(zahlungsbedingungen('04', '2026-11-26', 11900, 'EUR', { bezeichnung: '2 % Skonto', nettoTage: 30, skontoTage: 10, skontoProzent: 200 })).toBe(
      'Bei Zahlung bis zum 06.12.2026 gewähren wir 2 % Skonto (2,38 €), Zahlbetrag 116,62 €. Zahlbar bis zum 26.12.2026 ohne Abzug (30 Tage netto).',
    );
    expect(zahlungsbedingungen('05', '2026-11-26', 100, 'EUR', undefined)).toMatch(/gutgeschrieben/);
    expect(zahlungsbedingungen('01', '2026-11-26', 100, 'EUR', undefined)).toMatch(/freibleibend/);
    expect(zahlungsbedingungen('03', '2026-11-26', 100, 'EUR', undefined)).toBeNull();
  });
});

describe('renderGeschaeftsdokument (the model SVC-S reuses)', () => {
  const model = (rows: number) => ({
    briefkopf: { name: 'Prüf GmbH', zeilen: ['Straße 1'], absenderzeile: 'Prüf GmbH · Straße 1', fussspalten: [['Prüf GmbH'], ['Bank']] },
    empfaenger: ['Kunde Ärger & Co.', 'Weg 2', '12345 Öhringen'],
    titel: 'Abschlussbericht',
    titelZusatz: 'SA-1',
    kopfdaten: [{ label: 'Auftrag', wert: 'SA-1' }],
    spalten: [
      { key: 'a', titel: 'Tätigkeit' },
      { key: 'b', titel: 'Stunden', breite: 20, ausrichtung: 'right' as const },
    ],
    zeilen: Array.from({ length: rows }, (_, i) => ({ zellen: { a: `Arbeit ${i + 1}`, b: '1,5' } })),
    summen: [{ label: 'Summe', cents: 1050, betont: true }],
  });
  it('repeats the table header on every page, numbers the pages and gives the same bytes for the same model', async () => {
    const pdf = await renderGeschaeftsdokument(model(120));
    const read = await readPdf(pdf);
    expect(read.pages.length).toBeGreaterThanOrEqual(3);
    read.pages.forEach((p, i) => {
      expect(p).toContain('Tätigkeit');
      expect(p).toContain(`Seite ${i + 1} von ${read.pages.length}`);
    });
    expect(read.pages[0]).toContain('Kunde Ärger & Co.');
    expect(read.pages.join('\n')).toContain('Arbeit 120');
    expect((await renderGeschaeftsdokument(model(120))).equals(pdf)).toBe(true);
  });
});
