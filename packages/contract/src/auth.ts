import { z } from 'zod';
import { id, isoDateTime, single } from './common';

export const benutzer = z.object({
  id,
  name: z.string(),
  kuerzel: z.string(),
  typ: z.number().int(),
  istAdmin: z.boolean(),
  gesperrt: z.boolean(),
  avatar: z.string().nullable(),
  vorgabeLagerId: z.number().int().nullable(),
  email: z.string().nullable(),
});
export type Benutzer = z.infer<typeof benutzer>;

export { BENUTZER_TYPEN_WEBAPP } from './constants';

export const recht = z.object({ recht: z.string(), genehmigt: z.boolean() });
export type Recht = z.infer<typeof recht>;

/** Every right code of the spec (3-cross-cutting §6). A user without a row for one of these has it (RIGHT-004). */
export const SPEC_RECHTE = [
  'ADR_SEHEN',
  'ART_SEHEN',
  'BEK_SEHEN',
  'ASS_SEHEN',
  'DEALS_SEHEN',
  'TKT_ANSEHEN',
  'ADR_AENDERN',
  'ADR_LOESCHEN',
  'DEALS_AENDERN',
  'DEALS_LOESCHEN',
  'ABGL_DEALS_AENDERN',
  'BEK_AENDERN',
  'BEK_LOESCHEN',
  'BEK_FREMDBEARB',
  'TKT_AENDERN',
  'TKT_LOESCHEN',
  'TKT_AKT_AENDERN',
  'TKT_AKT_LOESCHEN',
  'TKT_AKT_FREMD_AENDERN',
  'TKT_AKT_FREMD_LOESCHEN',
  'ART_SONDERPREISE',
  'ART_AENDERN',
  'ART_LOESCHEN',
  'ASS_AENDERN',
  'ASS_LOESCHEN',
  'AUS_FREIESQL',
  'LAG_LGK_WECHSELN',
  'LAG_SEHEN',
  'ART_EK',
] as const;

/**
 * Rights this project adds to the spec's: denied unless the user has a row granting it (a new right must not fall to
 * everyone who has no row for it). `SVC_DISPO`: service planning / dispatch — office users reach every service task.
 * `PICK_KOMMISSIONIEREN`: digital picklists (open, lock, confirm picks); `PICK_ENTSPERREN`: release another user's picklist lock.
 */
export const PROJEKT_RECHTE = ['SVC_DISPO', 'PICK_KOMMISSIONIEREN', 'PICK_ENTSPERREN'] as const;

const projektRechte: ReadonlySet<string> = new Set(PROJEKT_RECHTE);
/** True for a right the project adds (see `PROJEKT_RECHTE`). */
export const istProjektRecht = (recht: string) => projektRechte.has(recht);

/**
 * The one rights rule (RIGHT-002..004), for the server's route hook and services and for the web's buttons: an
 * administrator has every right; a right listed for the user decides by its `genehmigt`; an unlisted spec right is
 * granted, an unlisted project right denied. `genehmigt` is the user's row for the right (undefined: no row).
 */
export function rechtGilt(istAdmin: boolean, genehmigt: boolean | undefined, recht: string): boolean {
  if (istAdmin) return true;
  if (genehmigt !== undefined) return genehmigt;
  return !istProjektRecht(recht);
}

export const techniker = z.object({
  id,
  benutzerId: z.number().int(),
  bezeichnung: z.string(),
  gutteileLagerId: z.number().int().nullable(),
  doateileLagerId: z.number().int().nullable(),
  defektteileLagerId: z.number().int().nullable(),
});
export type Techniker = z.infer<typeof techniker>;

export const loginResponse = single(z.object({ token: z.string(), gueltigBis: isoDateTime }));

export const meResponse = single(
  z.object({
    benutzer: benutzer.extend({ webappBerechtigt: z.boolean() }),
    rechte: z.array(recht),
    techniker: techniker.nullable(),
  }),
);
export type Me = z.infer<typeof meResponse>['result'];

/** Shortest password a user may choose. */
export const PASSWORT_MIN = 8;

/**
 * Own password change: the current password and the new one (at least 8 characters). The server also refuses a new
 * password equal to the current one or to the login name (400 on `neuesPasswort`) and a wrong current one (400 on
 * `altesPasswort`).
 */
export const passwortAenderung = z.object({
  altesPasswort: z.string().min(1, 'Bitte das bisherige Passwort eingeben').max(200),
  neuesPasswort: z.string().min(PASSWORT_MIN, `Das Passwort muss mindestens ${PASSWORT_MIN} Zeichen lang sein`).max(200),
});
export const passwortBody = z.object({ data: passwortAenderung });

/** Pick-list user (3-cross-cutting §3), shown by kuerzel. */
export const benutzerAuswahl = benutzer.pick({ id: true, name: true, typ: true, vorgabeLagerId: true, kuerzel: true, gesperrt: true });
