import { IconCalendarCheck, IconClipboardList, IconPackageImport } from '@tabler/icons-react';
import { lazy } from 'react';
import type { Area } from '@/app/areas';
import { createServiceRoutes } from './routes';

/**
 * Field service (issue 12): open tasks (planning), accepted tasks with the week calendar, confirm material. The three
 * entries show only for users with a technician record (RIGHT-006, APP-079 order 60/70/80); open tasks also for office
 * users with service planning (SVC_DISPO).
 */
export const serviceArea: Area<ReturnType<typeof createServiceRoutes>> = {
  id: 'service',
  ns: 'service',
  routes: createServiceRoutes,
  entries: [
    {
      id: 'planning',
      order: 60,
      label: 'service:menu.planning',
      icon: IconClipboardList,
      to: '/planning',
      technicianOnly: true,
      // office users plan service tasks with SVC_DISPO (they see every technician's open items)
      orRights: ['SVC_DISPO'],
      nav: true,
      tile: 'service:menu.planningTile',
    },
    {
      id: 'tasks',
      order: 70,
      label: 'service:menu.tasks',
      icon: IconCalendarCheck,
      to: '/tasks',
      technicianOnly: true,
      nav: true,
      tile: 'service:menu.tasksTile',
    },
    { id: 'material', order: 80, label: 'service:menu.material', icon: IconPackageImport, to: '/material', technicianOnly: true, nav: true },
  ],
  // a technician's home starts with the jobs of today (issue 20 item 8)
  home: [
    {
      id: 'service-today',
      order: 10,
      show: (me) => !!me.techniker,
      component: lazy(() => import('./tasks/TodayJobs').then((m) => ({ default: m.TodayJobs }))),
    },
  ],
};
