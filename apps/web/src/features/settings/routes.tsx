import { createRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';

/** /settings: index, general, navbar, dashboard (3-cross-cutting §2); seller data (administrators, issue 24). */
export function createSettingsRoutes(app: AppRoute) {
  const settings = createRoute({ getParentRoute: () => app, path: '/settings', component: Outlet });
  const index = createRoute({
    getParentRoute: () => settings,
    path: '/',
    component: lazyRouteComponent(() => import('./SettingsIndexPage'), 'SettingsIndexPage'),
  });
  const general = createRoute({
    getParentRoute: () => settings,
    path: '/general',
    component: lazyRouteComponent(() => import('./GeneralSettingsPage'), 'GeneralSettingsPage'),
  });
  const navbar = createRoute({
    getParentRoute: () => settings,
    path: '/navbar',
    component: lazyRouteComponent(() => import('./NavbarSettingsPage'), 'NavbarSettingsPage'),
  });
  const dashboard = createRoute({
    getParentRoute: () => settings,
    path: '/dashboard',
    component: lazyRouteComponent(() => import('./DashboardSettingsPage'), 'DashboardSettingsPage'),
  });
  const seller = createRoute({
    getParentRoute: () => settings,
    path: '/seller',
    component: lazyRouteComponent(() => import('./SellerSettingsPage'), 'SellerSettingsPage'),
  });
  return [settings.addChildren([index, general, navbar, dashboard, seller])] as const;
}
