import { IconLock } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createSystemRoutes } from './routes';

export const systemArea: Area<ReturnType<typeof createSystemRoutes>> = {
  id: 'system',
  ns: 'system',
  routes: createSystemRoutes,
  entries: [{ id: 'locks', order: 195, label: 'system:title', icon: IconLock, to: '/system/locks', adminOnly: true, tile: 'system:menu.tile' }],
};
