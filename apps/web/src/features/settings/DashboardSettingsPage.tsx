import { Card, Divider } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardWidgets, mayOpen, tileEntries } from '@/app/areas';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { SectionTitle } from '@/components/SectionTitle';
import { ALL_NAMESPACES } from '@/i18n/resources';
import { itemEnabled, toggleItem } from '@/lib/item-settings';
import { useUsageParameters } from '@/lib/reference-data';
import { useSaveUserParameter, useUserParameter } from './api';
import { SettingRow } from './SettingRow';

/** /settings/dashboard: one switch per dashboard item, saved as the user parameter `dashboard` (APP-086). */
export function DashboardSettingsPage() {
  const { t } = useTranslation('settings');
  const menu = useTranslation(ALL_NAMESPACES).t;
  const me = useMe().data;
  // an area its usage parameter switches off has no entry or tile to choose (APP-028)
  const usage = useUsageParameters().data;
  const { value } = useUserParameter('dashboard');
  const save = useSaveUserParameter('dashboard');
  const items = [
    { id: 'infobar', label: t('infobarWidget') },
    { id: 'due', label: t('dueWidget') },
    ...dashboardWidgets(me).map((w) => ({ id: w.id, label: menu(w.label) })),
    ...tileEntries()
      .filter((a) => mayOpen(me, a, usage))
      .map((a) => ({ id: a.id, label: menu(a.label) })),
  ];
  return (
    <>
      <PageHeader title={t('dashboard')} subtitle={t('dashboardText')} back={{ to: '/settings', label: t('title') }} />
      <Card padding="lg" maw={760}>
        <SectionTitle size="h4" mb="xs">
          {t('items')}
        </SectionTitle>
        {items.map((item, i) => (
          <Fragment key={item.id}>
            {i > 0 && <Divider />}
            <SettingRow
              label={item.label}
              checked={itemEnabled(value, item.id)}
              onChange={(on) => save.mutate(toggleItem(value, item.id, on))}
              testId={`dashboard-switch-${item.id}`}
            />
          </Fragment>
        ))}
      </Card>
    </>
  );
}
