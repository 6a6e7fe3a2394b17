import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBudgets, routeLoad } from '../../../../scripts/bundle-budget.mjs';

/** A small build as vite writes it: index.html with the entry and the preload map, chunks importing each other. */
function fixture(): string {
  const dist = mkdtempSync(join(tmpdir(), 'vario-budget-'));
  mkdirSync(join(dist, 'assets'));
  const noise = (n: number) => Array.from({ length: n }, (_, i) => `var v${i}=${(i * 7919) % 10007};`).join('');
  const files: Record<string, string> = {
    'index-AAAAAAAA.js': `import{a as b}from"./shared-BBBBBBBB.js";import("./lazy-CCCCCCCC.js");${noise(50)}`,
    'shared-BBBBBBBB.js': `export const a=1;${noise(40)}`,
    'lazy-CCCCCCCC.js': `${noise(400)}`,
    'grid-DDDDDDDD.js': `import"./shared-BBBBBBBB.js";${noise(300)}`,
    'list-EEEEEEEE.js': `${noise(30)}`,
  };
  for (const [f, code] of Object.entries(files)) writeFileSync(join(dist, 'assets', f), code);
  const map = { '^/list/?$': { a: ['/assets/list-EEEEEEEE.js', '/assets/list.css'], w: ['/assets/grid-DDDDDDDD.js'] } };
  writeFileSync(
    join(dist, 'index.html'),
    `<html><head><script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script><script>(function(m,p){})(${JSON.stringify(map)},location.pathname)</script></head></html>`,
  );
  return dist;
}

describe('bundle budget (scripts/bundle-budget.mjs)', () => {
  const dist = fixture();
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('counts the entry, its static imports and the route’s preloads, not lazily imported chunks', () => {
    const load = routeLoad('/list', dist);
    expect(load.files.map((f) => f.file).sort()).toEqual(
      ['/assets/grid-DDDDDDDD.js', '/assets/index-AAAAAAAA.js', '/assets/list-EEEEEEEE.js', '/assets/shared-BBBBBBBB.js'].sort(),
    );
    expect(load.gzip).toBe(load.files.reduce((n, f) => n + f.gzip, 0));
    // another route loads only the entry and what it imports
    expect(
      routeLoad('/other', dist)
        .files.map((f) => f.file)
        .sort(),
    ).toEqual(['/assets/index-AAAAAAAA.js', '/assets/shared-BBBBBBBB.js']);
    // a phone does not load the `wide` files
    expect(routeLoad('/list', dist, { wide: false }).files.map((f) => f.file)).not.toContain('/assets/grid-DDDDDDDD.js');
  });

  it('fails a route above its ceiling and passes it under', () => {
    const kb = routeLoad('/list', dist).gzip / 1024;
    const [over] = checkBudgets(dist, { '/list': { target: kb / 2, ceiling: kb - 0.01 } });
    expect(over?.ok).toBe(false);
    expect(over?.onTarget).toBe(false);
    const [under] = checkBudgets(dist, { '/list': { target: kb, ceiling: kb } });
    expect(under?.ok).toBe(true);
    expect(under?.onTarget).toBe(true);
  });
});
