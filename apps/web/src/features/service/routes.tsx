import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';
import { createOfflineRoutes } from './offline/routes';

/**
 * The field-service screens (SVC-001..005): /planning and /planning/$id, /tasks, /tasks/calendar, /tasks/$id and
 * /tasks/$id/complete, /material. `$id` is the planning item's id (the journey's calls are made on it).
 */
export function createServiceRoutes(app: AppRoute) {
  const planning = createRoute({
    getParentRoute: () => app,
    path: '/planning',
    component: lazyRouteComponent(() => import('./planning/PlanningListPage'), 'PlanningListPage'),
  });
  const planningDetail = createRoute({
    getParentRoute: () => app,
    path: '/planning/$id',
    component: lazyRouteComponent(() => import('./planning/PlanningDetailPage'), 'PlanningDetailPage'),
  });
  const tasks = createRoute({
    getParentRoute: () => app,
    path: '/tasks',
    component: lazyRouteComponent(() => import('./tasks/TaskListPage'), 'TaskListPage'),
  });
  const calendar = createRoute({
    getParentRoute: () => app,
    path: '/tasks/calendar',
    validateSearch: (s: Record<string, unknown>): { week?: string } =>
      typeof s.week === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s.week) ? { week: s.week } : {},
    component: lazyRouteComponent(() => import('./calendar/CalendarPage'), 'CalendarPage'),
  });
  const task = createRoute({
    getParentRoute: () => app,
    path: '/tasks/$id',
    component: lazyRouteComponent(() => import('./detail/TaskDetailPage'), 'TaskDetailPage'),
  });
  const complete = createRoute({
    getParentRoute: () => app,
    path: '/tasks/$id/complete',
    component: lazyRouteComponent(() => import('./complete/TaskCompletePage'), 'TaskCompletePage'),
  });
  const material = createRoute({
    getParentRoute: () => app,
    path: '/material',
    component: lazyRouteComponent(() => import('./material/MaterialPage'), 'MaterialPage'),
  });
  return [planning, planningDetail, tasks, calendar, task, complete, material, ...createOfflineRoutes(app)] as const;
}
