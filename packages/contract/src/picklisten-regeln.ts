/**
 * The picklist's rules and codes without zod (the web's navigation reads them in its first load); the schemas are in
 * picklisten.ts.
 */

/** Rights the project adds (denied unless granted, PROJEKT_RECHTE): picking, and releasing another user's picklist lock. */
export const PICK_RECHT = 'PICK_KOMMISSIONIEREN';
export const PICK_ENTSPERREN_RECHT = 'PICK_ENTSPERREN';
/** Table code of the picklist's record lock and change-log rows. */
export const PICKLISTE_TABELLE = 'PKL';
/** Stock movement kind of a pick confirmation (lagerbewegungen.art). */
export const BEWEGUNG_KOMMISSIONIERUNG = 'KOMMISSIONIERUNG';

/** PICK-006: the navigation entry is for these user types … */
export const PICKLISTE_BENUTZERTYPEN = [0, 1, 3] as const;
/** … when the chosen storage region picks with one of these picking types (kommissionierart). */
export const PICKLISTE_KOMMISSIONIERARTEN = [1, 2] as const;
/** PICK-006 as one rule, for the web's navigation and its tests. */
export const picklisteSichtbar = (benutzerTyp: number, kommissionierart: number | null | undefined) =>
  (PICKLISTE_BENUTZERTYPEN as readonly number[]).includes(benutzerTyp) &&
  kommissionierart !== null &&
  kommissionierart !== undefined &&
  (PICKLISTE_KOMMISSIONIERARTEN as readonly number[]).includes(kommissionierart);
