import type { RoutePath, TextKey } from '@/app/areas';

/**
 * The tabs of /statistics (STAT-001): one entry per tab, in order. The free SQL reports add theirs here (`freeSql`,
 * `/statistics/freeSql`, disabled without AUS_FREIESQL: `disabledWithout`) together with its routes in routes.tsx.
 */
export interface StatisticsTab {
  id: string;
  label: TextKey;
  to: RoutePath;
  /** Shown but disabled for a user without these rights (RIGHT-033). */
  disabledWithout?: readonly string[];
}

export const STATISTICS_TABS: readonly StatisticsTab[] = [
  { id: 'dashboard', label: 'statistics:tabs.dashboard', to: '/statistics/dashboard' },
  { id: 'freeSql', label: 'statistics:tabs.freeSql', to: '/statistics/freeSql', disabledWithout: ['AUS_FREIESQL'] },
];
