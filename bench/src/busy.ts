import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The bench's "busy server" mode (issue 21 item 3): `npm run bench -- <bench> --busy` or `BENCH_BUSY=1` keeps one core
 * busy while a paint is measured, with a bounded CPU loop in a child process; `BENCH_BUSY=api` instead runs 20
 * concurrent API clients against the measured server (list windows, records, searches) in a child process.
 */
export type BusyMode = 'cpu' | 'api';

export function busyMode(): BusyMode | null {
  const env = process.env.BENCH_BUSY?.trim().toLowerCase();
  if (env === 'api') return 'api';
  if (env && env !== '0' && env !== 'false') return 'cpu';
  return process.argv.includes('--busy') ? 'cpu' : null;
}

/** How long a busy child runs at most, whatever happens to the bench (seconds). */
const MAX_SECONDS = Number(process.env.BENCH_BUSY_MAX_S ?? 900);

/** Runs `fn` while one core is kept busy (when the mode is on); the load stops when `fn` ends or fails. */
export async function whileBusy<T>(target: { url: string; token: string } | undefined, fn: () => Promise<T>): Promise<T> {
  const mode = busyMode();
  if (!mode) return fn();
  if (mode === 'api' && !target) throw new Error('BENCH_BUSY=api needs the server the bench measures');
  const args = mode === 'cpu' ? ['cpu', String(MAX_SECONDS)] : ['api', String(MAX_SECONDS), target?.url ?? '', target?.token ?? ''];
  const child: ChildProcess = fork(fileURLToPath(new URL('./busy-child.ts', import.meta.url)), args, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`busy child exited with ${code}`)));
  });
  try {
    return await fn();
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/** A label for the bench's output. */
export const busyLabel = () => {
  const m = busyMode();
  return m === 'cpu' ? ' [busy: one core in a CPU loop]' : m === 'api' ? ' [busy: 20 concurrent API clients]' : '';
};
