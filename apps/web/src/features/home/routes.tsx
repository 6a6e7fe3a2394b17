import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';

/** /home, and the empty path that redirects there (APP-012). */
export function createHomeRoutes(app: AppRoute) {
  const index = createRoute({
    getParentRoute: () => app,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/home' });
    },
  });
  const home = createRoute({ getParentRoute: () => app, path: '/home', component: lazyRouteComponent(() => import('./HomePage'), 'HomePage') });
  return [index, home] as const;
}
