import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every built script, stylesheet and
 * other text file of at least 1 KB; the server sends the best one the browser accepts (@fastify/static `preCompressed`).
 * Files of public/ (config.json) are left alone: they may be edited after the build.
 */
export function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'vario-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => /\.(js|mjs|css|html|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const data = await readFile(join(dir, f));
          if (data.length < 1024) return;
          const params = {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          };
          const [b, g] = await Promise.all([br(data, { params }), gz(data, { level: 9 })]);
          await Promise.all([writeFile(join(dir, `${f}.br`), b), writeFile(join(dir, `${f}.gz`), g)]);
        }),
      );
    },
  };
}

const MANTINE_PACKAGES = ['core', 'dates', 'notifications', 'modals'] as const;
type MantinePackage = (typeof MANTINE_PACKAGES)[number];

/**
 * Mantine's stylesheets per use instead of all of `@mantine/core/styles.css` (41 KB gzip) on every page: each source file
 * that imports components from `@mantine/*` gets the stylesheets of exactly those components — found by following the
 * imports of Mantine's own ES modules to every CSS module they use (Button → UnstyledButton, Loader …) — so a route's
 * styles load with the route's chunk. The layer variants (`@layer mantine`) are used, so the order in which chunks load
 * them never matters and the app's own CSS always wins. The global styles are imported once by main.tsx.
 */
export function mantineCssPerComponent(root: string): Plugin {
  const require = createRequire(join(root, 'package.json'));
  /** The package's folder: its main entry's nearest folder with a package.json (package.json itself is not exported). */
  const pkgDir = (p: MantinePackage) => {
    let dir = dirname(require.resolve(`@mantine/${p}`));
    while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
    return dir;
  };
  const dirs = new Map(MANTINE_PACKAGES.map((p) => [p, pkgDir(p)] as const));
  const exportsOf = new Map<MantinePackage, Map<string, string>>();
  /** Exported name → file of its ES module, read from the package's esm/index.mjs. */
  const exportMap = (p: MantinePackage) => {
    let m = exportsOf.get(p);
    if (m) return m;
    m = new Map();
    const esm = join(dirs.get(p) as string, 'esm');
    const index = readFileSync(join(esm, 'index.mjs'), 'utf8');
    for (const [, names, from] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
      for (const n of (names as string).split(',')) {
        const local = n
          .trim()
          .split(/\s+as\s+/)
          .pop()
          ?.trim();
        if (local) m.set(local, resolve(esm, from as string));
      }
    }
    exportsOf.set(p, m);
    return m;
  };
  const packageOf = (file: string) => MANTINE_PACKAGES.find((p) => file.startsWith(`${dirs.get(p)}/`));
  const cssOfFile = new Map<string, Set<string>>();
  /** Every stylesheet a Mantine module needs, itself and through its imports. */
  const walk = (file: string, out: Set<string>, seen: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    const cached = cssOfFile.get(file);
    if (cached) {
      for (const c of cached) out.add(c);
      return;
    }
    const p = packageOf(file);
    if (!p || !existsSync(file)) return;
    if (file.endsWith('.module.mjs')) {
      const name = basename(file, '.module.mjs');
      const css = p === 'core' ? `@mantine/core/styles/${name}.layer.css` : `@mantine/${p}/styles.layer.css`;
      if (p !== 'core' || existsSync(join(dirs.get('core') as string, 'styles', `${name}.layer.css`))) out.add(css);
    }
    const code = readFileSync(file, 'utf8');
    for (const [, from] of code.matchAll(/from\s*"(\.\.?\/[^"]+)"/g)) walk(resolve(dirname(file), from as string), out, seen);
    for (const [, names, pkg] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mantine\/([a-z]+)"/g))
      addNames(pkg as MantinePackage, names as string, out, seen);
  };
  const addNames = (p: MantinePackage, names: string, out: Set<string>, seen: Set<string>) => {
    if (!dirs.has(p)) return;
    const map = exportMap(p);
    for (const n of names.split(',')) {
      const name = n
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      const file = name ? map.get(name) : undefined;
      if (file) walk(file, out, seen);
    }
  };
  const cssFor = (p: MantinePackage, names: string) => {
    const out = new Set<string>();
    addNames(p, names, out, new Set());
    return out;
  };
  // core's component sheets first, then the other packages' sheets (they refine core's components)
  const rank = (css: string) => (css.startsWith('@mantine/core/') ? 0 : 1);

  return {
    name: 'vario-mantine-css',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id.split('?')[0] as string) || !code.includes('@mantine/')) return null;
      const sheets = new Set<string>();
      for (const [, typeOnly, names, pkg] of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/([a-z]+)['"]/g)) {
        if (typeOnly || !MANTINE_PACKAGES.includes(pkg as MantinePackage)) continue;
        for (const css of cssFor(pkg as MantinePackage, names as string)) sheets.add(css);
      }
      if (!sheets.size) return null;
      // appended: import declarations are hoisted, and the source map of the lines above stays valid
      const imports = [...sheets].sort((a, b) => rank(a) - rank(b)).map((s) => `import '${s}';`);
      return { code: `${code}\n${imports.join('\n')}\n`, map: null };
    },
  };
}

