import { idParams, list, listQuery, single, write } from './common';
import { endpoint } from './endpoint';
import {
  FREIESQL_MAX_ZEILEN,
  FREIESQL_ZEITLIMIT_MS,
  freieSql,
  freieSqlAenderung,
  freieSqlDaten,
  freieSqlDatenQuery,
  freieSqlEingabe,
  freieSqlExportQuery,
  freieSqlListe,
} from './freiesql';

const RECHT = ['AUS_FREIESQL'] as const;
const tag = 'auswertungen';
const NUR_LESEN =
  'A report can only read: on SQLite it runs on a separate read-only connection in its own process, exactly one statement that is a read-only reader (no PRAGMA, ATTACH, load_extension, virtual tables; no session, lock or idempotency tables, no password hashes); on PostgreSQL in a READ ONLY transaction under a role that may only SELECT the reporting views rpt_… (no password hashes, tokens or locks in reach). ' +
  `A run is stopped at the time limit (${FREIESQL_ZEITLIMIT_MS} ms unless configured): 422. Parameters (:name in the text) are bound as parameters, never spliced into the text. Each run is logged (user, report, parameters, duration, rows, outcome).`;

/** Free SQL reports (spec 2 §7 Statistics; STAT-016…023; RIGHT-033). */
export const freieSqlEndpoints = {
  freieSqlList: endpoint({
    method: 'GET',
    path: '/auswertungen/freiesql',
    summary: 'Saved free SQL reports (id, name, parameter), by name.',
    tag,
    rights: RECHT,
    query: listQuery,
    response: list(freieSqlListe),
  }),
  freieSqlGet: endpoint({
    method: 'GET',
    path: '/auswertungen/freiesql/:id',
    summary: 'One saved report; the required parameters are in result.parameter (all of them must be given to run it).',
    tag,
    rights: RECHT,
    params: idParams,
    response: single(freieSql),
  }),
  freieSqlDaten: endpoint({
    method: 'GET',
    path: '/auswertungen/freiesql/:id/daten',
    summary: `Runs a report: every parameter as a query value named like the parameter (400 naming the missing ones). Answers daten[0] with spalten, datensaetze (at most limit, default and maximum ${FREIESQL_MAX_ZEILEN}) and truncated: true when the report has more rows. A statement that could change something is refused (400). ${NUR_LESEN}`,
    tag,
    rights: RECHT,
    params: idParams,
    query: freieSqlDatenQuery,
    errors: [422, 503],
    response: freieSqlDaten,
  }),
  freieSqlExport: endpoint({
    method: 'GET',
    path: '/auswertungen/freiesql/:id/export',
    summary: `A report's rows as a CSV file for Excel (binary, text/csv, ';' separated, German numbers; encoding utf8 with BOM or windows1252), the parameters as for daten. ${NUR_LESEN}`,
    tag,
    rights: RECHT,
    params: idParams,
    query: freieSqlExportQuery,
    errors: [422, 503],
    status: 200,
    response: null,
  }),
  freieSqlCreate: endpoint({
    method: 'POST',
    path: '/auswertungen/freiesql',
    summary:
      'Save a new report (administrators). Every :name placeholder of the text needs one parameter definition and every definition a placeholder (400 on parameter). The text must be one reading statement (400 on sql).',
    tag,
    adminOnly: true,
    body: write(freieSqlEingabe),
    status: 201,
    response: single(freieSql),
  }),
  freieSqlUpdate: endpoint({
    method: 'PATCH',
    path: '/auswertungen/freiesql/:id',
    summary: 'Change a report (administrators); the same checks as on create.',
    tag,
    adminOnly: true,
    params: idParams,
    body: write(freieSqlAenderung),
    response: single(freieSql),
  }),
  freieSqlDelete: endpoint({
    method: 'DELETE',
    path: '/auswertungen/freiesql/:id',
    summary: 'Delete a report (administrators); its run log stays.',
    tag,
    adminOnly: true,
    params: idParams,
    status: 204,
    response: null,
  }),
};
