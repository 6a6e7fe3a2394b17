import { IconListCheck } from '@tabler/icons-react';
import { PICK_RECHT, picklisteSichtbar } from '@vario/contract';
import type { Area } from '@/app/areas';
import { createPicklistRoutes } from './routes';

/**
 * Digital picklist (PICK-001…011): the entry for user types 0, 1, 3 while the chosen storage region picks with type 1
 * or 2 (PICK-006), with the project right PICK_KOMMISSIONIEREN.
 */
export const picklistArea: Area<ReturnType<typeof createPicklistRoutes>> = {
  id: 'picklist',
  ns: 'picklist',
  routes: createPicklistRoutes,
  entries: [
    {
      id: 'digitalPicklist',
      order: 160,
      label: 'picklist:title',
      icon: IconListCheck,
      to: '/digitalPicklist',
      rights: [PICK_RECHT],
      visibleFor: (me, region) => picklisteSichtbar(me.benutzer.typ, region?.kommissionierart),
      nav: true,
      tile: 'picklist:menu.tile',
    },
  ],
};
