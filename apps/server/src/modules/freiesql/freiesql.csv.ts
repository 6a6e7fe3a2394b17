import iconv from 'iconv-lite';
import { formatDatum, formatZahl } from '../../lib/format-de';
import { csvCell } from '../../lib/list-export';
import type { Ergebnis } from './freiesql.runner';

/** One cell of a report as German text: decimals 1.234,56, whole numbers as digits, ISO dates 31.12.2026, Ja/Nein. */
function zelle(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : formatZahl(v, 6);
  if (typeof v === 'boolean') return v ? 'Ja' : 'Nein';
  const text = String(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDatum(text);
  return csvCell(text);
}

/** A report's rows as CSV for Excel: `;`, CRLF, a header of the column names; UTF-8 with BOM or Windows-1252. */
export function alsCsv(e: Ergebnis, encoding: 'utf8' | 'windows1252'): Buffer {
  const zeilen = [e.spalten.map((s) => csvCell(s.name)).join(';'), ...e.zeilen.map((z) => z.map(zelle).join(';'))];
  const text = `${zeilen.join('\r\n')}\r\n`;
  return encoding === 'windows1252' ? iconv.encode(text, 'win1252') : Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}
