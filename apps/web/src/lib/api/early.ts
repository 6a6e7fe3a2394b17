/**
 * Calls index.html starts before the scripts run (`window.__varioEarly`): the signed-in user's `/webapp/me` and the
 * first screen's data. The client takes such an answer instead of asking again — once per call, only for the token it
 * was asked with, and only shortly after the page loaded (a later call asks afresh).
 */
interface EarlyCalls {
  token: string;
  at: number;
  calls: Record<string, Promise<Response> | undefined>;
}

/** How long after the page loaded an early answer may still be taken. */
export const EARLY_MAX_AGE_MS = 15_000;

const early = () => (globalThis as { __varioEarly?: EarlyCalls }).__varioEarly;

/** The early answer for a GET of `path` (with its query string) under `token`, taken out so that it is used once. */
export function takeEarly(path: string, token: string | null): Promise<Response> | undefined {
  const e = early();
  const call = e?.calls[path];
  if (!e || !call) return undefined;
  delete e.calls[path];
  if (e.token !== token || Date.now() - e.at > EARLY_MAX_AGE_MS) return undefined;
  return call;
}

/**
 * Lets go of the early calls nobody took (a screen that does not use them, such as the 404 page, or calls older than
 * EARLY_MAX_AGE_MS): their answers are read and dropped, so the page's requests end instead of staying open.
 */
export function releaseEarly(): void {
  const e = early();
  if (!e) return;
  for (const [path, call] of Object.entries(e.calls)) {
    delete e.calls[path];
    call?.then((r) => r.arrayBuffer()).catch(() => undefined);
  }
}
