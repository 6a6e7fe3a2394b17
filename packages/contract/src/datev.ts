import { z } from 'zod';
import { id, isoDate, isoDateTime } from './common';

/**
 * The DATEV export (issue 24 items 10–12): the settings an administrator fills in once, the query of the
 * Buchungsstapel and the export log. The file format itself is the server's (modules/datev).
 */

export const DATEV_KONTENRAHMEN = ['SKR03', 'SKR04'] as const;
/**
 * How a customer's debtor account is formed: its customer number as it is (when customer numbers already have the
 * debtor length), or a base plus its running number (customer number less the start of the customer number range).
 */
export const DATEV_DEBITOR_REGELN = ['kundennummer', 'basisPlusLaufnummer'] as const;
export const DATEV_EXPORT_ARTEN = ['buchungsstapel', 'debitoren'] as const;

const konto = z.string().regex(/^[0-9]{1,9}$/, 'Kontonummer aus Ziffern');
/** The account of one VAT rate (percent2: 1900 = 19 %); an automatic account carries no BU key. */
export const datevErloeskonto = z.object({
  satz: z.number().int().min(0).max(10000),
  konto,
  buSchluessel: z
    .string()
    .regex(/^[0-9]{1,4}$/, 'BU-Schlüssel aus bis zu vier Ziffern')
    .nullable(),
});
export const datevKonten = z.object({
  /** Revenue account per VAT rate (and case). */
  erloese: z.array(datevErloeskonto).min(1, 'Mindestens ein Erlöskonto'),
  bank: konto,
  kasse: konto,
  /** Cash discount granted (an automatic account). */
  skonto: konto,
});
export type DatevKonten = z.infer<typeof datevKonten>;

export const datevEinstellungenEingabe = z.object({
  beraternummer: z.number().int('Ganze Zahl').min(1001, 'Beraternummer 1001 bis 9999999').max(9999999, 'Beraternummer 1001 bis 9999999'),
  mandantennummer: z.number().int('Ganze Zahl').min(1, 'Mandantennummer 1 bis 99999').max(99999, 'Mandantennummer 1 bis 99999'),
  kontenrahmen: z.enum(DATEV_KONTENRAHMEN),
  sachkontenlaenge: z.number().int('Ganze Zahl').min(4, 'Sachkontenlänge 4 bis 8').max(8, 'Sachkontenlänge 4 bis 8'),
  debitorRegel: z.enum(DATEV_DEBITOR_REGELN),
  debitorBasis: z.number().int('Ganze Zahl').min(0).max(999999999),
  konten: datevKonten,
});
export type DatevEinstellungenEingabe = z.infer<typeof datevEinstellungenEingabe>;

export const datevEinstellungen = z.object({
  beraternummer: z.number().int().nullable(),
  mandantennummer: z.number().int().nullable(),
  kontenrahmen: z.enum(DATEV_KONTENRAHMEN),
  sachkontenlaenge: z.number().int(),
  debitorRegel: z.enum(DATEV_DEBITOR_REGELN),
  debitorBasis: z.number().int(),
  /** The stored accounts, or the chart of accounts' defaults while none are stored. */
  konten: datevKonten,
  /** Fiscal-year start month (system parameter PFA.WIRTSCHAFTSJAHRBEGINN). */
  wirtschaftsjahrBeginn: z.number().int(),
  /** False while the adviser and client numbers are missing (exports answer 422 naming them). */
  vollstaendig: z.boolean(),
});
export type DatevEinstellungen = z.infer<typeof datevEinstellungen>;

const bool = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

export const datevStapelQuery = z
  .object({
    von: isoDate,
    bis: isoDate,
    /** A test export: the file as it would be, nothing is marked exported. */
    test: bool,
    /** A repeat: postings already exported in the period are written again (explicit choice). */
    wiederholen: bool,
  })
  .refine((q) => q.von <= q.bis, { message: 'Das Ende liegt vor dem Anfang', path: ['bis'] });

export const datevExport = z.object({
  id,
  art: z.enum(DATEV_EXPORT_ARTEN),
  von: isoDate,
  bis: isoDate,
  test: z.boolean(),
  wiederholung: z.boolean(),
  dateiname: z.string(),
  zeilen: z.number().int(),
  sha256: z.string(),
  benutzer: z.string().nullable(),
  erstelltAm: isoDateTime,
});
export type DatevExport = z.infer<typeof datevExport>;
