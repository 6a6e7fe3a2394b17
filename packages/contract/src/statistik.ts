import { z } from 'zod';
import { isoDate } from './common';

/** The statistics (issue 23 items 4–6, 9; spec 2 §2, §3, §7, §9; STAT-001…015, HTTP-035…037). */

/** The birthday window (STAT-010, spec 2 §9): 3 days back to 5 days ahead. */
export const GEBURTSTAG_FENSTER = { zurueck: 3, voraus: 5 } as const;
/** At most this many birthday rows are answered (the earliest days first); `anzahl` of the window counts them all. */
export const GEBURTSTAGE_MAX = 500;

/** The user parameter with the hidden legend entries of the product-group chart (STAT-009); `wert` a JSON array of names. */
export const PRESETS_WARENGRUPPEN_CHART = 'presetsTurnOverGroupChart';

/** Company turnover rows (STAT-004, STAT-007): calendar year, month and net sum. */
export const umsatzMonatZeile = z.object({ jahr: z.number().int(), monat: z.number().int().min(1).max(12), summe: z.number() });

/** Turnover by product group (STAT-008): one row per group and month of the fiscal year asked for. */
export const umsatzWarengruppeZeile = z.object({
  jahr: z.number().int(),
  monat: z.number().int().min(1).max(12),
  /** The group's name; null for lines without a product group (and what no line explains). */
  warengruppe: z.string().nullable(),
  warengruppeId: z.number().int(),
  summe: z.number(),
});
export const umsatzWarengruppenQuery = z.object({
  /** The fiscal year by the calendar year it starts in; default the current one. */
  geschaeftsjahr: z.coerce.number().int().min(1900).max(9999).optional(),
});

/** The window of the birthday list (daten[0]). */
export const geburtstagFenster = z.object({
  heute: isoDate,
  von: isoDate,
  bis: isoDate,
  /** Birthdays in the window; more than the rows answered when the list was cut at GEBURTSTAGE_MAX. */
  anzahl: z.number().int(),
});
/** A birthday in the window (STAT-015): anrede, name, geburtstag, plus the day it falls on and its distance from today. */
export const geburtstagZeile = z.object({
  personId: z.number().int(),
  adresseId: z.number().int(),
  anrede: z.string().nullable(),
  name: z.string(),
  /** The date of birth. */
  geburtstag: isoDate,
  /** The day the birthday falls on in the window (29 February in a year without one: 28 February). */
  datum: isoDate,
  /** Days from today: −3 … 5. */
  tage: z.number().int(),
  /** The age reached on `datum`. */
  alter: z.number().int(),
});
export const geburtstageAntwort = z.object({
  daten: z.tuple([z.object({ datensaetze: z.array(geburtstagFenster) }), z.object({ datensaetze: z.array(geburtstagZeile) })]),
});

// ───────────── computed queries (HTTP-035…037) ─────────────

export const COMPUTED_OPERATOREN = [
  'EQUALS',
  'NOT_EQUALS',
  'GREATER',
  'GREATER_OR_EQUAL',
  'LESS',
  'LESS_OR_EQUAL',
  'CONTAINS',
  'IS_NULL',
  'IS_NOT_NULL',
] as const;
const wert = z.union([z.string().max(500), z.number(), z.boolean()]);
/** One filter: property, operator (default EQUALS, HTTP-036), values (several values with EQUALS: any of them). */
export const computedFilter = z.object({
  property: z.string().min(1).max(80),
  operator: z.enum(COMPUTED_OPERATOREN).default('EQUALS'),
  values: z.array(wert).max(100).default([]),
});
/** A filter, or an AND junction of filters (HTTP-036). */
export const computedPredicate = z.union([
  computedFilter,
  z.object({ junction: z.literal('AND'), predicates: z.array(computedFilter).min(1).max(50) }).strict(),
]);
/** {start, limit, sortOrders[{property, direction}]}, direction default DESC (HTTP-037). */
export const computedPageable = z.object({
  start: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(10_000).default(100),
  sortOrders: z
    .array(z.object({ property: z.string().min(1).max(80), direction: z.enum(['ASC', 'DESC']).default('DESC') }))
    .max(10)
    .default([]),
});
/** A grid preset (spec 2 §9: rowsPerPage, sortBy, descending), ad hoc or saved as a user parameter named by presetId. */
export const computedPreset = z.object({
  sortBy: z.string().max(80).nullish(),
  descending: z.boolean().nullish(),
  rowsPerPage: z.number().int().min(0).max(10_000).nullish(),
});
export const computedQueryBody = z
  .object({
    presetId: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,80}$/)
      .nullish(),
    adhocPreset: computedPreset.nullish(),
    /** The properties to answer (default: every property of the list). */
    overrideResults: z.array(z.string().min(1).max(80)).max(100).nullish(),
    additionalPredicate: computedPredicate.nullish(),
    pageable: computedPageable.nullish(),
    /** Values for the query's placeholders (a value `:name`). */
    variableSubstitutionList: z
      .array(z.object({ name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), value: wert }))
      .max(50)
      .nullish(),
  })
  .strict();
export type ComputedQueryBody = z.input<typeof computedQueryBody>;
export const computedQueryParams = z.object({
  groupKey: z.string().regex(/^[a-z][a-zA-Z0-9-]{0,39}$/),
  id: z.string().regex(/^[a-z][a-zA-Z0-9-]{0,39}$/),
});
export const computedQueryAntwort = z.object({
  result: z.array(z.record(z.string(), z.unknown())),
  resultCount: z.number().int(),
  hasMoreData: z.boolean(),
});

/**
 * The computed queries: group key → id → the list they read (a list endpoint's name: its rights, its fields) and
 * the query's own predicate, whose placeholder values `:name` the caller's variableSubstitutionList fills.
 */
export interface ComputedQuery {
  liste: 'adressenList' | 'artikelList' | 'belegeList' | 'offenePostenList';
  titel: string;
  predicate?: readonly { property: string; operator?: (typeof COMPUTED_OPERATOREN)[number]; values: readonly (string | number | boolean)[] }[];
}
export const COMPUTED_QUERIES: Readonly<Record<string, Readonly<Record<string, ComputedQuery>>>> = {
  adressen: {
    alle: { liste: 'adressenList', titel: 'Alle Adressen' },
    ort: { liste: 'adressenList', titel: 'Adressen eines Ortes', predicate: [{ property: 'ort', values: [':ort'] }] },
  },
  artikel: {
    alle: { liste: 'artikelList', titel: 'Alle Artikel' },
  },
  belege: {
    alle: { liste: 'belegeList', titel: 'Alle Verkaufsbelege' },
    adresse: { liste: 'belegeList', titel: 'Belege einer Adresse', predicate: [{ property: 'adresseId', values: [':adresseId'] }] },
  },
  offeneposten: {
    alle: { liste: 'offenePostenList', titel: 'Alle offenen Posten' },
    adresse: { liste: 'offenePostenList', titel: 'Offene Posten einer Adresse', predicate: [{ property: 'adresseId', values: [':adresseId'] }] },
  },
};
