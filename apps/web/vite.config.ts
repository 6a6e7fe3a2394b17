/// <reference types="vitest/config" />

import { execFileSync } from 'node:child_process';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './pwa/vite-plugin.ts';
import { chunkGroups, mantineCssPerComponent, precompress, preloadScreens, scrollAreaWithoutFloatingUi } from './vite-plugins.ts';

/**
 * `virtual:api-routes`: method and path of every contract endpoint, read from the contract at build time. The client
 * needs only these at run time, so the zod schemas of the contract stay out of the first load (forms load them lazily).
 */
function apiRoutes(): Plugin {
  const id = 'virtual:api-routes';
  const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
  return {
    name: 'vario-api-routes',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(source) {
      if (source !== `\0${id}`) return null;
      this.addWatchFile(fileURLToPath(new URL('../../packages/contract/src', import.meta.url)));
      const script = `import(${JSON.stringify(contract)}).then((m) => process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(m.endpoints).map(([k, e]) => [k, { method: e.method, path: e.path }])))))`;
      const json = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
      return `export default ${json};`;
    },
  };
}

/**
 * `virtual:form-meta/<schema>`: the meta data of a contract input schema's fields (required, nullable, options, maximum
 * length: `fieldsMeta` of src/components/form/field-meta.ts), computed once per build from the contract, so a record
 * page can show its form without loading zod (src/components/form/lazy-schema.ts).
 */
function formMeta(): Plugin {
  const prefix = 'virtual:form-meta/';
  const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
  const metaModule = fileURLToPath(new URL('./src/components/form/field-meta.ts', import.meta.url));
  let all: Record<string, unknown> | undefined;
  return {
    name: 'vario-form-meta',
    resolveId: (source) => (source.startsWith(prefix) ? `\0${source}` : null),
    buildStart() {
      all = undefined;
    },
    // `vite dev`: a changed contract file makes the next load of a form compute the meta data afresh
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (!file.includes('/packages/contract/')) return;
        all = undefined;
        for (const mod of server.moduleGraph.idToModuleMap.values()) if (mod.id?.startsWith(`\0${prefix}`)) server.moduleGraph.invalidateModule(mod);
      });
    },
    load(source) {
      if (!source.startsWith(`\0${prefix}`)) return null;
      this.addWatchFile(fileURLToPath(new URL('../../packages/contract/src', import.meta.url)));
      if (!all) {
        const script = `Promise.all([import(${JSON.stringify(contract)}), import(${JSON.stringify(metaModule)})]).then(([c, m]) => process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(c).filter(([, s]) => s && typeof s === 'object' && 'shape' in s && typeof s.safeParse === 'function').map(([k, s]) => [k, m.fieldsMeta(s)])))))`;
        all = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' })) as Record<string, unknown>;
      }
      const name = source.slice(prefix.length + 1);
      if (!all[name]) throw new Error(`virtual:form-meta: the contract exports no object schema "${name}"`);
      return `export default ${JSON.stringify(all[name])};`;
    },
  };
}

export default defineConfig({
  plugins: [
    mantineCssPerComponent(fileURLToPath(new URL('.', import.meta.url))),
    scrollAreaWithoutFloatingUi(),
    react(),
    apiRoutes(),
    formMeta(),
    // the frame and the list screens of a signed-in user start loading with the entry script
    preloadScreens({
      '^/(?!auth/|logout)': ['src/app/layout/AppLayout.tsx'],
      '^/(home)?/?$': ['src/features/home/HomePage.tsx'],
      '^/addresses/?$': ['src/features/addresses/list/AddressListPage.tsx'],
      '^/products/?$': ['src/features/products/list/ProductListPage.tsx'],
      '^/assets/?$': ['src/features/assets/list/AssetListPage.tsx'],
      // the address record opens on its dashboard: its chunks load beside the entry instead of after it
      '^/addresses/\\d+(/dashboard)?/?$': ['src/features/addresses/detail/AddressRecordPage.tsx', 'src/features/addresses/reports/DashboardTab.tsx'],
      '^/saleDocument/?$': ['src/features/sale-documents/list/SaleDocumentListPage.tsx'],
    }),
    // the installable technician app: dist/sw.js caches the app shell (production builds only; pwa/sw.js)
    serviceWorker(fileURLToPath(new URL('./pwa/sw.js', import.meta.url))),
    precompress(),
    // a few requests instead of ~140 for the first screens (vite-plugins.ts)
    chunkGroups(fileURLToPath(new URL('.', import.meta.url)), {
      boot: 'src/main.tsx',
      frame: 'src/app/layout/AppLayout.tsx',
      screens: {
        home: ['src/features/home/HomePage.tsx'],
        addresses: ['src/features/addresses/list/AddressListPage.tsx'],
        address: ['src/features/addresses/detail/AddressRecordPage.tsx', 'src/features/addresses/reports/DashboardTab.tsx'],
        products: ['src/features/products/list/ProductListPage.tsx'],
      },
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/vario-api': 'http://localhost:8080' } },
  build: { chunkSizeWarningLimit: 3000 },
});
