import { Readable } from 'node:stream';
import { type ListExportQuery, listExportValues, MessageCode } from '@vario/contract';
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../db/schema-helpers';
import { heute } from './berlin-time';
import type { FieldCodecs } from './codecs';
import { ApiError, badRequest } from './errors';
import { type FieldType, own } from './fields';
import { contentDisposition } from './files';
import { formatDatum, formatScaled, formatZahl, formatZeitpunkt } from './format-de';
import { type ListSpec, listBatches } from './list-query';

// biome-ignore lint/suspicious/noExplicitAny: list queries address columns by validated runtime names
type AnyQB = SelectQueryBuilder<any, any, any>;

/**
 * A list as a CSV file for Excel (issue 20 item 10): the rows of the list's filter, quick search and order — all of
 * them, read in keyset batches (`listBatches`) and written through a stream that waits for the client (backpressure),
 * so that a million rows never sit in memory. UTF-8 with BOM, `;` between cells, CRLF lines, a header row of the
 * labels the client names for the columns it shows, in its order; amounts, quantities and dates in German.
 */

/** Exports running at once on this instance; one more answers 503 with Retry-After. */
export const MAX_EXPORTS = 2;
/** Rows read per database query. */
export const EXPORT_BATCH = 1000;
const RETRY_AFTER_SECONDS = 10;
let running = 0;

/** How many exports are running now (for tests and the bench). */
export const runningExports = () => running;

/** Splits a comma list; `\,` and `\\` stand for a comma and a backslash (the list filter's grammar). */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) cur += text[++i];
    else if (c === ',') {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts;
}

/** A cell's text: quoted where it holds the separator, a quote or a line break; text that a spreadsheet would run as a formula gets a leading '. */
export function csvCell(text: string, guard = true): string {
  const safe = guard && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

type Format = (v: unknown) => string;
const isTrue = (v: unknown) => v === true || v === 1 || v === '1' || v === 't';

/** How one field's stored value is written: by its codec (stored integers), else by its type. */
function formatOf(type: FieldType, codec: { name: string; decimals: number } | undefined, scale: number | undefined): Format {
  if (codec || scale) {
    const decimals = codec?.decimals ?? Math.round(Math.log10(scale as number));
    // amounts keep their two decimals, unit prices at least two; quantities and percentages drop trailing zeros
    const min = codec?.name === 'money2' ? 2 : codec?.name === 'money4' ? 2 : codec ? 0 : decimals;
    return (v) => formatScaled(typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v))), decimals, min);
  }
  switch (type) {
    case 'number':
      // whole numbers (numbers, levels, counts) as digits; decimals of the API with a comma
      return (v) => (Number.isInteger(Number(v)) ? String(v) : formatZahl(Number(v)));
    case 'date':
      return (v) => formatDatum(String(v));
    case 'datetime':
      return (v) => formatZeitpunkt(String(v));
    case 'boolean':
      return (v) => (isTrue(v) ? 'Ja' : 'Nein');
    default:
      return (v) => csvCell(String(v));
  }
}

export interface ExportSource {
  /** The list's base query (columns, joins, the actor's scope), not yet filtered or ordered. */
  base: AnyQB;
  spec: ListSpec;
  dialect: Dialect;
  /** The list's stored-integer fields (money, quantities), for their German text; else the spec's scales decide. */
  codecs?: FieldCodecs;
  /** The file's name without extension, e.g. "Adressen". */
  name: string;
}

/** The labels of code columns (`values`, JSON): an object of fields, each an object of codes and their labels; else a 400. */
function valueLabels(text: string | undefined, fields: readonly string[]): Record<string, Record<string, string>> {
  if (text === undefined || text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('Die Beschriftungen der Werte sind kein gültiges JSON', { values: ['Ein JSON-Objekt { Feld: { Code: Beschriftung } } angeben'] });
  }
  const res = listExportValues.safeParse(parsed);
  if (!res.success) throw badRequest('Die Beschriftungen der Werte sind ungültig', { values: ['Ein JSON-Objekt { Feld: { Code: Beschriftung } } angeben'] });
  const unknown = Object.keys(res.data).filter((f) => !fields.includes(f));
  if (unknown.length)
    throw badRequest(`Beschriftungen für Spalten, die nicht exportiert werden: ${unknown.join(', ')}`, { values: unknown.map((f) => `Keine Spalte: ${f}`) });
  return res.data;
}

