import { describe, expect, it } from 'vitest';
import { createThumbCache } from './thumb-cache';

/** A Storage over a Map, as sessionStorage behaves. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
  };
}

describe('asset thumbnail cache', () => {
  it('[ASS-014] keeps thumbnails in session storage per asset and image', () => {
    const store = memoryStorage();
    const cache = createThumbCache(() => store);
    cache.set(7, 1, 'image/jpeg', 'AAAA');
    cache.set(7, 2, 'image/png', 'BBBB');
    cache.set(8, 1, 'image/jpeg', 'CCCC');
    expect(cache.get(7, 1)).toBe('data:image/jpeg;base64,AAAA');
    expect(store.getItem('vario.assetThumb.7.2')).toBe('data:image/png;base64,BBBB');
    cache.drop(7, 1);
    expect(cache.get(7, 1)).toBeNull();
    cache.dropAsset(7);
    expect(cache.get(7, 2)).toBeNull();
    expect(cache.get(8, 1)).toBe('data:image/jpeg;base64,CCCC');
  });
});
