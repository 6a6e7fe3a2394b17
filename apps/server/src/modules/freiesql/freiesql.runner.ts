import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageCode } from '@vario/contract';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/schema-helpers';
import { ApiError } from '../../lib/errors';

/**
 * Runs a report's (already read, `freiesql.text.ts`) text so that it can only read:
 * - SQLite: a process of its own (`freiesql.sqlite-lauf.mjs`) opens the database file read-only (`query_only` too),
 *   prepares exactly one statement, refuses it unless better-sqlite3 calls it a read-only reader, and checks its
 *   compiled program (EXPLAIN) against `SPERRE`: no writing cursor, no virtual table (PRAGMA functions, dbstat), no
 *   attached database, none of the denied tables, indexes or columns, none of the file or extension functions. The
 *   process is killed at the time limit — a worker thread cannot be: `terminate()` waits while SQLite computes a row.
 * - PostgreSQL: one connection, `BEGIN READ ONLY`, `SET LOCAL statement_timeout` (the server cancels the statement at
 *   the limit), `SET LOCAL ROLE vario_auswertung` (may only SELECT the views of the schema `auswertung`, migration
 *   0035), search path `auswertung`; the text runs as a subquery with a bound row limit, so it is always one
 *   parameterised statement (the server refuses a second one) and a data-modifying WITH is refused; rolled back after.
 * At most `MAX_LAEUFE` runs at once on this instance; one more answers 503 with Retry-After.
 */

/** Tables a report never reads (sessions, locks, stored answers) and columns it never reads (password hashes). */
export const SPERRE = {
  tabellen: ['sitzungen', 'sperren', 'idempotenz', 'serviceAktionen'],
  spalten: { benutzer: ['passwortHash'] } as Record<string, string[]>,
};
export const AUSWERTUNG_ROLLE = 'vario_auswertung';
const AUSWERTUNG_SCHEMA = 'auswertung';
export const MAX_LAEUFE = 2;
const RETRY_AFTER_SECONDS = 5;

export interface Ergebnis {
  spalten: { name: string }[];
  zeilen: unknown[][];
  truncated: boolean;
}
/** How a run ended when it did not answer rows: the run log's `ergebnis` and the API error. */
export class LaufAbbruch extends ApiError {
  constructor(
    readonly ergebnis: 'ABGELEHNT' | 'ZEITLIMIT' | 'FEHLER' | 'BESETZT',
    status: number,
    message: string,
    headers?: Record<string, string>,
  ) {
    super(status, status === 503 ? MessageCode.unavailable : status === 422 ? MessageCode.unprocessable : MessageCode.validation, message, {
      fieldErrors: status === 400 ? { sql: [message] } : {},
      headers,
    });
  }
}

export interface LaufAuftrag {
  db: Db;
  dialect: Dialect;
  text: string;
  werte: unknown[];
  maxZeilen: number;
  zeitlimitMs: number;
  /** Only check the statement (saving a report): nothing runs. SQLite only; PostgreSQL checks when it runs. */
  nurPruefen?: boolean;
}

let laufend = 0;
/** How many runs are under way on this instance (tests). */
export const laufendeLaeufe = () => laufend;

export async function fuehreAus(a: LaufAuftrag): Promise<Ergebnis> {
  if (laufend >= MAX_LAEUFE)
    throw new LaufAbbruch('BESETZT', 503, 'Es laufen schon zwei Auswertungen; bitte gleich noch einmal versuchen.', {
      'Retry-After': String(RETRY_AFTER_SECONDS),
    });
  laufend++;
  try {
    return a.dialect === 'postgres' ? await aufPostgres(a) : await aufSqlite(a);
  } finally {
    laufend--;
  }
}

const zeitlimitText = (ms: number) => `Die Auswertung wurde nach dem Zeitlimit von ${ms / 1000} Sekunden angehalten.`;

// ——— PostgreSQL ———

