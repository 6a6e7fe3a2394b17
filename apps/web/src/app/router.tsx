import { createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { MaintenancePage } from '@/features/errors/MaintenancePage';
import { NotFoundPage } from '@/features/errors/NotFoundPage';
import { prefetchUserParameters } from '@/features/settings/api';
import { appRoute, frameLoaders, rootRoute } from './app-route';
import { LoginPage } from './auth/LoginPage';
import { LogoutPage } from './auth/LogoutPage';
import { prefetchMe } from './auth/session';
import { RootLayout } from './layout/RootLayout';
import { AREAS } from './registry';

rootRoute.update({ component: RootLayout, notFoundComponent: NotFoundPage });
// the signed-in frame loads with the first signed-in screen: the login page does not load it
appRoute.update({ component: lazyRouteComponent(() => import('./layout/AppLayout'), 'AppLayout') });
frameLoaders.push(prefetchMe, () => prefetchUserParameters(['darkmode', 'density', 'navigation']));

/** `?redirect=` carries the remembered path to the login page (APP-022). */
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/login',
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => (typeof s.redirect === 'string' ? { redirect: s.redirect } : {}),
  component: LoginPage,
});
const logoutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/auth/logout', component: LogoutPage });
const logoutAliasRoute = createRoute({ getParentRoute: () => rootRoute, path: '/logout', component: LogoutPage });
const maintenanceRoute = createRoute({ getParentRoute: () => rootRoute, path: '/error/503', component: MaintenancePage });

/** Every area's routes (`Area.routes`), with their exact types: the route tree's paths, params and search are typed. */
type AreaRoute = ReturnType<(typeof AREAS)[number]['routes']>[number];

/** The signed-in screens: the routes of each area in `AREAS` (app/registry.ts), in its order. */
const areaRoutes = AREAS.flatMap((area): readonly AreaRoute[] => area.routes(appRoute));

const routeTree = rootRoute.addChildren([loginRoute, logoutRoute, logoutAliasRoute, maintenanceRoute, appRoute.addChildren(areaRoutes)]);

export const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
