import { report } from './belege';
import { endpoint } from './endpoint';
import {
  computedQueryAntwort,
  computedQueryBody,
  computedQueryParams,
  geburtstageAntwort,
  umsatzMonatZeile,
  umsatzWarengruppenQuery,
  umsatzWarengruppeZeile,
} from './statistik';

/** Turnover is what was sold: the documents' see-right. */
const UMSATZ = ['BEK_SEHEN'] as const;
/** Birthdays are the persons of the addresses. */
const PERSONEN = ['ADR_SEHEN'] as const;

/** The statistics dashboard's calls (STAT-002…015) and the computed queries (HTTP-035…037). */
export const statistikEndpoints = {
  umsatzGesamt: endpoint({
    method: 'GET',
    path: '/auswertungen/umsatz/daten',
    summary:
      'Net turnover of the company by calendar year and month (booked invoices less credit notes; a cancelled invoice nets out with its cancellation document), every month with turnover, in daten[0].datensaetze (STAT-004, STAT-007); the same figures as the address turnover tab summed over all addresses',
    tag: 'auswertungen',
    rights: UMSATZ,
    response: report(umsatzMonatZeile),
  }),
  umsatzWarengruppen: endpoint({
    method: 'GET',
    path: '/auswertungen/umsatzwarengruppen/daten',
    summary:
      'Net turnover by product group and month of a fiscal year (default the current one; its first month is the system parameter PFA.WIRTSCHAFTSJAHRBEGINN, default 1), rows with warengruppe, summe, monat in daten[0].datensaetze (STAT-008); lines without a product group under warengruppe null',
    tag: 'auswertungen',
    rights: UMSATZ,
    query: umsatzWarengruppenQuery,
    response: report(umsatzWarengruppeZeile),
  }),
  geburtstage: endpoint({
    method: 'GET',
    path: '/auswertungen/geburtstage/daten',
    summary:
      "Persons' birthdays from 3 days back to 5 days ahead of today (Europe/Berlin), ascending by the day they fall on (STAT-010, STAT-011, STAT-014, STAT-015): daten[0].datensaetze[0] the window, daten[1].datensaetze the rows with anrede, name, geburtstag; across New Year; 29 February counts on 28 February in a year without one",
    tag: 'auswertungen',
    rights: PERSONEN,
    response: geburtstageAntwort,
  }),
  computedQuery: endpoint({
    method: 'POST',
    path: '/cmn/computed-queries/:groupKey/:id',
    summary:
      "A computed query (HTTP-035…037): the named query of the group answered by its list (same filters, order and windows as the grid), with presetId (a saved grid preset: the user parameter of that name), adhocPreset, overrideResults (the properties to answer), additionalPredicate (a filter or an AND junction; operator default EQUALS), pageable {start, limit, sortOrders[property, direction default DESC]} and variableSubstitutionList (values of the query's :name placeholders). Reads only; 404 for an unknown query, 403 without the rights of the list it reads",
    tag: 'auswertungen',
    rightsNote: 'Per query: the rights of the list it reads (adressen ADR_SEHEN, artikel ART_SEHEN, belege and offeneposten BEK_SEHEN)',
    params: computedQueryParams,
    body: computedQueryBody,
    errors: [403],
    response: computedQueryAntwort,
  }),
} as const;
