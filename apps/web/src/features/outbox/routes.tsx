import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';

/** The DATEV export (under open items) and the administrator's e-mail and DATEV settings (issue 24). */
export function createOutboxRoutes(app: AppRoute) {
  return [
    createRoute({
      getParentRoute: () => app,
      path: '/datev',
      component: lazyRouteComponent(() => import('./DatevExportsPage'), 'DatevExportsPage'),
    }),
    createRoute({ getParentRoute: () => app, path: '/settings/mail', component: lazyRouteComponent(() => import('./MailSettingsPage'), 'MailSettingsPage') }),
    createRoute({
      getParentRoute: () => app,
      path: '/settings/datev',
      component: lazyRouteComponent(() => import('./DatevSettingsPage'), 'DatevSettingsPage'),
    }),
  ] as const;
}