/** A code as its label (booleans by `true`/`false`); a code without one keeps its own text. */
function labelled(format: Format, type: FieldType, labels: Record<string, string> | undefined): Format {
  if (!labels) return format;
  return (v) => {
    const label = own(labels, type === 'boolean' ? String(isTrue(v)) : String(v));
    return label === undefined ? format(v) : csvCell(label);
  };
}

/**
 * The export's columns: fields of the list, each with its header label and — for a code column — the labels of its
 * codes as the list shows them (issue 20: a status exports "gebucht", not 3); unknown fields and unequal lists are a 400.
 */
function exportColumns(q: ListExportQuery, spec: ListSpec, codecs?: FieldCodecs) {
  const fields = splitList(q.columns).map((f) => f.trim());
  const labels = q.labels === undefined ? fields : splitList(q.labels);
  const unknown = fields.filter((f) => !own(spec.fields, f));
  if (!fields.length || fields.some((f) => !f)) throw badRequest('Keine Spalten für den Export', { columns: ['Mindestens eine Spalte angeben'] });
  if (unknown.length) throw badRequest(`Unbekannte Spalte: ${unknown.join(', ')}`, { columns: unknown.map((f) => `Unbekanntes Feld: ${f}`) });
  if (labels.length !== fields.length)
    throw badRequest('Spalten und Überschriften passen nicht zusammen', { labels: [`${fields.length} Überschriften erwartet, ${labels.length} erhalten`] });
  const values = valueLabels(q.values, fields);
  return fields.map((field, i) => {
    const type = own(spec.fields, field) as FieldType;
    return { field, label: labels[i] as string, format: labelled(formatOf(type, own(codecs, field), own(spec.scales, field)), type, own(values, field)) };
  });
}

/**
 * Answers the list as a CSV download. The query's filter, order and columns are checked before anything is sent (a
 * 400 answers the error object); beyond `MAX_EXPORTS` running exports the answer is a 503 with Retry-After.
 */
export async function sendListExport(reply: FastifyReply, q: ListExportQuery, src: ExportSource): Promise<FastifyReply> {
  const columns = exportColumns(q, src.spec, src.codecs);
  if (running >= MAX_EXPORTS) {
    throw new ApiError(503, MessageCode.unavailable, 'Es laufen bereits zu viele Exporte, bitte gleich noch einmal versuchen', {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  running++;
  const batches = listBatches<Record<string, unknown>>(src.base, src.spec, q, src.dialect, EXPORT_BATCH);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    running--;
    void batches.return(undefined);
  };
  // the first batch is read before the answer starts: a refused filter or order is still a 400, not a broken download
  let first: IteratorResult<Record<string, unknown>[]>;
  try {
    first = await batches.next();
  } catch (err) {
    release();
    throw err;
  }
  const line = (row: Record<string, unknown>) =>
    `${columns
      .map((c) => {
        const v = row[c.field];
        return v === null || v === undefined ? '' : c.format(v);
      })
      .join(';')}\r\n`;
  async function* csv() {
    try {
      yield `\uFEFF${columns.map((c) => csvCell(c.label)).join(';')}\r\n`;
      if (first.done) return;
      yield first.value.map(line).join('');
      for await (const rows of batches) yield rows.map(line).join('');
    } finally {
      release();
    }
  }
  const stream = Readable.from(csv(), { objectMode: false, highWaterMark: 64 * 1024 });
  stream.on('close', release);
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', contentDisposition(`${src.name}_${heute()}.csv`, false))
    .header('Cache-Control', 'no-store')
    .send(stream);
}