const pgCode = (err: unknown) => (err as { code?: string }).code ?? '';
/** A database error of the report's text: its class decides the answer (all of them 4xx: no text of a report is a 500). */
function pgAbbruch(err: unknown, zeitlimitMs: number): LaufAbbruch {
  const code = pgCode(err);
  const text = String((err as Error).message ?? err);
  if (code === '57014') return new LaufAbbruch('ZEITLIMIT', 422, zeitlimitText(zeitlimitMs));
  if (code === '25006' || code === '0A000') return new LaufAbbruch('ABGELEHNT', 400, `Eine Auswertung darf nur lesen: ${text}`);
  if (code === '42501') return new LaufAbbruch('ABGELEHNT', 400, `Kein Zugriff: eine Auswertung liest nur die Sichten rpt_… (${text})`);
  if (code === '42601' && /multiple commands/i.test(text)) return new LaufAbbruch('ABGELEHNT', 400, 'Eine Auswertung ist genau eine Abfrage.');
  return new LaufAbbruch('FEHLER', 400, `Die Datenbank hat die Abfrage abgelehnt: ${text}`);
}

function pgWert(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return `[${v.length} Bytes]`;
  if (typeof v === 'bigint') return v.toString();
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return v;
}

async function aufPostgres(a: LaufAuftrag): Promise<Ergebnis> {
  if (a.nurPruefen) return { spalten: [], zeilen: [], truncated: false };
  return a.db.connection().execute(async (conn) => {
    await sql`begin transaction isolation level repeatable read read only`.execute(conn);
    try {
      const rolle = await sql<{
        mitglied: boolean;
      }>`select pg_has_role(current_user, oid, 'MEMBER') as mitglied from pg_roles where rolname = ${AUSWERTUNG_ROLLE}`.execute(conn);
      if (!rolle.rows[0]?.mitglied)
        throw new LaufAbbruch(
          'FEHLER',
          503,
          `Freie Auswertungen sind auf diesem Server nicht eingerichtet: die Rolle ${AUSWERTUNG_ROLLE} fehlt oder der Server darf sie nicht annehmen.`,
        );
      await sql.raw(`set local statement_timeout = ${Math.max(1, Math.trunc(a.zeitlimitMs))}`).execute(conn);
      await sql.raw(`set local role ${AUSWERTUNG_ROLLE}`).execute(conn);
      await sql.raw(`set local search_path = ${AUSWERTUNG_SCHEMA}`).execute(conn);
      const limit = `$${a.werte.length + 1}`;
      let res: { rows: Record<string, unknown>[] };
      try {
        res = await conn.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(`select * from (\n${a.text}\n) as auswertung_ergebnis limit ${limit}`, [...a.werte, a.maxZeilen + 1]),
        );
      } catch (err) {
        throw pgAbbruch(err, a.zeitlimitMs);
      }
      const rows = res.rows;
      const truncated = rows.length > a.maxZeilen;
      if (truncated) rows.length = a.maxZeilen;
      const namen = rows[0] ? Object.keys(rows[0]) : [];
      return { spalten: namen.map((name) => ({ name })), zeilen: rows.map((r) => namen.map((n) => pgWert(r[n]))), truncated };
    } finally {
      await sql`rollback`.execute(conn);
    }
  });
}

// ——— SQLite ———

/** How long a new report process may take to start (a loaded machine) before its run is given up. */
const START_MS = 10_000;
const SKRIPT = fileURLToPath(new URL('./freiesql.sqlite-lauf.mjs', import.meta.url));
let vorrat: ChildProcess | null = null;

/** A fresh process for one run: the one started in advance (a run does not wait for Node to start), or a new one. */
function prozess(): ChildProcess {
  const p = vorrat && vorrat.exitCode === null && vorrat.connected ? vorrat : starte();
  vorrat = null;
  setImmediate(() => {
    vorrat ??= starte();
  });
  p.ref();
  return p;
}

