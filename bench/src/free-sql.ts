import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FREIESQL_MAX_ZEILEN } from '@vario/contract';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/index';
import { beendeVorrat, fuehreAus, halteBereit } from '../../apps/server/src/modules/freiesql/freiesql.runner';
import { liesSql } from '../../apps/server/src/modules/freiesql/freiesql.text';
import { parseScale } from '../../apps/server/src/seed/scale';

const RUNS = 12;
const TARGET_MS = 500;

const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;

/**
 * Free SQL (issue 23 item 11): a report over BENCH_SCALE rows (default 1,000,000) answers its first 1,000 rows
 * (the row cap, truncated: true) in < 500 ms — through the same runner as the API (its own read-only process,
 * statement and program checks, the rows streamed in batches until the cap). SQLite; the rows live in a table of
 * their own written once per run (a recursive INSERT), since the report reads rows, not the demo data's shape.
 */
export async function freeSqlBench(scale = process.env.BENCH_SCALE ?? '1m') {
  const n = parseScale(scale);
  const dir = mkdtempSync(join(tmpdir(), 'vario-bench-freesql-'));
  const handle = await openDatabase(join(dir, 'bench.sqlite'));
  try {
    await sql`create table bench_zeilen (id integer primary key, name text not null, betrag real not null, tag text not null)`.execute(handle.db);
    await sql`insert into bench_zeilen (id, name, betrag, tag)
      with recursive n(x) as (select 1 union all select x + 1 from n where x < ${n})
      select x, 'Zeile ' || x, x * 1.25, date('2026-01-01', '+' || (x % 365) || ' days') from n`.execute(handle.db);
    const cases = [
      { name: `plain read of ${n.toLocaleString('en')} rows, first ${FREIESQL_MAX_ZEILEN}`, text: 'select id, name, betrag, tag from bench_zeilen' },
      { name: `ordered by key, first ${FREIESQL_MAX_ZEILEN}`, text: 'select id, name, betrag, tag from bench_zeilen order by id desc' },
      { name: `with a bound parameter, first ${FREIESQL_MAX_ZEILEN}`, text: 'select id, name, betrag from bench_zeilen where betrag >= :ab' },
    ];
    for (const c of cases) {
      const gelesen = liesSql(c.text, 'sqlite');
      if (!gelesen.ok) throw new Error(gelesen.meldung);
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        // the list screen readies the next run's process; a run waits for nothing but its query
        halteBereit('sqlite');
        await new Promise((r) => setTimeout(r, 1500));
        const start = performance.now();
        const e = await fuehreAus({
          db: handle.db,
          dialect: 'sqlite',
          text: gelesen.text,
          werte: gelesen.bindung.map(() => 1),
          maxZeilen: FREIESQL_MAX_ZEILEN,
          zeitlimitMs: 5000,
        });
        ms.push(performance.now() - start);
        if (e.zeilen.length !== FREIESQL_MAX_ZEILEN || !e.truncated) throw new Error(`expected ${FREIESQL_MAX_ZEILEN} rows, truncated`);
      }
      const p95 = p(ms, 0.95);
      console.log(`${c.name}: p50 ${p(ms, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target < ${TARGET_MS} ms) ${p95 < TARGET_MS ? 'OK' : 'MISSED'}`);
    }
  } finally {
    beendeVorrat();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
