/** How much the harness does: the fast size runs in CI (well under 3 minutes on 2 cores), the full size by --full. */
export interface Size {
  name: 'fast' | 'full';
  /** fast-check runs per write endpoint, and per list for the query grammar. */
  fuzzRuns: number;
  listRuns: number;
  /** Parallel requests per race. */
  parallel: number;
  /** Creates sent at once before the SIGKILL. */
  crashCreates: number;
  loadClients: number;
  loadSeconds: number;
  /** Runs the e2e login-and-edit flow in Chromium through the balancer (needs the web build). */
  e2e: boolean;
}

export const FAST: Size = { name: 'fast', fuzzRuns: 5, listRuns: 12, parallel: 20, crashCreates: 300, loadClients: 20, loadSeconds: 5, e2e: false };
export const FULL: Size = { name: 'full', fuzzRuns: 80, listRuns: 150, parallel: 50, crashCreates: 1000, loadClients: 200, loadSeconds: 60, e2e: true };