function starte(): ChildProcess {
  const p = fork(SKRIPT, [], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced' });
  p.on('error', () => {});
  p.unref();
  (p.channel as { unref?: () => void } | undefined)?.unref?.();
  return p;
}

/** Starts the process for the next run ahead of it (the list of reports is open: a run is likely). */
export function halteBereit(dialect: Dialect): void {
  if (dialect === 'sqlite' && !(vorrat && vorrat.exitCode === null)) vorrat = starte();
}

/** Ends the process kept in advance (the app closes). */
export function beendeVorrat(): void {
  vorrat?.kill('SIGKILL');
  vorrat = null;
}

/** The SQLite database's file ('' for an in-memory database). */
export async function sqliteDatei(db: Db): Promise<string> {
  const r = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return r.rows[0]?.file ?? '';
}

/** The database file the report process opens; an in-memory database (tests without a file) as a snapshot file. */
async function datei(db: Db): Promise<{ pfad: string; weg?: () => void }> {
  const pfad = await sqliteDatei(db);
  if (pfad) return { pfad };
  // VACUUM cannot run inside a transaction (saving a report): the run then checks the statement
  if (db.isTransaction) throw new LaufAbbruch('FEHLER', 503, 'Die Prüfung braucht eine Datenbankdatei');
  const kopie = join(tmpdir(), `vario-auswertung-${randomBytes(6).toString('hex')}.sqlite`);
  await sql.raw(`vacuum into '${kopie}'`).execute(db);
  return { pfad: kopie, weg: () => rmSync(kopie, { force: true }) };
}

async function aufSqlite(a: LaufAuftrag): Promise<Ergebnis> {
  const { pfad, weg } = await datei(a.db);
  const p = prozess();
  const ergebnis: Ergebnis = { spalten: [], zeilen: [], truncated: false };
  try {
    return await new Promise<Ergebnis>((resolve, reject) => {
      const ende = (fn: () => void) => {
        clearTimeout(timer);
        p.removeAllListeners('message');
        p.removeAllListeners('exit');
        if (p.exitCode === null) p.kill('SIGKILL');
        fn();
      };
      const zeitlimit = () => ende(() => reject(new LaufAbbruch('ZEITLIMIT', 422, zeitlimitText(a.zeitlimitMs))));
      // the limit counts from the moment the process has the job; a process that does not even start is stopped too
      let timer = setTimeout(zeitlimit, a.zeitlimitMs + START_MS);
      p.on(
        'message',
        (m: {
          begonnen?: boolean;
          spalten?: Ergebnis['spalten'];
          zeilen?: unknown[][];
          fertig?: boolean;
          truncated?: boolean;
          abgelehnt?: string;
          fehler?: string;
        }) => {
          if (m.begonnen) {
            clearTimeout(timer);
            timer = setTimeout(zeitlimit, a.zeitlimitMs);
          } else if (m.spalten) ergebnis.spalten = m.spalten;
          else if (m.zeilen) for (const z of m.zeilen) ergebnis.zeilen.push(z);
          else if (m.fertig) ende(() => resolve({ ...ergebnis, truncated: !!m.truncated }));
          else if (m.abgelehnt) ende(() => reject(new LaufAbbruch('ABGELEHNT', 400, m.abgelehnt as string)));
          else if (m.fehler) ende(() => reject(new LaufAbbruch('FEHLER', 400, `Die Datenbank hat die Abfrage abgelehnt: ${m.fehler}`)));
        },
      );
      p.on('exit', () => ende(() => reject(new Error('Der Auswertungsprozess hat sich unerwartet beendet'))));
      p.send({ datei: pfad, text: a.text, werte: a.werte, maxZeilen: a.maxZeilen, sperre: SPERRE, nurPruefen: !!a.nurPruefen });
    });
  } finally {
    weg?.();
  }
}
