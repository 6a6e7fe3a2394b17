/// <reference types="vitest/config" />
import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Test projects: `web` (unit tests of the SPA's libraries), `contract` (unit tests of the contract's pure rules, without
 * a database), `api-sqlite` and `api-postgres`
 * (the same API tests through fastify.inject, once per database; scripts/test-api.mjs provides PostgreSQL).
 */
export default defineConfig({
  test: {
    projects: [
      ...(existsSync('./apps/web/vite.config.ts')
        ? [
            {
              extends: './apps/web/vite.config.ts',
              test: { name: 'web', root: './apps/web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], environment: 'node' as const },
            },
          ]
        : []),
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' as const } },
      {
        test: {
          name: 'api-sqlite',
          root: './apps/server',
          include: ['test/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          root: './apps/server',
          include: ['test/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
