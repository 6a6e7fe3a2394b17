import { formatScaled } from '../lib/format-de';

/** What `seed()` reports: an area starts, its rows grow, it is done. */
export interface SeedReport {
  area(name: string, index: number, count: number): void;
  progress(label: string, done: number, total: number): void;
  areaDone(name: string, index: number, count: number, ms: number): void;
}

const n = (v: number) => formatScaled(v, 0);
const seconds = (ms: number) => `${formatScaled(Math.round(ms / 100), 1)} s`;

/**
 * The first start's seed progress on the terminal: on a terminal one line that updates in place (area i of n, its rows
 * and percent); elsewhere (a log, a pipe) one line per area when it is done, so nothing is overwritten.
 */
export function terminalSeedReport(out: NodeJS.WriteStream = process.stdout): SeedReport {
  const live = !!out.isTTY;
  let head = '';
  const rows = new Map<string, number>();
  let lastDraw = 0;
  const draw = (text: string) => out.write(`\r\x1b[2K${text}`);
  return {
    area(name, index, count) {
      head = `  [${index}/${count}] ${name}`;
      rows.clear();
      if (live) draw(`${head} …`);
    },
    progress(label, done, total) {
      rows.set(label, done);
      const now = Date.now();
      if (!live || (now - lastDraw < 100 && done < total)) return;
      lastDraw = now;
      const pct = total > 0 ? Math.floor((done / total) * 100) : 100;
      draw(`${head}: ${label} ${n(done)}/${n(total)} (${pct} %)`);
    },
    areaDone(_name, _index, _count, ms) {
      const total = [...rows.values()].reduce((a, b) => a + b, 0);
      const line = `${head}${total ? `: ${n(total)} Datensätze` : ''} · ${seconds(ms)}`;
      if (live) draw(`${line}\n`);
      else out.write(`${line}\n`);
    },
  };
}
