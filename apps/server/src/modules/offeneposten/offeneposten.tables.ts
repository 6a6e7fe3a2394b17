import type { Generated } from 'kysely';
import type { Bool } from '../../db/column-types';

/** An open item of a booked invoice or credit note (migration 0008). Amounts in cents, negative for a credit note. */
export interface OffenerPostenTable {
  id: Generated<number>;
  nummer: number;
  rechnungsnummer: string;
  belegId: number;
  /** 'RE' invoice, 'GU' credit note (OPV_ARTEN in offeneposten.service.ts). */
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
}

/** One row per day a dunning run ran (per-day idempotency). */
export interface MahnlaufTable {
  id: Generated<number>;
  datum: string;
  benutzerId: number | null;
  zeitpunkt: string;
  erhoeht: Generated<number>;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface OffenePostenTables {
  offenePosten: OffenerPostenTable;
  offenePostenZahlungen: OffenerPostenZahlungTable;
  mahnlaeufe: MahnlaufTable;
}
