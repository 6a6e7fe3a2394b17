import { createRoute } from '@tanstack/react-router';
import type { AppRoute } from '@/app/router';
import { ScannerPage } from './ScannerPage';

/** /scanner (SCAN-001). */
export function createScannerRoutes(app: AppRoute) {
  return [createRoute({ getParentRoute: () => app, path: '/scanner', component: ScannerPage })] as const;
}
