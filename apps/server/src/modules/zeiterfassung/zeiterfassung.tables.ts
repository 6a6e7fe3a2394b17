import type { Generated } from 'kysely';

export interface ZeitbuchungTable {
  id: Generated<number>;
  benutzerId: number;
  /** UTC instants; the sign-out is empty while the entry runs, the sign-in when only a sign-out was booked. */
  anmeldung: string | null;
  abmeldung: string | null;
  typ: Generated<number>;
  kommentar: string | null;
  /** The field service's subsequent booking (serviceNachbuchungen) the entry came from or was ended by. */
  nachbuchungId: number | null;
  erfasstAm: string;
}
export interface ZeitmodellTable {
  id: Generated<number>;
  benutzerId: number;
  gueltigAb: string;
  minutenMo: number;
  minutenDi: number;
  minutenMi: number;
  minutenDo: number;
  minutenFr: number;
  minutenSa: number;
  minutenSo: number;
  urlaubHalbtage: number;
}

export interface ZeiterfassungTables {
  zeitbuchungen: ZeitbuchungTable;
  zeitmodelle: ZeitmodellTable;
}
