// Builds the web app when its build is missing or older than its sources (used by start and the e2e run), showing its
// progress: a line per phase (preparation, modules, bundle, compression) with counts and seconds — on a terminal updated in place.
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

const count = new Intl.NumberFormat('de-DE');
const seconds = (ms) => `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000)} s`;

/** A Vite plugin that reports the build's phases on `out`. */
export function buildProgress(out = process.stdout) {
  const live = !!out.isTTY;
  const phases = ['Vorbereiten (Konfiguration, Plugins)', 'Module übersetzen', 'Bündeln und verkleinern', 'Komprimieren (Brotli, gzip)'];
  let phase = -1;
  let started = 0;
  let items = 0;
  let unit = '';
  let timer;
  const line = () => `  [${phase + 1}/${phases.length}] ${phases[phase]}${items ? `: ${count.format(items)} ${unit}` : ''} · ${seconds(Date.now() - started)}`;
  const draw = () => out.write(`\r\x1b[2K${line()}`);
  const end = () => {
    if (phase < 0) return;
    clearInterval(timer);
    out.write(live ? `\r\x1b[2K${line()}\n` : `${line()}\n`);
  };
  const begin = (next, what) => {
    end();
    phase = next;
    started = Date.now();
    items = 0;
    unit = what;
    if (live) {
      draw();
      timer = setInterval(draw, 250);
      timer.unref();
    }
  };
  return {
    name: 'vario-build-progress',
    apply: 'build',
    /** The time before Vite's build starts (loading the configuration and its plugins). */
    prepare: () => begin(0, ''),
    buildStart: () => begin(1, 'Module'),
    transform() {
      items++;
      return null;
    },
    renderStart() {
      if (phase === 1) begin(3, 'Dateien');
    },
    generateBundle(_options, bundle) {
      items = Object.keys(bundle).length;
    },
    writeBundle: {
      order: 'pre',
      handler(_options, bundle) {
        begin(3, 'Dateien');
        items = Object.keys(bundle).filter((f) => /\.(js|mjs|css|html|svg|json|txt)$/.test(f)).length;
      },
    },
    closeBundle() {
      end();
      phase = -1;
    },
  };
}

export async function ensureWebBuild() {
  const web = join(root, 'apps/web');
  const dist = join(web, 'dist/index.html');
  const sources = Math.max(newest(join(web, 'src')), newest(join(web, 'public')), newest(join(root, 'packages/contract/src')));
  if (existsSync(dist) && statSync(dist).mtimeMs >= sources) return;
  const t0 = Date.now();
  console.log('Die Web-App wird gebaut (beim ersten Start und nach Änderungen; auf zwei Kernen etwa ein bis zwei Minuten) …');
  const progress = buildProgress();
  progress.prepare();
  const { build } = await import('vite');
  const cwd = process.cwd();
  process.chdir(web);
  try {
    await build({ root: web, configFile: join(web, 'vite.config.ts'), logLevel: 'warn', plugins: [progress] });
  } catch (err) {
    console.error(`\nDer Bau der Web-App ist fehlgeschlagen: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  } finally {
    process.chdir(cwd);
  }
  console.log(`Web-App gebaut in ${seconds(Date.now() - t0)}.`);
}
