import { IconHome } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createHomeRoutes } from './routes';

export const homeArea: Area<ReturnType<typeof createHomeRoutes>> = {
  id: 'home',
  ns: 'home',
  routes: createHomeRoutes,
  entries: [{ id: 'home', order: 10, label: 'home:menu.nav', icon: IconHome, to: '/home', nav: true }],
};
