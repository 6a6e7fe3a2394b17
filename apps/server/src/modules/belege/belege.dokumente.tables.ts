/** Migration 0009: a sales document's signature and the fingerprint of its last rendered PDF (one row per document). */
export interface BelegDokumentTable {
  belegId: number;
  /** PNG bytes of the signature. */
  unterschrift: Buffer | null;
  unterschriftName: string | null;
  unterschriftAm: string | null;
  unterschriftBenutzerId: number | null;
  /** SHA-256 (hex) of the PDF file last rendered for the document. */
  pdfSha256: string | null;
  pdfErstelltAm: string | null;
  pdfGroesse: number | null;
}

export interface BelegDokumenteTables {
  belegDokumente: BelegDokumentTable;
}

// The letterhead columns migration 0009 adds to the system info (declared next to their migration).
declare module '../system/system.tables' {
  interface SystemInfoTable {
    strasse: string | null;
    plz: string | null;
    ort: string | null;
    telefon: string | null;
    email: string | null;
    internet: string | null;
    ustId: string | null;
    steuernummer: string | null;
    bank: string | null;
    iban: string | null;
    bic: string | null;
    geschaeftsfuehrer: string | null;
    registergericht: string | null;
  }
}
