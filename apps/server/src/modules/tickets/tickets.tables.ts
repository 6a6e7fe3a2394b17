import type { Generated } from 'kysely';

/** A ticket (spec 2 §3; migration 0031). Efforts in minutes; `ticketNummer` drawn from the range TICKET. */
export interface TicketTable {
  id: Generated<number>;
  ticketNummer: number;
  betreff: string;
  beschreibung: string | null;
  art: Generated<number>;
  prioritaet: Generated<number>;
  status: Generated<number>;
  adresseId: number;
  /** The address's name when the ticket was written (list and quick search without a join). */
  adresseName: string | null;
  rolle: Generated<number>;
  verantwortlichBenutzerId: number | null;
  angefordertVonBenutzerId: number | null;
  zugeordnetBenutzerId: number | null;
  nachErledigungZurueckAnBenutzerId: number | null;
  erledigungAb: string | null;
  erledigungBis: string | null;
  abrechnungsart: Generated<number>;
  abrechnungsartAktivitaeten: Generated<number>;
  aufwandGeschaetzt: number | null;
  aufwandBeauftragt: number | null;
  angebotBelegId: number | null;
  auftragBelegId: number | null;
  abrechnungBelegId: number | null;
  freiS01: string | null;
  freiS02: string | null;
  freiS03: string | null;
  freiS04: string | null;
  freiS05: string | null;
  freiS06: string | null;
  freiS07: string | null;
  freiS08: string | null;
  freiS09: string | null;
  freiS10: string | null;
  hauptTicketId: number | null;
  rueckfrageAnBenutzerId: number | null;
  angelegtAm: string;
  geaendertAm: string;
}

/** One row of a ticket enumeration (TKT-008/010). */
export interface TicketAufzaehlungTable {
  id: Generated<number>;
  wert: number;
  bezeichnung: string;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface TicketsTables {
  tickets: TicketTable;
  ticketAbrechnungsarten: TicketAufzaehlungTable;
  ticketAbrechnungsregeln: TicketAufzaehlungTable;
  ticketPrioritaeten: TicketAufzaehlungTable;
  ticketRollen: TicketAufzaehlungTable;
  ticketStatustexte: TicketAufzaehlungTable;
  ticketArten: TicketAufzaehlungTable;
}
