/** The back-link query of record pages: a route path, its params as JSON, and its label (ADR-011, ADR-012). */
export interface BackRouteSearch {
  backRouteName?: string;
  backRouteParams?: string;
  backRouteLabel?: string;
}

export const validateBackRouteSearch = (s: Record<string, unknown>): BackRouteSearch => {
  const out: BackRouteSearch = {};
  for (const k of ['backRouteName', 'backRouteParams', 'backRouteLabel'] as const) {
    const v = s[k];
    if (typeof v === 'string' && v) out[k] = v;
    else if (k === 'backRouteParams' && v && typeof v === 'object') out[k] = JSON.stringify(v);
  }
  return out;
};

/**
 * Resolves the back link: `backRouteName` is a route path such as `/addresses/$id`, filled from `backRouteParams`;
 * without it (or with an unresolvable one) the fallback applies.
 */
export function resolveBackLink(search: BackRouteSearch, fallback: { to: string; label: string }): { to: string; label: string } {
  if (!search.backRouteName) return fallback;
  let params: Record<string, unknown> = {};
  try {
    const parsed = search.backRouteParams ? JSON.parse(search.backRouteParams) : {};
    if (parsed && typeof parsed === 'object') params = parsed as Record<string, unknown>;
  } catch {
    return fallback;
  }
  const name = search.backRouteName.startsWith('/') ? search.backRouteName : `/${search.backRouteName}`;
  let missing = false;
  const to = name.replace(/\$([A-Za-z0-9_]+)/g, (_, key: string) => {
    const v = params[key];
    if (v === undefined || v === null || v === '') missing = true;
    return encodeURIComponent(String(v ?? ''));
  });
  if (missing || !/^\/[A-Za-z0-9/_\-%.]*$/.test(to)) return fallback;
  return { to, label: search.backRouteLabel ?? fallback.label };
}

/** The search that keeps a back link alive on the tabs of a record. */
export const keepBackSearch = (search: BackRouteSearch): BackRouteSearch => validateBackRouteSearch(search as Record<string, unknown>);
