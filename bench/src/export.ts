import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fakerDE } from '@faker-js/faker';
import { inTransaction, migrate, openDatabase } from '../../apps/server/src/db/index';
import { SEED, seeders } from '../../apps/server/src/seed/index';
import { parseScale } from '../../apps/server/src/seed/scale';
import { ROOT, startChild } from './lib';

/**
 * A database of the demo logins and `n` addresses only (the export reads nothing else), made once and kept in data/:
 * the full demo data at a million rows per area takes far longer to seed than the export takes to run.
 */
async function exportDatabase(scale: string): Promise<{ file: string; n: number }> {
  const n = parseScale(scale);
  const file = join(ROOT, `data/bench-export-${scale}.sqlite`);
  if (existsSync(file)) return { file, n };
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  for (const f of ['', '-wal', '-shm']) rmSync(tmp + f, { force: true });
  console.log(`Writing ${n.toLocaleString('en')} addresses into ${file} (once) …`);
  const handle = await openDatabase(tmp);
  await migrate(handle);
  const foundation = seeders.find((s) => s.name === 'foundation');
  if (!foundation) throw new Error('no foundation seeder');
  fakerDE.seed(SEED);
  await inTransaction(handle.db, (db) =>
    foundation.run({ db, dialect: handle.dialect, faker: fakerDE, scale: 1000, demo: true, numberRanges: [], progress: () => {} }),
  );
  const firmen = Array.from({ length: 3000 }, () => fakerDE.company.name());
  const orte = Array.from({ length: 800 }, () => ({ ort: fakerDE.location.city(), plz: fakerDE.location.zipCode('#####') }));
  const strassen = Array.from({ length: 1500 }, () => fakerDE.location.street());
  const now = new Date().toISOString();
  const CHUNK = 2000;
  for (let start = 0; start < n; start += 50_000) {
    await inTransaction(handle.db, async (db) => {
      for (let i = start; i < Math.min(n, start + 50_000); i += CHUNK) {
        const rows = Array.from({ length: Math.min(CHUNK, n - i) }, (_, j) => {
          const k = i + j;
          const o = orte[(k * 7) % orte.length] as { ort: string; plz: string };
          return {
            adressnummer: 100_000 + k,
            kundennummer: k % 5 === 4 ? null : 10_000 + k,
            name1: `${firmen[(k * 13) % firmen.length]} ${k}`,
            ort: o.ort,
            plz: o.plz,
            lkz: 'D',
            strasse: `${strassen[(k * 11) % strassen.length]} ${1 + (k % 120)}`,
            email: k % 3 === 0 ? null : `info${k}@example.de`,
            istKunde: k % 5 !== 4,
            gesperrt: k % 50 === 0,
            angelegtAm: now,
            geaendertAm: now,
          };
        });
        await db.insertInto('adressen').values(rows).execute();
      }
    });
    process.stdout.write(`  ${Math.min(n, start + 50_000).toLocaleString('en')}\r`);
  }
  await handle.close();
  renameSync(tmp, file);
  for (const f of ['-wal', '-shm']) rmSync(tmp + f, { force: true });
  console.log('');
  return { file, n };
}

/** Resident set size of a process in MB (VmRSS now, VmHWM its peak), from /proc. */
function rss(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Exports the address list at 1,000,000 rows (BENCH_SCALE) as CSV — the list screen's columns, ordered by name in
 * German order — and reads the stream to its end: rows, bytes, time and the server's resident memory before and at
 * its peak (the export streams keyset batches, so the peak stays near the idle server's, whatever the row count).
 */
export async function exportBench(scale = process.env.BENCH_SCALE ?? '1m') {
  const { file, n } = await exportDatabase(scale);
  const app = await startChild('app', file);
  const pid = app.child.pid as number;
  try {
    const login = await fetch(`${app.url}/vario-api/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    const { token } = (await login.json()).result;
    const auth = { authorization: `Bearer ${token}` };
    const columns = 'adressnummer,kundennummer,lieferantennummer,anrede,name1,name2,art,lkz,plz,ort,strasse,email,gesperrt';
    const labels = 'Adressnr.,Kundennr.,Lieferantennr.,Anrede,Name 1,Name 2,Art,LKZ,PLZ,Ort,Straße,E-Mail,Gesperrt';
    const runs = [
      { name: 'by name (German order)', query: `orderBy=name1&columns=${columns}&labels=${encodeURIComponent(labels)}` },
      { name: 'customers by -adressnummer', query: `filter=istKunde=true&orderBy=-adressnummer&columns=${columns}` },
    ];
    // warm: the first list call (the preset, the counts) and the JIT
    await (await fetch(`${app.url}/vario-api/stammdaten/adressen?limit=100`, { headers: auth })).text();
    const before = rss(pid);
    console.log(`\nExport of ${n.toLocaleString('en')} addresses as CSV (issue 20 item 10); server RSS before ${before.now.toFixed(0)} MB`);
    console.log(`${'export'.padEnd(30)}${'rows'.padStart(11)}${'MB'.padStart(8)}${'s'.padStart(8)}${'rows/s'.padStart(10)}${'RSS peak MB'.padStart(13)}`);
    for (const r of runs) {
      const t0 = performance.now();
      const res = await fetch(`${app.url}/vario-api/stammdaten/adressen/export?${r.query}`, { headers: auth });
      if (!res.ok || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      let bytes = 0;
      let lines = 0;
      let peak = before.now;
      const sample = setInterval(() => {
        peak = Math.max(peak, rss(pid).now);
      }, 50);
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      clearInterval(sample);
      const s = (performance.now() - t0) / 1000;
      peak = Math.max(peak, rss(pid).now);
      const rows = lines - 1;
      console.log(
        `${r.name.padEnd(30)}${rows.toLocaleString('en').padStart(11)}${(bytes / 1e6).toFixed(0).padStart(8)}${s.toFixed(1).padStart(8)}${Math.round(rows / s)
          .toLocaleString('en')
          .padStart(10)}${peak.toFixed(0).padStart(13)}`,
      );
    }
    console.log(`server RSS high-water mark (VmHWM) over the whole run: ${rss(pid).peak.toFixed(0)} MB`);
  } finally {
    app.child.kill();
  }
}
