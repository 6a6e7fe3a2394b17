import { z } from 'zod';
import { id, isoDateTime, urlId } from './common';

/** Largest signature accepted: base64 of at most 1 MiB of PNG (a signature box at 3× pixel ratio is ~30–150 KB). */
export const UNTERSCHRIFT_MAX_BYTES = 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** PUT /verkauf/belege/{id}/unterschrift: the PNG as base64 (a `data:image/png;base64,` prefix is allowed) and the signer. */
export const unterschriftWrite = z.object({
  data: z.object({
    daten: z
      .string()
      .trim()
      .max(Math.ceil((UNTERSCHRIFT_MAX_BYTES * 4) / 3) + 32, 'Die Unterschrift ist zu groß (höchstens 1 MB)')
      .transform((s) => s.replace(/^data:image\/png;base64,/, ''))
      .refine((s) => s.length > 0 && BASE64.test(s), 'Die Unterschrift muss ein PNG-Bild in Base64 sein'),
    name: z.string().trim().max(100, 'Höchstens 100 Zeichen').nullish(),
  }),
  ProtokollBemerkung: z.string().max(2000).optional(),
});

/** A document's signature: the PNG as base64, who signed and when, who captured it. */
export const belegUnterschrift = z.object({
  belegId: id,
  daten: z.string(),
  name: z.string().nullable(),
  unterschriebenAm: isoDateTime,
  /** Short code (name) of the user who captured it. */
  erfasstVon: z.string().nullable(),
});
export type BelegUnterschrift = z.infer<typeof belegUnterschrift>;

/** Answer of POST /verkauf/belege/{id}/drucken: the new status and the fingerprint of the PDF that was printed. */
export const druckErgebnis = z.object({
  id,
  belegnummer: z.string(),
  belegstatus: z.number().int(),
  /** SHA-256 (hex) of the rendered PDF, as kept with the document. */
  pdfSha256: z.string(),
  pdfErstelltAm: isoDateTime,
  pdfGroesse: z.number().int(),
});
export type DruckErgebnis = z.infer<typeof druckErgebnis>;

/** A file of a purchase document (BEL-024): 'J' in eraktivesPruefDokument marks the check document. */
export const einkaufBelegDatei = z.object({
  id,
  dateiname: z.string(),
  eraktivesPruefDokument: z.enum(['J', 'N']),
  mimeType: z.string(),
  groesse: z.number().int(),
  angelegtAm: isoDateTime,
});
export type EinkaufBelegDatei = z.infer<typeof einkaufBelegDatei>;

export const einkaufDateiParams = z.object({ id: urlId, fileId: urlId });
