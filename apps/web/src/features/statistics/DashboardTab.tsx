import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dashboardWidgets } from '@/app/areas';
import { useMe } from '@/app/auth/session';
import { WidgetGrid } from '@/components/dashboard/WidgetGrid';
import { STATISTICS_WIDGETS } from './widgets';

/** /statistics/dashboard: every statistics widget the user may see (STAT-002). */
export function DashboardTab() {
  const { t } = useTranslation('statistics');
  const me = useMe().data;
  const ids = new Set(STATISTICS_WIDGETS.map((w) => w.id));
  return (
    <Stack gap="md" data-testid="statistics-dashboard">
      <Text size="xs" c="dimmed">
        {t('net')}
      </Text>
      <WidgetGrid widgets={dashboardWidgets(me).filter((w) => ids.has(w.id))} />
    </Stack>
  );
}
