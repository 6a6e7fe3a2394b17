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
          // a screen gathered into a group chunk (chunkGroups) is one of that chunk's modules, not its facade
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(src)) ?? chunks.find((c) => c.moduleIds.some((m) => m.endsWith(src)));
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

/**
 * Fewer, larger chunks for the first screens. Left to itself, Rolldown splits the code shared between lazy screens into
 * one chunk per combination of screens that use it: ~140 small scripts on a list or record page, each a request of its
 * own that a phone on a slow network waits for in turn (six connections over HTTP/1.1).
 *
 * A first, quick build (not minified, not written) shows what each screen really loads after tree-shaking: the modules of
 * its chunk and of every chunk that chunk imports statically. Then the real build gathers
 * - `boot`: everything the entry script loads (the login page's first load),
 * - `frame`: what the signed-in frame adds,
 * - and every other module a named screen loads, by the set of named screens that load it (one chunk per set),
 * so a named screen loads the same bytes as before in a handful of files. Modules of other screens are chunked as
 * before; lazy imports stay lazy (only static imports are followed), so no screen loads more than it did.
 */
export function chunkGroups(root: string, groups: { boot: string; frame: string; screens: Record<string, string[]> }): Plugin {
  const PROBE = 'VARIO_CHUNK_PROBE';
  return {
    name: 'vario-chunk-groups',
    apply: 'build',
    async config() {
      if (process.env[PROBE]) return;
      // the probe reads this folder's vite.config.ts, where this plugin then does nothing
      const { build } = await import('vite');
      process.env[PROBE] = '1';
      let out: Awaited<ReturnType<typeof build>>;
      try {
        out = await build({ root, logLevel: 'silent', build: { write: false, minify: false, emptyOutDir: false } });
      } finally {
        delete process.env[PROBE];
      }
      const output = (Array.isArray(out) ? out[0] : out) as { output: { type: string; fileName: string; moduleIds?: string[]; imports?: string[] }[] };
      const chunks = new Map(output.output.filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]));
      /** The modules a source file's chunk loads: its own and those of every chunk it imports statically. */
      const loads = (src: string) => {
        const file = resolve(root, src);
        const first = [...chunks.values()].find((c) => c.moduleIds?.includes(file));
        if (!first) throw new Error(`chunkGroups: no chunk holds ${src}`);
        const seen = new Set<string>();
        const mods = new Set<string>();
        const walk = (f: string) => {
          const c = chunks.get(f);
          if (!c || seen.has(f)) return;
          seen.add(f);
          for (const m of c.moduleIds ?? []) mods.add(m);
          for (const i of c.imports ?? []) walk(i);
        };
        walk(first.fileName);
        return mods;
      };
      const group = new Map<string, string>();
      for (const m of loads(groups.boot)) group.set(m, 'boot');
      for (const m of loads(groups.frame)) if (!group.has(m)) group.set(m, 'frame');
      const bySet = new Map<string, string[]>();
      for (const [name, sources] of Object.entries(groups.screens)) {
        const mods = new Set(sources.flatMap((s) => [...loads(s)]));
        for (const m of mods) if (!group.has(m)) bySet.set(m, [...(bySet.get(m) ?? []), name]);
      }
      for (const [m, names] of bySet) group.set(m, names.sort().join('~'));
      const names = [...new Set(group.values())];
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // each group takes exactly its modules: the sets above are closed under static imports already
                includeDependenciesRecursively: false,
                groups: names.map((name, i) => ({ name, test: (id: string) => group.get(id) === name, priority: names.length - i })),
              },
            },
          },
        },
      };
    },
  };
}
