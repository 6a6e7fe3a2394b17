// Crash safety: the real server, many concurrent creates, SIGKILL mid-way, restart on the same database: every
// acknowledged (201) create is there with what was sent and its change-log entry; nothing half-written.
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../apps/server/src/db/index';
import { type DbKind, seededUrl } from './lib/inproc';
import { type Cluster, freePort } from './lib/pg';
import { http, loginHttp, startServer } from './lib/proc';
import { countAnswer, stats, violation } from './lib/stats';
import type { Size } from './size';

export async function runCrash(kind: DbKind, size: Size, cluster?: Cluster) {
  const label = `crash/${kind}`;
  const { url, drop } = await seededUrl(kind, cluster);
  const port = await freePort();
  let server = await startServer(url, port);
  try {
    const token = await loginHttp(server.base);
    const tag = `Crash-${randomBytes(3).toString('hex')}`;
    const acked = new Map<number, string>();
    let answered = 0;
    let killed = false;
    const killAt = Math.floor(size.crashCreates / 3);
    const one = async (i: number) => {
      const name1 = `${tag}-${i}`;
      try {
        const a = await http(server.base, 'POST', '/stammdaten/adressen', {
          token,
          body: { data: { name1, istKunde: true }, ProtokollBemerkung: 'Absturztest' },
        });
        countAnswer(label, 'create before the crash', a.status, a.text);
        if (a.status === 201) acked.set(a.json().result.id, name1);
        if (++answered >= killAt && !killed) {
          killed = true;
          server.proc.kill('SIGKILL');
        }
      } catch {
        // the connection died with the process: not acknowledged
      }
    };
    await Promise.all(Array.from({ length: size.crashCreates }, (_, i) => one(i)));
    await server.kill('SIGKILL');
    stats.crashesSurvived++;
    server = await startServer(url, port);
    const after = await loginHttp(server.base);
    if (!after) violation(label, 'no login after the restart');
    // Read directly (the restarted server migrated it; this process may know fewer migrations of a tree in change).
    const handle = await openDatabase(url);
    try {
      const rows = await handle.db.selectFrom('adressen').select(['id', 'name1']).where('name1', 'like', `${tag}-%`).execute();
      const logged = await handle.db
        .selectFrom('protokoll')
        .select('datensatzId')
        .where('bemerkung', '=', 'Absturztest')
        .where('datensatzId', 'in', rows.map((r) => r.id).concat(0))
        .execute();
      const present = new Map(rows.map((r) => [r.id, r.name1]));
      let lost = 0;
      for (const [id, name1] of acked) if (present.get(id) !== name1) lost++;
      stats.acknowledgedLost += lost;
      if (lost) violation(label, `${lost} of ${acked.size} acknowledged creates missing after SIGKILL and restart`);
      const withLog = new Set(logged.map((l) => l.datensatzId));
      const partial = rows.filter((r) => !withLog.has(r.id)).length;
      if (partial) violation(label, `${partial} records without their change-log entry (a partial write)`);
      const probe = await http(server.base, 'GET', `/stammdaten/adressen?limit=1&filter=${encodeURIComponent(`name1~${tag}`)}`, { token: after });
      countAnswer(label, 'list after restart', probe.status, probe.text);
      console.log(
        `  ${label}: ${size.crashCreates} creates sent, ${acked.size} acknowledged before SIGKILL, ${rows.length} present after restart, ${lost} lost`,
      );
    } finally {
      await handle.close();
    }
  } finally {
    await server.kill('SIGTERM');
    drop();
  }
}
