import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../../lib/locks';

/**
 * The document history codes A–Z (BEL-021). The spec names the events but not their letters; these are ours, fixed
 * here once — the history tab, the PDF and every service write them through `addHistory`.
 */
export const HISTORY_CODES = {
  /** Document created. */
  A: 'angelegt',
  /** Booked (status 3). */
  B: 'gebucht',
  /** Copied from another document. */
  C: 'kopiert',
  /** Printed / PDF export (status 1 → 2). */
  D: 'gedruckt',
  /** Sent by e-mail. */
  E: 'per E-Mail versendet',
  /** Approval granted (freigabe). */
  F: 'Freigabe erteilt',
  /** Head, foot or positions changed. */
  G: 'geändert',
  /** Purchase price (ek) of a position changed by hand. */
  H: 'Einkaufspreis manuell geändert',
  /** Fulfilled (resolved, status 6). */
  I: 'erledigt',
  /** Picking completed. */
  K: 'Kommissionierung abgeschlossen',
  /** Order created from this document (e.g. an assignment from an offer through a deal). */
  O: 'Auftrag erzeugt',
  /** Parcel number entered. */
  P: 'Paketnummer erfasst',
  /** Signature captured. */
  Q: 'Unterschrift erfasst',
  /** E-invoice delivered (stored with its SHA-256), or booked with missing e-invoice terms (warning mode). */
  R: 'E-Rechnung',
  /** Cancelled (storniert). */
  S: 'storniert',
  /** Status changed (any other status change). */
  T: 'Status geändert',
  /** Taken over: transformed into a following document, or created from a previous one. */
  U: 'übernommen',
  /** PDF uploaded. */
  V: 'PDF hochgeladen',
  /** Payment cancelled. */
  Z: 'Zahlung storniert',
} as const;
export type HistoryCode = keyof typeof HISTORY_CODES;

/**
 * Writes one history row in the caller's transaction: code, text (German, shown as it is), the acting user and the
 * time. `belegstatus` is the document's status after the event when the event changed it.
 */
export async function addHistory(
  trx: Db,
  belegId: number,
  art: HistoryCode,
  text: string,
  actor: Pick<Actor, 'id'> | null,
  belegstatus?: number,
): Promise<void> {
  await trx
    .insertInto('belegStatushistorie')
    .values({ belegId, art, text: text.slice(0, 2000), benutzerId: actor?.id ?? null, zeitpunkt: nowIso(), belegstatus: belegstatus ?? null })
    .execute();
}
