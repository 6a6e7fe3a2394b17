import { pino } from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type DbHandle, migrate, openDatabase } from './db/index';
import { pdfPoolStarten } from './modules/belege/belege.pdf-pool';
import { DEMO_LOGINS } from './seed/foundation';
import { isSeeded, seed } from './seed/index';
import { parseScale } from './seed/scale';

const log = pino({ name: 'vario-server' });

function fail(message: string, err?: unknown): never {
  log.fatal({ err }, message);
  console.error(`\n  ✖ ${message}\n`);
  process.exit(1);
}

async function main() {
  const config = loadConfig();
  const where = config.databaseUrl.startsWith('postgres') ? config.databaseUrl.replace(/:[^:@/]*@/, ':***@') : config.databaseUrl;
  let handle: DbHandle;
  try {
    handle = await openDatabase(config.databaseUrl);
  } catch (err) {
    fail(`Die Datenbank ist nicht erreichbar (${where}): ${(err as Error).message}`, err);
  }
  try {
    await migrate(handle);
  } catch (err) {
    fail(`Migration fehlgeschlagen: ${(err as Error).message}`, err);
  }
  if (!(await isSeeded(handle, config.demo))) {
    const scale = parseScale(process.env.SEED_SCALE);
    log.info({ scale, demo: config.demo }, config.demo ? 'seeding demo data' : 'seeding reference data');
    await seed(handle, { scale, demo: config.demo });
  }

  const app = await buildApp({ handle, logger: { level: process.env.LOG_LEVEL ?? 'info' }, webRoot: config.webRoot });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    await handle.close();
    if (code === 'EADDRINUSE') fail(`Port ${config.port} ist bereits belegt. Mit PORT=<frei> npm start einen anderen wählen.`, err);
    fail(`Der Server konnte nicht starten: ${(err as Error).message}`, err);
  }

  pdfPoolStarten();
  const url = `http://localhost:${config.port}`;
  console.log(`\n  vario web ${'8.5.19'} läuft: ${url}\n  API: ${url}/vario-api  ·  Beschreibung: ${url}/vario-api/docs\n  Datenbank: ${where}`);
  if (config.demo) {
    console.log('  Demo-Anmeldungen:');
    for (const d of DEMO_LOGINS) console.log(`    ${d.login.padEnd(10)} / ${d.password.padEnd(10)} ${d.role}`);
  }
  console.log('');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      await handle.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
