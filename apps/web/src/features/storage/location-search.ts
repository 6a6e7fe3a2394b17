/** The search of /storageLocationInformation: the chosen warehouse (LAG-001). */
export interface StorageLocationSearch {
  lagerId?: number;
}

export const validateStorageLocationSearch = (s: Record<string, unknown>): StorageLocationSearch => {
  const n = Number(s.lagerId);
  return Number.isInteger(n) && n > 0 ? { lagerId: n } : {};
};
