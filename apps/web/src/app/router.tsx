import { createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { addressesArea } from '@/features/addresses/area';
import { assetsArea } from '@/features/assets/area';
import { MaintenancePage } from '@/features/errors/MaintenancePage';
import { NotFoundPage } from '@/features/errors/NotFoundPage';
import { homeArea } from '@/features/home/area';
import { openItemsArea } from '@/features/open-items/area';
import { productsArea } from '@/features/products/area';
import { saleDocumentsArea } from '@/features/sale-documents/area';
import { scannerArea } from '@/features/scanner/area';
import { serviceArea } from '@/features/service/area';
import { prefetchUserParameters } from '@/features/settings/api';
import { settingsArea } from '@/features/settings/area';
import { storageArea } from '@/features/storage/area';
import { systemArea } from '@/features/system/area';
import { appRoute, frameLoaders, rootRoute } from './app-route';
import { LoginPage } from './auth/LoginPage';
import { LogoutPage } from './auth/LogoutPage';
import { prefetchMe } from './auth/session';
import { RootLayout } from './layout/RootLayout';
import './registry';

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

/** The signed-in screens: each area's routes, one line per area (`features/<area>/area.ts`). */
const routeTree = rootRoute.addChildren([
  loginRoute,
  logoutRoute,
  logoutAliasRoute,
  maintenanceRoute,
  appRoute.addChildren([
    ...homeArea.routes(appRoute),
    ...addressesArea.routes(appRoute),
    ...productsArea.routes(appRoute),
    ...saleDocumentsArea.routes(appRoute),
    ...serviceArea.routes(appRoute),
    ...assetsArea.routes(appRoute),
    ...storageArea.routes(appRoute),
    ...scannerArea.routes(appRoute),
    ...settingsArea.routes(appRoute),
    ...systemArea.routes(appRoute),
    ...openItemsArea.routes(appRoute),
  ]),
]);

export const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
