import { IconDevices } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createAssetRoutes } from './routes';

export const assetsArea: Area<ReturnType<typeof createAssetRoutes>> = {
  id: 'assets',
  routes: createAssetRoutes,
  entries: [{ id: 'assets', order: 90, label: 'nav.assets', icon: IconDevices, to: '/assets', rights: ['ASS_SEHEN'], nav: true, tile: 'tiles.assets' }],
  newItems: [{ id: 'asset', order: 60, label: 'nav.newAsset', icon: IconDevices, href: '/assets/new', rights: ['ASS_AENDERN'] }],
};
