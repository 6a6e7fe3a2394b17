import { IconFileExport, IconMailCog, IconSettingsDollar } from '@tabler/icons-react';
import { DATEV_RECHT } from '@vario/contract';
import type { Area } from '@/app/areas';
import { createOutboxRoutes } from './routes';

/** The DATEV export right after open items (a project right: denied unless granted); the settings for administrators. */
export const outboxArea: Area<ReturnType<typeof createOutboxRoutes>> = {
  id: 'outbox',
  ns: 'outbox',
  routes: createOutboxRoutes,
  entries: [
    { id: 'datev', order: 131, label: 'outbox:datev.title', icon: IconFileExport, to: '/datev', rights: [DATEV_RECHT], nav: true, tile: 'outbox:menu.datev' },
    { id: 'mailSettings', order: 196, label: 'outbox:mail.title', icon: IconMailCog, to: '/settings/mail', adminOnly: true, tile: 'outbox:menu.mail' },
    {
      id: 'datevSettings',
      order: 197,
      label: 'outbox:datevSettings.title',
      icon: IconSettingsDollar,
      to: '/settings/datev',
      adminOnly: true,
      tile: 'outbox:menu.datevSettings',
    },
  ],
};
