import { IconLogout } from '@tabler/icons-react';
import type { Area } from '@/app/areas';

/** Login and logout are routes of the root (app/router.tsx); the area adds the logout entry of the navigation. */
export const authArea: Area<readonly []> = {
  id: 'auth',
  routes: () => [],
  entries: [{ id: 'logout', order: 200, label: 'nav.logout', icon: IconLogout, to: '/logout', nav: true }],
};
