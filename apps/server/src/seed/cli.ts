import { existsSync, rmSync } from 'node:fs';
import { Presets, SingleBar } from 'cli-progress';
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/index';
import { formatScaled } from '../lib/format-de';
import { isSeeded, seed } from './index';
import { parseScale } from './scale';

/** `npm run seed -- --scale 100k [--fresh]`: fills the configured database with demo data. */
async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const scale = parseScale(arg('scale'));
  const config = loadConfig();
  const sqlite = !config.databaseUrl.startsWith('postgres');
  if (args.includes('--fresh') && sqlite) for (const f of ['', '-wal', '-shm']) if (existsSync(config.databaseUrl + f)) rmSync(config.databaseUrl + f);
  const handle = await openDatabase(config.databaseUrl);
  await migrate(handle);
  if (await isSeeded(handle, config.demo)) {
    console.error(`The database ${sqlite ? config.databaseUrl : ''} already holds every area's data. Use --fresh (SQLite) or an empty database.`);
    process.exit(1);
  }
  const bar = new SingleBar({ format: ' {label} |{bar}| {percentage}% · {value}/{total}', hideCursor: true }, Presets.shades_classic);
  let current = '';
  const t0 = Date.now();
  await seed(handle, {
    scale,
    demo: config.demo,
    progress: (label, done, total) => {
      if (label !== current) {
        if (current) bar.stop();
        current = label;
        bar.start(total, 0, { label: label.padEnd(16) });
      }
      bar.update(done);
    },
  });
  if (current) bar.stop();
  await handle.close();
  console.log(`Seeded ${formatScaled(scale, 0)} records per area in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
