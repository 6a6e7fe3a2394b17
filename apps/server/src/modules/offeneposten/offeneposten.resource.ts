import { offenerPosten, offenerPostenListe, zahlung } from '@vario/contract';
import { money2, percent2 } from '../../lib/codecs';
import { containsExpr } from '../../lib/list-query';
import { defineResource } from '../../lib/resource';
import { heute, OPV } from './offeneposten.service';

/** Address columns an open item shows (joined; filterable and sortable, name1 in German order). */
const ADRESSE = {
  adressnummer: '"adressen"."adressnummer"',
  kundennummer: '"adressen"."kundennummer"',
  name1: '"adressen"."name1"',
  ort: '"adressen"."ort"',
};

/**
 * Open items as a REST resource: list and read (with the address's number, name and place), and the flag change
 * (PATCH through `updateRecord`: before-image under lock, record lock check, change-log entry). Items are created and
 * removed only by the document booking and cancellation (offeneposten.service.ts).
 */
export const offenePostenResource = defineResource({
  table: 'offenePosten',
  kuerzel: OPV,
  path: '/finanzen/offeneposten',
  label: 'Offener Posten',
  schema: offenerPosten,
  listSchema: offenerPostenListe,
  defaultOrder: ['nettoFaellig'],
  query: (db) => db.selectFrom('offenePosten').innerJoin('adressen', 'adressen.id', 'offenePosten.adresseId'),
  computed: {
    ...ADRESSE,
    // the open amount less the discount while something is open and a discount is left; the term is checked per day in fromRow
    skontoZahlbetrag: `case when "offenePosten"."skontoBetrag" > 0 and "offenePosten"."offenerBetrag" > "offenePosten"."skontoBetrag" and not "offenePosten"."abgeschlossen" then "offenePosten"."offenerBetrag" - "offenePosten"."skontoBetrag" end`,
  },
  fields: {
    rechnungsBetrag: money2,
    offenerBetrag: money2,
    bisherGezahlt: money2,
    skontoBetrag: money2,
    skontoProzent: percent2,
    skontoZahlbetrag: money2,
  },
  fromRow: (row) =>
    'skontoZahlbetrag' in row ? { ...row, skontoZahlbetrag: row.skontoDatum && String(row.skontoDatum) >= heute() ? row.skontoZahlbetrag : null } : row,
  search: (eb, term, d) =>
    eb.or([
      containsExpr(eb.ref('offenePosten.rechnungsnummer'), term, d),
      containsExpr(eb.ref('adressen.name1'), term, d),
      ...(/^\d{1,15}$/.test(term) ? [eb('adressen.kundennummer', '=', Number(term)), eb('offenePosten.nummer', '=', Number(term))] : []),
    ]),
  stamp: { update: () => ({ geaendertAm: new Date().toISOString() }) },
});

/**
 * Payments of an open item (read only through the API; recorded by `recordPayment`, reversed by `reversePayment`),
 * each with its reversal and the credit its surplus made.
 */
export const zahlungenResource = defineResource({
  table: 'offenePostenZahlungen',
  kuerzel: 'OPZ',
  path: '/finanzen/offeneposten/:parent/zahlungen',
  label: 'Zahlung',
  schema: zahlung,
  defaultOrder: ['zahlungsDatum'],
  parentColumn: 'offenerPostenId',
  query: (db) =>
    db
      .selectFrom('offenePostenZahlungen')
      .leftJoin('benutzer', 'benutzer.id', 'offenePostenZahlungen.benutzerId')
      .leftJoin('offenePostenZahlungen as storno', 'storno.stornoVonId', 'offenePostenZahlungen.id')
      .leftJoin('offenePosten as guthaben', 'guthaben.zahlungId', 'offenePostenZahlungen.id'),
  computed: { benutzerName: '"benutzer"."name"', storniertDurchId: '"storno"."id"', guthabenId: '"guthaben"."id"' },
  fields: { zahlungsBetrag: money2 },
});
