import { type DestinationStream, type Logger, multistream, pino, destination as pinoDestination } from 'pino';

/**
 * Where the server's log goes. A terminal (`npm start`) shows only warnings and errors, as short lines, beside the
 * banner; the JSON log with one line per request goes into LOG_FILE, or to stdout when LOG_LEVEL is set or stdout is
 * not a terminal (a service manager, a container, a pipe: they keep the machine-readable log as before).
 */
export interface LogPlan {
  /** The JSON lines: to stdout, into a file, or nowhere. */
  json: { to: 'stdout' | { file: string }; level: string } | null;
  /** Short human lines for warnings and errors on the terminal (stderr). */
  human: boolean;
}

export function logPlan(opts: { logLevel?: string; logFile?: string }, isTTY: boolean): LogPlan {
  if (opts.logFile) return { json: { to: { file: opts.logFile }, level: opts.logLevel ?? 'info' }, human: true };
  if (opts.logLevel) return { json: { to: 'stdout', level: opts.logLevel }, human: false };
  if (isTTY) return { json: null, human: true };
  return { json: { to: 'stdout', level: 'info' }, human: false };
}

const LABELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARNUNG', 50: 'FEHLER', 60: 'ABBRUCH' };
const COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31;1m' };

/** One log record (pino's JSON) as a short line: time, level, message, the request's id (= an error's tracking id), the cause. */
export function humanLine(rec: Record<string, unknown>, colour = false): string {
  const time = typeof rec.time === 'number' ? new Date(rec.time).toTimeString().slice(0, 8) : '';
  const level = typeof rec.level === 'number' ? rec.level : 30;
  const label = LABELS[level] ?? String(level);
  const err = rec.err as { message?: string; type?: string } | undefined;
  const parts = [String(rec.msg ?? '')];
  if (err?.message && err.message !== rec.msg) parts.push(`– ${err.message}`);
  const req = rec.req as { method?: string; url?: string } | undefined;
  if (req?.method && req.url) parts.push(`(${req.method} ${req.url})`);
  if (typeof rec.reqId === 'string') parts.push(`[${rec.reqId}]`);
  const tag = colour && COLOURS[level] ? `${COLOURS[level]}${label}\x1b[0m` : label;
  return `${time} ${tag} ${parts.join(' ')}\n`;
}

function humanStream(out: NodeJS.WritableStream, colour: boolean): DestinationStream {
  return {
    write(line: string) {
      try {
        out.write(humanLine(JSON.parse(line) as Record<string, unknown>, colour));
      } catch {
        out.write(line);
      }
    },
  };
}

const RANK: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 };

/** The server's logger after its plan. */
export function createLogger(plan: LogPlan, terminal: NodeJS.WriteStream = process.stderr): Logger {
  const streams: { level: pino.Level; stream: DestinationStream }[] = [];
  if (plan.json && plan.json.level !== 'silent') {
    const stream = plan.json.to === 'stdout' ? pinoDestination(1) : pinoDestination({ dest: plan.json.to.file, mkdir: true, append: true, sync: true });
    streams.push({ level: plan.json.level as pino.Level, stream });
  }
  if (plan.human) streams.push({ level: 'warn', stream: humanStream(terminal, !!terminal.isTTY) });
  if (!streams.length) return pino({ name: 'vario-server', level: 'silent' });
  const level = streams.reduce((low, s) => ((RANK[s.level] ?? 30) < (RANK[low] ?? 30) ? s.level : low), 'fatal' as pino.Level);
  return pino({ name: 'vario-server', level }, streams.length === 1 ? (streams[0] as { stream: DestinationStream }).stream : multistream(streams));
}
