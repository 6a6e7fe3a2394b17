import { useRouteContext } from '@tanstack/react-router';
import { type BackRouteSearch, resolveBackLink } from './back-link';

/**
 * Where a route set (list + record + tabs) is mounted: on its own (`/assets`, records `/assets/$id`) or below a parent
 * route (`/addresses/$id` + `/assets`, records `/addresses/$id/assets/$assetId`), each with its own back link.
 */
export interface RouteMount<B extends string = string, I extends string = string> {
  /** The list's path relative to the parent route, e.g. `/assets`. */
  basePath: B;
  /** The record id's path parameter: `id` on its own, another name below a parent that has `$id`. */
  idParam: I;
  /** The records' default back link (else their list): a route path such as `/addresses/$id`, its params, a label. */
  back?: { routeName: string; params?: Record<string, string>; label: string };
}

/** The mount as the screens see it: the list's resolved path, the record id parameter and the back link. */
export interface ResolvedMount {
  listPath: string;
  idParam: string;
  back: BackRouteSearch | null;
}

/** Fills `$param` segments of a route path from the current params. */
export const fillPath = (path: string, params: Record<string, string>) =>
  path.replace(/\$([A-Za-z0-9_]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? `$${key}`));

/** The context a mounted route set adds (`beforeLoad` of its routes), read by `useRouteMount`. */
export function mountContext(mount: RouteMount, listFullPath: string, params: Record<string, string>): { routeMount: ResolvedMount } {
  const back = mount.back
    ? {
        backRouteName: mount.back.routeName,
        backRouteParams: JSON.stringify(Object.fromEntries(Object.entries(mount.back.params ?? {}).map(([k, v]) => [k, fillPath(v, params)]))),
        backRouteLabel: mount.back.label,
      }
    : null;
  return { routeMount: { listPath: fillPath(listFullPath, params), idParam: mount.idParam, back } };
}

/** The mount of the surrounding route set, or the fallback (a set on its own). */
export function useRouteMount(fallback: ResolvedMount): ResolvedMount {
  const ctx = useRouteContext({ strict: false }) as { routeMount?: ResolvedMount };
  return ctx.routeMount ?? fallback;
}

/** The back link of a mounted record: the `backRoute*` search first, then the mount's back link, then the list. */
export function mountedBackLink(search: BackRouteSearch, mount: ResolvedMount, list: { label: string }) {
  const fallback = { to: mount.listPath, label: list.label };
  if (search.backRouteName) return resolveBackLink(search, fallback);
  return mount.back ? resolveBackLink(mount.back, fallback) : fallback;
}
