import { createRootRoute, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';
import { createAddressRoutes } from '@/features/addresses/routes';
import { createAssetRoutes } from '@/features/assets/routes';
import { MaintenancePage } from '@/features/errors/MaintenancePage';
import { NotFoundPage } from '@/features/errors/NotFoundPage';
import { HomePage } from '@/features/home/HomePage';
import { createProductRoutes } from '@/features/products/routes';
import { createScannerRoutes } from '@/features/scanner/routes';
import { DashboardSettingsPage } from '@/features/settings/DashboardSettingsPage';
import { GeneralSettingsPage } from '@/features/settings/GeneralSettingsPage';
import { NavbarSettingsPage } from '@/features/settings/NavbarSettingsPage';
import { SettingsIndexPage } from '@/features/settings/SettingsIndexPage';
import { createStorageRoutes } from '@/features/storage/routes';
import { LocksPage } from '@/features/system/LocksPage';
import { tokenStore } from '@/lib/api/token';
import { LoginPage } from './auth/LoginPage';
import { LogoutPage } from './auth/LogoutPage';
import { AppLayout } from './layout/AppLayout';
import { RootLayout } from './layout/RootLayout';

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

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

/** Every screen of the signed-in app; without a token the path is remembered and login opens (APP-021, APP-022). */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!tokenStore.get()) throw redirect({ to: '/auth/login', search: { redirect: location.href } });
  },
  component: AppLayout,
});
export type AppRoute = typeof appRoute;
const addressRoutes = createAddressRoutes(appRoute);
const productRoutes = createProductRoutes(appRoute);
const assetRoutes = createAssetRoutes(appRoute);
const storageRoutes = createStorageRoutes(appRoute);
const scannerRoutes = createScannerRoutes(appRoute);
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/home' });
  },
});
const homeRoute = createRoute({ getParentRoute: () => appRoute, path: '/home', component: HomePage });
const settingsRoute = createRoute({ getParentRoute: () => appRoute, path: '/settings', component: Outlet });
const settingsIndexRoute = createRoute({ getParentRoute: () => settingsRoute, path: '/', component: SettingsIndexPage });
const settingsGeneralRoute = createRoute({ getParentRoute: () => settingsRoute, path: '/general', component: GeneralSettingsPage });
const settingsNavbarRoute = createRoute({ getParentRoute: () => settingsRoute, path: '/navbar', component: NavbarSettingsPage });
const settingsDashboardRoute = createRoute({ getParentRoute: () => settingsRoute, path: '/dashboard', component: DashboardSettingsPage });
const locksRoute = createRoute({ getParentRoute: () => appRoute, path: '/system/locks', component: LocksPage });

const routeTree = rootRoute.addChildren([
  loginRoute,
  logoutRoute,
  logoutAliasRoute,
  maintenanceRoute,
  appRoute.addChildren([
    indexRoute,
    homeRoute,
    settingsRoute.addChildren([settingsIndexRoute, settingsGeneralRoute, settingsNavbarRoute, settingsDashboardRoute]),
    locksRoute,
    ...addressRoutes,
    ...productRoutes,
    ...assetRoutes,
    ...storageRoutes,
    ...scannerRoutes,
  ]),
]);

export const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
