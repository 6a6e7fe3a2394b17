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

// the rights rule lives in a module without zod, so the web's first load takes it without the schemas (rechte.ts)
export { DATEV_RECHT, ERV_RECHTE, istProjektRecht, PROJEKT_RECHTE, rechtGilt, SPEC_RECHTE } from './rechte';

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
