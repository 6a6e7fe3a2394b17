import { IconChartBar } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createStatisticsRoutes } from './routes';
import { STATISTICS_WIDGETS } from './widgets';

/** Statistics (STAT-001): navigation position 170; its widgets also on /home (STAT-002, APP-086). */
export const statisticsArea: Area<ReturnType<typeof createStatisticsRoutes>> = {
  id: 'statistics',
  ns: 'statistics',
  routes: createStatisticsRoutes,
  entries: [
    {
      id: 'statistics',
      order: 170,
      label: 'statistics:title',
      icon: IconChartBar,
      to: '/statistics',
      nav: true,
      tile: 'statistics:menu.tile',
    },
  ],
  widgets: STATISTICS_WIDGETS,
};
