import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX } from '@vario/contract';
import { buildApp } from '../../apps/server/src/app';
import { migrate, openDatabase } from '../../apps/server/src/db/index';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';

/**
 * Login timing (issue 19 item 7e): a login with a wrong password for a user that exists and a login for a user that
 * does not must take the same time, or the answer time tells which user names exist. Both kinds take turns, so the
 * machine's drift falls on both alike; the ratio of the medians (unknown ÷ known) should be about 1.0.
 */
const ROUNDS = Number(process.env.BENCH_LOGIN_ROUNDS ?? 60);
const WARMUP = 5;
/** How far the ratio of the medians may stray from 1 before the bench says so. */
export const LOGIN_RATIO_TOLERANCE = 0.1;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

export async function loginTimingBench() {
  const file = join(tmpdir(), `vario-bench-login-${process.pid}.sqlite`);
  const handle = await openDatabase(file);
  try {
    await migrate(handle);
    await handle.db
      .insertInto('benutzer')
      .values({
        name: 'Bench Login',
        kuerzel: 'BENCH',
        anmeldename: 'bench.login',
        typ: 0,
        istAdmin: false,
        gesperrt: false,
        avatar: null,
        vorgabeLagerId: null,
        email: null,
        passwortHash: await hashPassword('richtig-geheim'),
      })
      .execute();
    const app = await buildApp({ handle, logger: false, loginLimit: { max: 100_000, timeWindow: 60_000 } });
    await app.ready();
    const url = `${API_PREFIX}/login`;
    const attempt = async (user: string) => {
      const authorization = `Basic ${Buffer.from(`${user}:falsch-geraten`).toString('base64')}`;
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url, headers: { authorization } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 401) throw new Error(`login ${user}: ${res.statusCode} ${res.body}`);
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      // the order within a round alternates, so neither kind always runs first; every unknown name is a new one
      let k: number;
      let u: number;
      if (i % 2 === 0) {
        k = await attempt('bench.login');
        u = await attempt(`niemand-${i}`);
      } else {
        u = await attempt(`niemand-${i}`);
        k = await attempt('bench.login');
      }
      if (i < WARMUP) continue;
      known.push(k);
      unknown.push(u);
    }
    await app.close();
    const k = median(known);
    const u = median(unknown);
    const ratio = u / k;
    const verdict = Math.abs(ratio - 1) <= LOGIN_RATIO_TOLERANCE ? 'ok' : 'DIFFERS';
    console.log(`\n${`login answered 401, median of ${ROUNDS} each`.padEnd(46)}${'ms'.padStart(8)}`);
    console.log(`${'known user, wrong password'.padEnd(46)}${k.toFixed(1).padStart(8)}`);
    console.log(`${'unknown user'.padEnd(46)}${u.toFixed(1).padStart(8)}`);
    console.log(`${'ratio unknown / known'.padEnd(46)}${ratio.toFixed(2).padStart(8)}  target 1.00 ± ${LOGIN_RATIO_TOLERANCE}: ${verdict}`);
  } finally {
    await handle.close();
    for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
  }
}
