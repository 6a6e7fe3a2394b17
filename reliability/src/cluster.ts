// Two instances, one database: two server processes behind nginx (Debian's package, started here as a non-daemon
// with a temporary configuration on loopback ports) on one PostgreSQL database. A lock taken through one instance
// binds the other; a logout or a password change on one ends the session on the other within the session cache
// time (2 s); numbers drawn through the balancer stay unique.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seededUrl } from './lib/inproc';
import { type Cluster, freePort } from './lib/pg';
import { http, loginHttp, type Server, startServer } from './lib/proc';
import { countAnswer, violation } from './lib/stats';
import type { Size } from './size';

const SESSION_CACHE_MS = 2000;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/**
 * nginx in front of `ports` on `listen`. `sticky`: a user's requests (by their Authorization header) stay on one instance,
 * which the read replica's read-your-writes needs (the positions of a user's writes live in the instance, db/replica.ts).
 */
export async function startNginx(ports: number[], listen: number, opts: { sticky?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vario-nginx-'));
  const conf = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream vario { ${opts.sticky ? 'hash $http_authorization consistent; ' : ''}${ports.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 16; }
  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 20m;
    location / { proxy_pass http://vario; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header X-Forwarded-For $remote_addr; }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  // -e: the start-up error log too lives in the temporary folder (a non-root user cannot open /var/log/nginx).
  const flags = ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')];
  execFileSync(NGINX as string, ['-t', '-q', ...flags], { stdio: 'pipe' });
  const proc: ChildProcess = spawn(NGINX as string, flags, { stdio: 'ignore' });
  const base = `http://127.0.0.1:${listen}/vario-api`;
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`${base}/login`, { method: 'OPTIONS' })).status === 204) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async stop() {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const ROOT = resolve(import.meta.dirname, '../..');

/** The e2e flow "edit and save an address under a lock" in Chromium, through the balancer. */
function e2eThroughBalancer(origin: string): { ok: boolean; output: string } {
  const build = spawnSync(process.execPath, ['-e', "import('./scripts/web-build.mjs').then((m) => m.ensureWebBuild())"], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) return { ok: false, output: `web build failed: ${build.stderr}` };
  const run = spawnSync('npx', ['playwright', 'test', 'tests/addresses.spec.ts', '-g', 'edit and save an address'], {
    cwd: join(ROOT, 'e2e'),
    env: { ...process.env, E2E_BASE_URL: origin },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.slice(-1500) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runCluster(cluster: Cluster, size: Size) {
  const label = 'cluster/postgres';
  if (!NGINX) return violation(label, 'nginx is not installed (apt-get install nginx)');
  const { url } = await seededUrl('postgres', cluster);
  const servers: Server[] = [];
  let lb: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    servers.push(await startServer(url, await freePort()));
    servers.push(await startServer(url, await freePort()));
    const [a, b] = servers as [Server, Server];
    lb = await startNginx([a.port, b.port], await freePort());
    const check = (what: string, status: number, text: string, expected: number[]) => {
      countAnswer(label, what, status, text);
      if (!expected.includes(status)) violation(label, `${what}: ${status}, expected ${expected.join(' or ')}: ${text.slice(0, 160)}`);
    };

    if (size.e2e) {
      const e2e = e2eThroughBalancer(lb.base.replace(/\/vario-api$/, ''));
      if (!e2e.ok) violation(label, `the e2e login-and-edit flow failed through the balancer: ${e2e.output}`);
      else console.log(`  ${label}: the e2e login-and-edit flow passed through the balancer`);
    }

    // A lock taken on A binds a change on B.
    const adminA = await loginHttp(a.base, 'admin');
    const bueroB = await loginHttp(b.base, 'buero');
    const id = (await http(a.base, 'GET', '/stammdaten/adressen?limit=1', { token: adminA })).json().result[0].id as number;
    const lock = await http(a.base, 'POST', '/system/sperren', { token: adminA, body: { data: { tabelle: 'ADR', datensatzId: id } } });
    check('lock on instance A', lock.status, lock.text, [201]);
    const change = await http(b.base, 'PATCH', `/stammdaten/adressen/${id}`, {
      token: bueroB,
      body: { data: { name2: 'über B' }, ProtokollBemerkung: 'Cluster' },
    });
    check('change on instance B of a record locked on A', change.status, change.text, [423]);

    // A logout on A ends the session on B within the session cache time.
    const t = await loginHttp(a.base, 'techniker');
    check('session known on B', (await http(b.base, 'GET', '/webapp/me', { token: t })).status, '', [200]);
    check('logout on A', (await http(a.base, 'POST', '/logout', { token: t })).status, '', [204]);
    await sleep(SESSION_CACHE_MS + 300);
    const me = await http(b.base, 'GET', '/webapp/me', { token: t });
    check(`session on B ${SESSION_CACHE_MS} ms after the logout on A`, me.status, me.text, [401]);

    // A password change on A ends the user's sessions on B.
    const t2 = await loginHttp(b.base, 'techniker');
    check('second session known on B', (await http(b.base, 'GET', '/webapp/me', { token: t2 })).status, '', [200]);
    const t3 = await loginHttp(a.base, 'techniker');
    const pw = await http(a.base, 'POST', '/system/passwort', {
      token: t3,
      body: { data: { altesPasswort: 'techniker', neuesPasswort: 'Neues-Passwort-42' } },
    });
    check('password change on A (altesPasswort + neuesPasswort) [issue 10 item 6]', pw.status, pw.text, [204]);
    await sleep(SESSION_CACHE_MS + 300);
    const me2 = await http(b.base, 'GET', '/webapp/me', { token: t2 });
    check(`session on B ${SESSION_CACHE_MS} ms after a password change on A`, me2.status, me2.text, [401]);

    // Numbers drawn through the balancer (both instances at once) stay unique.
    const adminLb = await loginHttp(lb.base, 'admin');
    const creates = await Promise.all(
      Array.from({ length: size.parallel * 2 }, (_, i) =>
        http(lb?.base as string, 'POST', '/stammdaten/adressen', {
          token: adminLb,
          body: { data: { name1: `Cluster ${i}`, istKunde: true }, ProtokollBemerkung: 'Cluster' },
        }),
      ),
    );
    for (const c of creates) check('create through the balancer', c.status, c.text, [201]);
    const numbers = creates.filter((c) => c.status === 201).map((c) => c.json().result.adressnummer);
    const dup = numbers.filter((x, i) => numbers.indexOf(x) !== i);
    if (dup.length) violation(label, `duplicate adressnummer through two instances: ${dup.join(', ')}`);
    console.log(`  ${label}: 2 instances behind nginx; lock, logout, password change and ${creates.length} parallel creates checked`);
  } finally {
    await lb?.stop();
    for (const s of servers) await s.kill('SIGTERM');
  }
}