/** The phone media query of the web app (components/data-grid/load-grid.ts): phones show lists without AG Grid. */
const PHONE_MEDIA = '(max-width: 48em)';

/**
 * Starts fetching a screen's chunks while the entry script loads, instead of after it has run: index.html gets a small
 * script that, for a signed-in user (a stored token) on one of the given paths, adds `modulepreload` links for the
 * screen's scripts and the stylesheets they bring (Vite's loader later finds them already there). `screens` maps a
 * path pattern (RegExp source, tested against location.pathname) to source files whose chunks the screen needs;
 * a source marked `wide:` is preloaded only on screens wider than a phone.
 */
export function preloadScreens(screens: Record<string, string[]>): Plugin {
  return {
    name: 'vario-preload-screens',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const inEntry = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        const c = bundle[file];
        if (c?.type !== 'chunk' || into.has(file)) return;
        into.add(file);
        for (const css of c.viteMetadata?.importedCss ?? []) into.add(css);
        for (const i of c.imports) walk(i, into);
      };
      if (entry) walk(entry.fileName, inEntry);
      // per pattern: files for every screen (a) and files only for screens wider than a phone (w: `wide:` sources)
      const map: Record<string, { a: string[]; w: string[] }> = {};
      const filesOf = (sources: string[]) => {
        const files = new Set<string>();
        for (const src of sources) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(src));
          if (!chunk) throw new Error(`preloadScreens: no chunk for ${src}`);
          walk(chunk.fileName, files);
        }
        return [...files].filter((f) => !inEntry.has(f));
      };
      for (const [pattern, sources] of Object.entries(screens)) {
        const all = filesOf(sources.filter((x) => !x.startsWith('wide:')));
        const wide = filesOf(sources.filter((x) => x.startsWith('wide:')).map((x) => x.slice(5))).filter((f) => !all.includes(f));
        map[pattern] = { a: all.map((f) => `/${f}`), w: wide.map((f) => `/${f}`) };
      }
      const script = `<script>(function(m,p){if(!localStorage.getItem('vario.token'))return;var wide=!matchMedia('${PHONE_MEDIA}').matches;for(var k in m)if(new RegExp(k).test(p))m[k].a.concat(wide?m[k].w:[]).forEach(function(u){var l=document.createElement('link');if(/\\.css$/.test(u)){l.rel='stylesheet'}else{l.rel='modulepreload';l.crossOrigin=''}l.href=u;document.head.appendChild(l)})})(${JSON.stringify(map)},location.pathname)</script>`;
      const source = String(html.source);
      html.source = source.replace('</head>', `    ${script}\n  </head>`);
    },
  };
}

/**
 * Mantine's ScrollArea (used by every Modal, so by the shell on the login page too) imports `useMergeRefs` from
 * `@floating-ui/react` — the one import that pulls the whole positioning library (15 KB gzip) into the first load. This
 * rewrites it to the equivalent `useMergedRef` of `@mantine/hooks`; menus, popovers and tooltips still load
 * floating-ui when they are used.
 */
export function scrollAreaWithoutFloatingUi(): Plugin {
  const from = 'import { useMergeRefs } from "@floating-ui/react";';
  return {
    name: 'vario-scroll-area-without-floating-ui',
    enforce: 'pre',
    transform(code, id) {
      if (!/@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(id)) return null;
      if (!code.includes(from)) throw new Error('scrollAreaWithoutFloatingUi: the import of useMergeRefs changed in @mantine/core');
      return {
        code: code.replace(from, 'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);'),
        map: null,
      };
    },
  };
}
