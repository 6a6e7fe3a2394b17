import type { Generated } from 'kysely';
import type { Bool } from '../../db/column-types';

/** An open item of a booked invoice or credit note (migration 0008). Amounts in cents, negative for a credit note. */
export interface OffenerPostenTable {
  id: Generated<number>;
  nummer: number;
  rechnungsnummer: string;
  /** The document; empty for a credit from an overpayment (opvArt 'GH', migration 0020). */
  belegId: number | null;
  /** 'RE' invoice, 'GU' credit note, 'GH' credit from an overpayment (OPV_ARTEN of the contract). */
  opvArt: string;
  adresseId: number;
  rechnungsBetrag: number;
  offenerBetrag: number;
  bisherGezahlt: Generated<number>;
  rechnungsdatum: string;
  valuta: string;
  nettoFaellig: string;
  skontoDatum: string | null;
  /** Hundredths of a percent. */
  skontoProzent: Generated<number>;
  skontoBetrag: Generated<number>;
  zahlungsartId: number | null;
  zahlungsart: string | null;
  /** 0–5. */
  mahnstufe: Generated<number>;
  letzteMahnung: string | null;
  strittig: Generated<Bool>;
  nichtMahnen: Generated<Bool>;
  gesperrt: Generated<Bool>;
  abgeschlossen: Generated<Bool>;
  angelegtAm: string;
  geaendertAm: string;
  /** A credit ('GH'): the payment whose surplus it holds. */
  zahlungId: Generated<number | null>;
}

/** A payment recorded against an open item; `zahlungsBetrag` has the item's sign (negative: paid out on a credit note). */
export interface OffenerPostenZahlungTable {
  id: Generated<number>;
  offenerPostenId: number;
  auszug: string | null;
  bemerkung: string | null;
  zahlungPer: string;
  zahlungsBetrag: number;
  zahlungsDatum: string;
  benutzerId: number | null;
  angelegtAm: string;
  /** A reversal ('Storno', the negated amount): the payment it reverses (once: unique). */
  stornoVonId: Generated<number | null>;
  /** A cash discount row ('Skonto'): the payment it came with. */
  zuZahlungId: Generated<number | null>;
}

/** One row per day a dunning run ran (per-day idempotency). */
export interface MahnlaufTable {
  id: Generated<number>;
  datum: string;
  benutzerId: number | null;
  zeitpunkt: string;
  erhoeht: Generated<number>;
}

/** A dunning letter: one per address and run, with its level (the highest new level of its items) and total (cents). */
export interface MahnschreibenTable {
  id: Generated<number>;
  mahnlaufId: number;
  adresseId: number;
  stufe: number;
  datum: string;
  betrag: number;
  anzahl: number;
}

/** An item a dunning letter names, as it was at the run (amount in cents, levels before and after). */
export interface MahnschreibenPostenTable {
  id: Generated<number>;
  mahnschreibenId: number;
  offenerPostenId: number;
  rechnungsnummer: string;
  rechnungsdatum: string;
  nettoFaellig: string;
  offenerBetrag: number;
  stufeVorher: number;
  stufe: number;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface OffenePostenTables {
  offenePosten: OffenerPostenTable;
  offenePostenZahlungen: OffenerPostenZahlungTable;
  mahnlaeufe: MahnlaufTable;
  mahnschreiben: MahnschreibenTable;
  mahnschreibenPosten: MahnschreibenPostenTable;
}
