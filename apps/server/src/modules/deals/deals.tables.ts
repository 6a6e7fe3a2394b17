import type { Generated } from 'kysely';
import type { Bool } from '../../db/column-types';

/** A deal (spec 2 §3); created in the deals area or by booking an offer (BEL-031). Money in cents. */
export interface DealTable {
  id: Generated<number>;
  /** 1 sales, 2 marketing. */
  typ: Generated<number>;
  titel: string;
  /** Whole percent. */
  chance: Generated<number>;
  /** 0 open, 1 won, 2 lost. */
  status: Generated<number>;
  /** 1 first contact, 2 follow-up, 3 in negotiation, 4 completed. */
  phase: Generated<number>;
  note: string | null;
  zustaendigerBenutzer: number | null;
  investitionsdatumGeplant: string | null;
  investitionsdatumErreicht: string | null;
  investitionssummeGeplant: number | null;
  investitionssummeErreicht: number | null;
  archived: Generated<Bool>;
  naechsterKontakt: string | null;
  frei01: string | null;
  frei02: string | null;
  ansprechpartnerId: number | null;
  adresseId: number;
  /** Why a lost deal was lost (a row of `dealVerlustgruende`, by its text). */
  verlustgrund: string | null;
  angelegtAm: string;
  geaendertAm: string;
}

/** The configurable reasons a deal is lost (migration 0030 seeds the usual ones). */
export interface DealVerlustgrundTable {
  id: Generated<number>;
  bezeichnung: string;
  sortierung: Generated<number>;
}

/** The board's header figures per phase of the open, not archived deals, kept by triggers (migration 0032). */
export interface DealPhasenSummenTable {
  phase: number;
  anzahl: number;
  summe: number;
  gewichtet: number;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface DealsTables {
  deals: DealTable;
  dealVerlustgruende: DealVerlustgrundTable;
  dealPhasenSummen: DealPhasenSummenTable;
}
