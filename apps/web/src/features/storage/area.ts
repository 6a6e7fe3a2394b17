import { IconBuildingWarehouse, IconPackages } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createStorageRoutes } from './routes';

export const storageArea: Area<ReturnType<typeof createStorageRoutes>> = {
  id: 'storage',
  routes: createStorageRoutes,
  entries: [
    {
      id: 'storages',
      order: 100,
      label: 'nav.storages',
      icon: IconPackages,
      to: '/storages',
      nav: true,
      technicianOnly: true,
      children: [
        { id: 'serviceStorage', label: 'nav.serviceStorage', to: '/storages/serviceStorage' },
        { id: 'serviceStorageDoa', label: 'nav.serviceStorageDoa', to: '/storages/serviceStorageDoa' },
        { id: 'serviceStorageFaulty', label: 'nav.serviceStorageFaulty', to: '/storages/serviceStorageFaulty' },
      ],
    },
    {
      id: 'storageLocationInformation',
      order: 150,
      label: 'nav.storageLocationInformation',
      icon: IconBuildingWarehouse,
      to: '/storageLocationInformation',
      rights: ['LAG_SEHEN'],
      nav: true,
      tile: 'tiles.storageLocationInformation',
    },
  ],
};
