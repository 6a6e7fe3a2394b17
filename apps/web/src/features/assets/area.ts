import { IconDevices } from '@tabler/icons-react';
import type { AppRoute } from '@/app/app-route';
import type { Area } from '@/app/areas';
import { ASSETS_ON_THEIR_OWN, createAssetRoutes } from './routes';

const routes = (app: AppRoute) => createAssetRoutes(app, ASSETS_ON_THEIR_OWN);

export const assetsArea: Area<ReturnType<typeof routes>> = {
  id: 'assets',
  ns: 'assets',
  routes,
  entries: [{ id: 'assets', order: 90, label: 'assets:title', icon: IconDevices, to: '/assets', rights: ['ASS_SEHEN'], nav: true, tile: 'assets:menu.tile' }],
  newItems: [{ id: 'asset', order: 60, label: 'assets:new', icon: IconDevices, href: '/assets/new', rights: ['ASS_AENDERN'] }],
};
