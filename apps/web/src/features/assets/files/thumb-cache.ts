/** Session-storage cache of 400×400 thumbnails per asset and image (ASS-014). */
const PREFIX = 'vario.assetThumb';
const key = (assetId: number, imageId: number) => `${PREFIX}.${assetId}.${imageId}`;

const sessionStore = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

export function createThumbCache(storage: () => Storage | null) {
  return {
    /** A data URL of the cached thumbnail, or null. */
    get(assetId: number, imageId: number): string | null {
      return storage()?.getItem(key(assetId, imageId)) ?? null;
    },
    set(assetId: number, imageId: number, mimeType: string, base64: string) {
      const s = storage();
      if (!s) return;
      const k = key(assetId, imageId);
      const url = `data:${mimeType};base64,${base64}`;
      try {
        if (s.getItem(k) !== url) s.setItem(k, url);
      } catch {
        // quota exceeded: the thumbnail is simply not cached
      }
    },
    drop(assetId: number, imageId: number) {
      storage()?.removeItem(key(assetId, imageId));
    },
    dropAsset(assetId: number) {
      const s = storage();
      if (!s) return;
      const prefix = `${PREFIX}.${assetId}.`;
      const keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => !!k?.startsWith(prefix));
      for (const k of keys) s.removeItem(k);
    },
  };
}

export const thumbCache = createThumbCache(sessionStore);
