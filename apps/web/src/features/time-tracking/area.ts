import { IconClockHour4 } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createTimeTrackingRoutes } from './routes';

/** Time tracking (ZEIT-001): every user their own entries. */
export const timeTrackingArea: Area<ReturnType<typeof createTimeTrackingRoutes>> = {
  id: 'timeTracking',
  ns: 'timeTracking',
  routes: createTimeTrackingRoutes,
  entries: [
    { id: 'timeTracking', order: 180, label: 'timeTracking:title', icon: IconClockHour4, to: '/time-tracking', nav: true, tile: 'timeTracking:menu.tile' },
  ],
};
