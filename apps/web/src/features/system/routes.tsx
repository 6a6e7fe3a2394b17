import { createRoute } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';
import { LocksPage } from './LocksPage';

/** The record locks page, target of the locked-record notice (3-cross-cutting §2). */
export function createSystemRoutes(app: AppRoute) {
  return [createRoute({ getParentRoute: () => app, path: '/system/locks', component: LocksPage })] as const;
}
