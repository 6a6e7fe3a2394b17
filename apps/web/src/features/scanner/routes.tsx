import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';

/** /scanner (SCAN-001); the barcode decoder loads with the screen, not with the app. */
export function createScannerRoutes(app: AppRoute) {
  return [createRoute({ getParentRoute: () => app, path: '/scanner', component: lazyRouteComponent(() => import('./ScannerPage'), 'ScannerPage') })] as const;
}
