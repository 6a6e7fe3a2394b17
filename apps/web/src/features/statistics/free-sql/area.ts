import type { Area } from '@/app/areas';

/**
 * Free SQL reports (STAT-016…023): the statistics page's freeSql tab, disabled without AUS_FREIESQL (RIGHT-033); its
 * routes hang below the statistics page (../routes.tsx). The area brings the reports' texts.
 */
export const freeSqlArea: Area<readonly []> = {
  id: 'freeSql',
  ns: 'freeSql',
  routes: () => [] as const,
};
