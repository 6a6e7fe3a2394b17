import { z } from 'zod';
import { id, isoDateTime } from './common';

/**
 * Free SQL reports (spec 2 §2, §3, §5, §7; STAT-016…023, RIGHT-033): saved read-only queries with named parameters.
 * A report can only read: on SQLite a read-only connection in a separate process, one reading statement; on PostgreSQL
 * a role that can only SELECT the reporting views (`rpt_…`), in a READ ONLY transaction with a statement timeout.
 */

/** Kinds of a report parameter: how its value is entered and bound. */
export const FREIESQL_PARAMETER_TYPEN = ['text', 'zahl', 'datum'] as const;
export type FreieSqlParameterTyp = (typeof FREIESQL_PARAMETER_TYPEN)[number];

/** Rows a run answers at most (more: `truncated: true`); the CSV export reads up to `FREIESQL_EXPORT_ZEILEN`. */
export const FREIESQL_MAX_ZEILEN = 1000;
export const FREIESQL_EXPORT_ZEILEN = 100_000;
/** Time a run may take (ms) before it is stopped, unless the server is configured otherwise. */
export const FREIESQL_ZEITLIMIT_MS = 5000;
/** Query names a parameter may not take (they steer the run itself). */
export const FREIESQL_RESERVIERT = ['limit', 'format', 'encoding'] as const;
/** The encodings of the CSV export: UTF-8 with BOM, or Windows-1252 for older Excel versions. */
export const FREIESQL_ENCODINGS = ['utf8', 'windows1252'] as const;

/** A named placeholder `:name` in the report's text (letters, digits, underscore; starting with a letter). */
export const FREIESQL_PARAMETER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

export const freieSqlParameter = z.object({
  name: z
    .string()
    .regex(FREIESQL_PARAMETER_NAME, 'Name aus Buchstaben, Ziffern und _ (mit einem Buchstaben am Anfang, höchstens 40 Zeichen)')
    .refine((n) => !(FREIESQL_RESERVIERT as readonly string[]).includes(n.toLowerCase()), 'Dieser Name ist reserviert (limit, format, encoding)'),
  bezeichnung: z.string().trim().min(1).max(100),
  typ: z.enum(FREIESQL_PARAMETER_TYPEN),
});
export type FreieSqlParameter = z.infer<typeof freieSqlParameter>;

/** A saved report as the list shows it (STAT-017: id, name, parameters). */
export const freieSqlListe = z.object({
  id,
  name: z.string(),
  parameter: z.array(freieSqlParameter),
});
/** A saved report read alone (STAT-020: the required parameters in `parameter`). */
export const freieSql = freieSqlListe.extend({
  sql: z.string(),
  erstelltVon: id.nullable(),
  erstelltAm: isoDateTime,
  geaendertVon: id.nullable(),
  geaendertAm: isoDateTime.nullable(),
});
export type FreieSql = z.infer<typeof freieSql>;

/** Create or change (administrators): the name, the text with its `:name` placeholders and one definition per placeholder. */
export const freieSqlEingabe = z.object({
  name: z.string().trim().min(1, 'Bitte einen Namen angeben').max(200),
  sql: z.string().trim().min(1, 'Bitte eine Abfrage angeben').max(20_000),
  parameter: z.array(freieSqlParameter).max(20).default([]),
});
export const freieSqlAenderung = freieSqlEingabe.partial();

/** The query of a run: `limit` (up to FREIESQL_MAX_ZEILEN) and one value per parameter, named as the parameter. */
export const freieSqlDatenQuery = z.object({ limit: z.coerce.number().int().min(1).max(FREIESQL_MAX_ZEILEN).optional() }).catchall(z.string().max(1000));
/** The query of the CSV export: the parameters, and the encoding. */
export const freieSqlExportQuery = z
  .object({ format: z.enum(['csv']).default('csv'), encoding: z.enum(FREIESQL_ENCODINGS).default('utf8') })
  .catchall(z.string().max(1000));

export const freieSqlSpalte = z.object({ name: z.string() });
/** The answer of a run, in the reports' envelope: one block with the columns, the rows, and whether rows were cut off. */
export const freieSqlDaten = z.object({
  daten: z.array(
    z.object({
      spalten: z.array(freieSqlSpalte),
      datensaetze: z.array(z.record(z.string(), z.unknown())),
      truncated: z.boolean(),
      dauerMs: z.number().int(),
    }),
  ),
});
export type FreieSqlDaten = z.infer<typeof freieSqlDaten>;
