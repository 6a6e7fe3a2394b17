// The rights rule without zod: the web's first load needs it (lib/rights.ts), the schemas of auth.ts it does not.
import { PICK_ENTSPERREN_RECHT, PICK_RECHT } from './picklisten-regeln';

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

/** The rights of the verification (project rights: denied unless granted, `PROJEKT_RECHTE`). */
export const ERV_RECHTE = {
  /** See the list, a record, its history and its check document. */
  SEHEN: 'ERV_SEHEN',
  /** Save the checklist and approve ("share"). */
  FREIGEBEN: 'ERV_FREIGEBEN',
  /** Reject (with remark). */
  ABLEHNEN: 'ERV_ABLEHNEN',
  /** Pass on to another user. */
  WEITERLEITEN: 'ERV_WEITERLEITEN',
  /** Take in an e-invoice (XRechnung, ZUGFeRD): it creates the purchase invoice (and, asked for, the supplier). */
  ERFASSEN: 'ERV_ERFASSEN',
} as const;

/**
 * Rights this project adds to the spec's: denied unless the user has a row granting it (a new right must not fall to
 * everyone who has no row for it). `SVC_DISPO`: service planning / dispatch — office users reach every service task.
 * `PICK_KOMMISSIONIEREN`: digital picklists (open, lock, confirm picks); `PICK_ENTSPERREN`: release another user's
 * picklist lock. `DATEV_EXPORT`: the DATEV export. `ERV_*`: the incoming-invoice verification (see, approve with checklist, reject, pass on, take in e-invoices).
 */
/** The DATEV export (issue 24): an accountant's right, denied unless granted. */
export const DATEV_RECHT = 'DATEV_EXPORT';

export const PROJEKT_RECHTE = [
  'SVC_DISPO',
  PICK_RECHT,
  PICK_ENTSPERREN_RECHT,
  DATEV_RECHT,
  ERV_RECHTE.SEHEN,
  ERV_RECHTE.FREIGEBEN,
  ERV_RECHTE.ABLEHNEN,
  ERV_RECHTE.WEITERLEITEN,
  ERV_RECHTE.ERFASSEN,
] as const;

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
