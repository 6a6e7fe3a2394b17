import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..');
/** The catalogue (HTTP-070) and the host's default of 2.5 s (HTTP-072). */
const ALLOWED = new Set([2500, 3000, 4000, 7000, 10_000, 12_000, 30_000]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('notification timeouts', () => {
  it('[HTTP-070] every literal autoClose is one of 3, 4, 7, 10, 12 or 30 s (or the 2.5 s default)', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/autoClose[=:]\s*\{?\s*(\d[\d_]*)/g)) {
        const ms = Number(m[1]?.replaceAll('_', ''));
        if (!ALLOWED.has(ms)) found.push(`${file.slice(SRC.length + 1)}: ${ms}`);
      }
    }
    expect(found).toEqual([]);
  });
});
