import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './lib';

/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. `BENCH_CPU_PROF=dir npm run bench api-overhead`): self time by
 * function and by file, the top entries. `node --import tsx bench/src/cpuprofile.ts <file or dir> [top]`.
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const arg = process.argv[2] ?? '';
const top = Number(process.argv[3] ?? 30);
const file = statSync(arg).isDirectory()
  ? join(
      arg,
      readdirSync(arg)
        .filter((f) => f.endsWith('.cpuprofile'))
        .sort((a, b) => statSync(join(arg, b)).size - statSync(join(arg, a)).size)[0] ?? '',
    )
  : arg;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const shortUrl = (url: string) => {
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  return nm >= 0 ? path.slice(nm + 13) : path.startsWith('/') ? relative(ROOT, path) : path || '(native)';
};
const byFn = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const where = shortUrl(n.callFrame.url);
  const fn = `${n.callFrame.functionName || '(anonymous)'}  ${where}:${n.callFrame.lineNumber + 1}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  const pkg =
    where.includes('/') && !where.startsWith('apps/') && !where.startsWith('packages/')
      ? where
          .split('/')
          .slice(0, where.startsWith('@') ? 2 : 1)
          .join('/')
      : where;
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + us);
}
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((us / total) * 100).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
};
// inclusive time: a sample counts for every function on its stack (once, however often the function recurs)
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur);
    if (!n || n.callFrame.functionName === '(root)') continue;
    const key = `${n.callFrame.functionName || '(anonymous)'}  ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show('self time by function', byFn);
show('self time by file (packages collapsed)', byFile);
show('total time (with what it calls) by function', inclusive);
