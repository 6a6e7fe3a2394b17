import { IconBuildingWarehouse, IconPackages } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createStorageRoutes } from './routes';

export const storageArea: Area<ReturnType<typeof createStorageRoutes>> = {
  id: 'storage',
  ns: 'storage',
  routes: createStorageRoutes,
  entries: [
    {
      id: 'storages',
      order: 100,
      label: 'storage:menu.storages',
      icon: IconPackages,
      to: '/storages',
      nav: true,
      technicianOnly: true,
      children: [
        { id: 'serviceStorage', label: 'storage:menu.serviceStorage', to: '/storages/serviceStorage' },
        { id: 'serviceStorageDoa', label: 'storage:menu.serviceStorageDoa', to: '/storages/serviceStorageDoa' },
        { id: 'serviceStorageFaulty', label: 'storage:menu.serviceStorageFaulty', to: '/storages/serviceStorageFaulty' },
      ],
    },
    {
      id: 'storageLocationInformation',
      order: 150,
      label: 'storage:locationTitle',
      icon: IconBuildingWarehouse,
      to: '/storageLocationInformation',
      rights: ['LAG_SEHEN'],
      nav: true,
      tile: 'storage:menu.tile',
    },
  ],
};
