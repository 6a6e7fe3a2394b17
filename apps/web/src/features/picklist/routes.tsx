import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';

/** The detail's warehouse (PICK-003: the query carries lagerId). */
export const validatePicklistSearch = (search: Record<string, unknown>): { lagerId?: number } => {
  const n = Number(search.lagerId);
  return Number.isInteger(n) && n > 0 ? { lagerId: n } : {};
};

/** /digitalPicklist (PICK-001) and /digitalPicklist/{lfdNr}?lagerId (PICK-003); the decoder loads with the detail. */
export function createPicklistRoutes(app: AppRoute) {
  const index = createRoute({
    getParentRoute: () => app,
    path: '/digitalPicklist',
    component: lazyRouteComponent(() => import('./PicklistIndexPage'), 'PicklistIndexPage'),
  });
  const detail = createRoute({
    getParentRoute: () => app,
    path: '/digitalPicklist/$id',
    validateSearch: validatePicklistSearch,
    component: lazyRouteComponent(() => import('./PicklistDetailPage'), 'PicklistDetailPage'),
  });
  return [index, detail] as const;
}
