/** ISO 8601 timestamp (UTC, milliseconds) — the one time format stored in text columns. */
export const nowIso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

/** Normalises any ISO 8601 date-time with offset to the stored UTC form. */
export const toStoredIso = (value: string) => new Date(value).toISOString();
