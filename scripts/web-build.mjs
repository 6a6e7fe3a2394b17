// Builds the web app when its build is missing or older than its sources (used by start and the e2e run).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function ensureWebBuild() {
  const dist = join(root, 'apps/web/dist/index.html');
  const sources = Math.max(newest(join(root, 'apps/web/src')), newest(join(root, 'apps/web/public')), newest(join(root, 'packages/contract/src')));
  if (existsSync(dist) && statSync(dist).mtimeMs >= sources) return;
  console.log('Building the web app …');
  const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
