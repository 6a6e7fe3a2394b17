import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The server's sources: the same check as the web's (apps/web/src/app/import-cycles.test.ts), without a database. */
const SRC = resolve(__dirname, '../src');

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });

/**
 * The specifiers of a source text's static, type-only, re-exported, side-effect and dynamic (`await import('./x')`)
 * imports. A dynamic import closes a cycle as much as a static one: it only moves the moment the half-initialised module
 * is seen.
 */
export const specifiers = (text: string): string[] =>
  [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );

/** A file's imports resolved to files under src (packages are left out). */
function imports(file: string): string[] {
  return specifiers(readFileSync(file, 'utf8')).flatMap((spec) => {
    if (!spec.startsWith('.')) return [];
    const base = resolve(dirname(file), spec);
    const hit = ['', '.ts', '/index.ts'].map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile());
    return hit?.endsWith('.ts') ? [hit] : [];
  });
}

/** Every import cycle (as a list of files), found by depth-first search over the import graph. */
export function importCycles(): string[][] {
  const graph = new Map(files(SRC).map((f) => [f, imports(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const next of graph.get(f) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((p) => relative(SRC, p)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return cycles;
}

describe('server module graph', () => {
  it('sees static, type-only, re-exported, side-effect and dynamic imports', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import {\n  type C,\n  d,\n} from './c';",
      "export { e } from './e';",
      "export * from './f';",
      "import './g';",
      "const { h } = await import('./h');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(specifiers(text)).toEqual(['./a', '../b', './c', './e', './f', './g', './h', 'zod']);
  });

  it('has no import cycles (lib/ knows no module; modules meet in modules/index.ts and app.ts)', () => {
    expect(importCycles()).toEqual([]);
  });
});
