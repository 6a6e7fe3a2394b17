import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/** Files larger than this are not cached on install (none is today; a huge one would only slow the first visit). */
const MAX_PRECACHE_BYTES = 5 * 1024 * 1024;
const SKIP = /\.(map|br|gz)$/;

/** Every file of the public folder, as site paths ('/logo.svg'). */
function publicFiles(dir: string): string[] {
  if (!dir || !existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!SKIP.test(name) && statSync(full).size <= MAX_PRECACHE_BYTES) out.push(`/${relative(dir, full).split(sep).join('/')}`);
    }
  };
  walk(dir);
  return out;
}

/**
 * The installable app's service worker (production builds only; the dev server registers none): writes dist/sw.js from
 * pwa/sw.js with the list of files to cache on install — index.html, every built script, stylesheet and asset, the
 * public files — and a version derived from them (a new build is a new worker), and adds its registration to
 * index.html after the page has loaded (so it never competes with the first load). A hand-written worker instead of
 * vite-plugin-pwa: that plugin's workbox-build brings Babel, a second Rollup with native binaries and about 150
 * packages for what these hundred lines do.
 */
export function serviceWorker(template: string): Plugin {
  let publicDir = '';
  return {
    name: 'vario-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'script',
          children: "if('serviceWorker'in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js')})",
          injectTo: 'body',
        },
      ],
    },
    generateBundle(_options, bundle) {
      const built = Object.values(bundle)
        .filter((f) => !SKIP.test(f.fileName) && f.fileName !== 'index.html')
        .filter((f) => (f.type === 'chunk' ? f.code.length : typeof f.source === 'string' ? f.source.length : f.source.byteLength) <= MAX_PRECACHE_BYTES)
        .map((f) => `/${f.fileName}`);
      const files = [...new Set(['/index.html', ...publicFiles(publicDir), ...built])].sort();
      const code = readFileSync(template, 'utf8');
      const html = bundle['index.html'];
      const version = createHash('sha256')
        .update(files.join('\n'))
        .update(html?.type === 'asset' ? String(html.source) : '')
        .update(code)
        .digest('hex')
        .slice(0, 16);
      const source = code.replace("'__VERSION__'", JSON.stringify(version)).replace('/* __PRECACHE__ */ []', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
