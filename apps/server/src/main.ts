import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { APP_VERSION } from '@vario/contract';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, reachableFromNetwork } from './config';
import { type DbHandle, migrate, openDatabase } from './db/index';
import { formatScaled } from './lib/format-de';
import { createLogger, logPlan } from './logging';
import { verifyPassword } from './modules/auth/passwords';
import { pdfPoolStarten } from './modules/belege/belege.pdf-pool';
import { DEMO_LOGINS } from './seed/foundation';
import { isSeeded, seed } from './seed/index';
import { terminalSeedReport } from './seed/progress';
import { parseScale } from './seed/scale';

let log: Logger | undefined;

function fail(message: string, err?: unknown): never {
  log?.fatal({ err }, message);
  console.error(`\n  ✖ ${message}\n`);
  process.exit(1);
}

/** The demo logins whose demo password still opens them (not blocked): the ones the banner names and warns about. */
async function openDemoLogins(handle: DbHandle) {
  const rows = await handle.db
    .selectFrom('benutzer')
    .select(['anmeldename', 'passwortHash', 'gesperrt'])
    .where(
      'anmeldename',
      'in',
      DEMO_LOGINS.map((d) => d.login),
    )
    .execute();
  const open = await Promise.all(
    DEMO_LOGINS.map(async (d) => {
      const row = rows.find((r) => r.anmeldename === d.login);
      return row && !row.gesperrt && (await verifyPassword(row.passwortHash, d.password)) ? d : null;
    }),
  );
  return open.filter((d) => d !== null);
}

/** The addresses the app is reached at: this computer, and on every interface also the LAN addresses. */
function urls(config: Config): string[] {
  const scheme = config.tls ? 'https' : 'http';
  const at = (host: string) => `${scheme}://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
  const { host } = config;
  if (host === '0.0.0.0' || host === '::') {
    const lan = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal && (i.family === 'IPv4' || host === '::'))
      .map((i) => at((i as { address: string }).address));
    return [at('localhost'), ...lan];
  }
  return [at(reachableFromNetwork(host) ? host : 'localhost')];
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  log = createLogger(logPlan(config, !!process.stdout.isTTY));
  let https: { cert: Buffer; key: Buffer } | undefined;
  if (config.tls) {
    try {
      https = { cert: readFileSync(config.tls.cert), key: readFileSync(config.tls.key) };
    } catch (err) {
      fail(`Zertifikat oder Schlüssel für HTTPS nicht lesbar (TLS_CERT, TLS_KEY): ${(err as Error).message}`, err);
    }
  }
  const where = config.databaseUrl.startsWith('postgres') ? config.databaseUrl.replace(/:[^:@/]*@/, ':***@') : config.databaseUrl;
  let handle: DbHandle;
  try {
    handle = await openDatabase(config.databaseUrl, config.databaseReadUrl ? { readUrl: config.databaseReadUrl } : {});
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
    const t0 = Date.now();
    console.log(
      config.demo
        ? `\n  Erster Start: Demodaten werden angelegt (${formatScaled(scale, 0)} Datensätze je Bereich) …`
        : '\n  Erster Start: Stammdaten werden angelegt …',
    );
    await seed(handle, { scale, demo: config.demo, report: terminalSeedReport() });
    console.log(`  Fertig nach ${formatScaled(Math.round((Date.now() - t0) / 100), 1)} s.`);
  }

  const app = await buildApp({ handle, loggerInstance: log, webRoot: config.webRoot, https, trustProxy: config.trustProxy });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    await handle.close();
    if (code === 'EADDRINUSE') fail(`Port ${config.port} ist bereits belegt. Mit PORT=<frei> npm start einen anderen wählen.`, err);
    fail(`Der Server konnte nicht starten: ${(err as Error).message}`, err);
  }

  pdfPoolStarten();
  const [url, ...lan] = urls(config);
  console.log(`\n  vario web ${APP_VERSION} läuft: ${url}`);
  for (const u of lan) console.log(`  im Netz: ${u}`);
  console.log(`  API: ${url}/vario-api  ·  Beschreibung: ${url}/vario-api/docs\n  Datenbank: ${where}`);
  const demo = await openDemoLogins(handle);
  if (demo.length) {
    console.log('  Demo-Anmeldungen:');
    for (const d of demo) console.log(`    ${d.login.padEnd(10)} / ${d.password.padEnd(10)} ${d.role}`);
  }
  const exposed = reachableFromNetwork(config.host) || !!config.trustProxy;
  if (!exposed) console.log('  Nur auf diesem Rechner erreichbar (HOST=0.0.0.0 für das Büronetz, siehe README).');
  console.log('');
  if (exposed) {
    if (demo.length)
      log.warn(
        `Aus dem Netz erreichbar, und ${demo.map((d) => `${d.login}/${d.password}`).join(', ')} melden sich noch mit dem Demo-Passwort an: Passwörter in den Einstellungen ändern oder mit DEMO=0 und npm run create-admin neu aufsetzen (README).`,
      );
    if (!config.tls && !config.trustProxy)
      log.warn(
        'Aus dem Netz erreichbar ohne HTTPS: Passwörter gehen unverschlüsselt über das Netz. TLS_CERT und TLS_KEY setzen oder einen Reverse-Proxy davor (README).',
      );
  }

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
