import { createRoute, Outlet } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';
import { DashboardSettingsPage } from './DashboardSettingsPage';
import { GeneralSettingsPage } from './GeneralSettingsPage';
import { NavbarSettingsPage } from './NavbarSettingsPage';
import { SettingsIndexPage } from './SettingsIndexPage';

/** /settings: index, general, navbar, dashboard (3-cross-cutting §2). */
export function createSettingsRoutes(app: AppRoute) {
  const settings = createRoute({ getParentRoute: () => app, path: '/settings', component: Outlet });
  const index = createRoute({ getParentRoute: () => settings, path: '/', component: SettingsIndexPage });
  const general = createRoute({ getParentRoute: () => settings, path: '/general', component: GeneralSettingsPage });
  const navbar = createRoute({ getParentRoute: () => settings, path: '/navbar', component: NavbarSettingsPage });
  const dashboard = createRoute({ getParentRoute: () => settings, path: '/dashboard', component: DashboardSettingsPage });
  return [settings.addChildren([index, general, navbar, dashboard])] as const;
}
