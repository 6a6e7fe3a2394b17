import { defineConfig } from '@playwright/test';
/** The flags Debian's Chromium needs here (one list for tests, screenshots and benchmarks). */
import CHROMIUM_ARGS from './chromium-args.json' with { type: 'json' };
import { SCANNER_VIDEO } from './fixtures/barcode-video';

/** The screens' sweeps: they open every screen and only look (their own fixtures aside), so they run beside the flows. */
const SWEEPS = /(a11y|console-clean)\.spec\.ts/;
/**
 * Lane B's flows: areas whose flows need nothing another area's flows leave behind. They run on the second server
 * (its own data) after the sweeps, while lane A's flows run on the first; together the two lanes take about as long.
 */
const LANE_B = /(tickets|deals|incoming-invoices|incoming-einvoice|statistics|free-sql|outbox|einvoice|time-tracking)\.spec\.ts/;
const SCANNER = /scanner.*\.spec\.ts/;
/** The second and third servers of scripts/test-e2e.mjs; a run against one given server uses it for everything. */
const BASE_B = process.env.E2E_BASE_URL_B ?? process.env.E2E_BASE_URL ?? 'http://localhost:8080';
const BASE_C = process.env.E2E_BASE_URL_C ?? BASE_B;

/** Runs against a server started by scripts/test-e2e.mjs (E2E_BASE_URL), in Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // two lanes, one per core: lane A's flows one after another on the first server (they share its data); beside them
  // the screens' sweeps (axe over every screen, a clean console) on the third server, then lane B's flows and the
  // scanner on the second. Playwright runs the first job in project order whose project has a free worker.
  workers: 2,
  // Under CI's load a timing-sensitive flow may stumble once; a flow that fails twice more is a failure.
  retries: process.env.CI ? 2 : 0,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:8080',
    locale: 'de-DE',
    viewport: { width: 1440, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
    // production builds register a service worker (apps/web/pwa); page.route() does not see what a worker answers, so
    // flows run without it — the offline specs (service-offline*.spec.ts) allow it
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'default', testIgnore: [SCANNER, SWEEPS, LANE_B], workers: 1 },
    { name: 'sweeps', testMatch: SWEEPS, workers: 1, use: { baseURL: BASE_C } },
    { name: 'lane-b', testMatch: LANE_B, testIgnore: SCANNER, workers: 1, use: { baseURL: BASE_B } },
    {
      /** The scanner spec sees a fake camera playing the barcode video its test writes first (SCAN rules). */
      name: 'scanner',
      testMatch: SCANNER,
      workers: 1,
      use: {
        baseURL: BASE_B,
        permissions: ['camera'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            ...CHROMIUM_ARGS,
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
            `--use-file-for-fake-video-capture=${SCANNER_VIDEO}`,
          ],
        },
      },
    },
  ],
});
