import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';

/** /tasks/review: the steps not yet sent and the conflicts (spread into the service area's routes). */
export function createOfflineRoutes(app: AppRoute) {
  const review = createRoute({
    getParentRoute: () => app,
    path: '/tasks/review',
    component: lazyRouteComponent(() => import('./ReviewPage'), 'ReviewPage'),
  });
  return [review] as const;
}
