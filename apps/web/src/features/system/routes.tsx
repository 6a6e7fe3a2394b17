import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';

/** The record locks page, target of the locked-record notice (3-cross-cutting §2). */
export function createSystemRoutes(app: AppRoute) {
  return [createRoute({ getParentRoute: () => app, path: '/system/locks', component: lazyRouteComponent(() => import('./LocksPage'), 'LocksPage') })] as const;
}
