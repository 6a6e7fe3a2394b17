import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';

/** /time-tracking (ZEIT-001). */
export function createTimeTrackingRoutes(app: AppRoute) {
  return [
    createRoute({ getParentRoute: () => app, path: '/time-tracking', component: lazyRouteComponent(() => import('./TimeTrackingPage'), 'TimeTrackingPage') }),
  ] as const;
}
