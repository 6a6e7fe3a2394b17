import { IconSettings } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createSettingsRoutes } from './routes';

export const settingsArea: Area<ReturnType<typeof createSettingsRoutes>> = {
  id: 'settings',
  ns: 'settings',
  routes: createSettingsRoutes,
  entries: [{ id: 'settings', order: 190, label: 'settings:title', icon: IconSettings, to: '/settings', nav: true, tile: 'settings:menu.tile' }],
};
