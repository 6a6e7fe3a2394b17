import { IconDevices } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createAssetRoutes } from './routes';

export const assetsArea: Area<ReturnType<typeof createAssetRoutes>> = {
  id: 'assets',
  routes: createAssetRoutes,
  entries: [
    { id: 'assets', order: 90, label: 'assets:menu.nav', icon: IconDevices, to: '/assets', rights: ['ASS_SEHEN'], nav: true, tile: 'assets:menu.tile' },
  ],
  newItems: [{ id: 'asset', order: 60, label: 'assets:menu.new', icon: IconDevices, href: '/assets/new', rights: ['ASS_AENDERN'] }],
};
