import { Tabs } from '@mantine/core';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { ALL_NAMESPACES } from '@/i18n/resources';
import { hasAllRights } from '@/lib/rights';
import { STATISTICS_TABS } from './tabs';

/** /statistics: the title, the tab bar of STATISTICS_TABS and the open tab (STAT-001). */
export function StatisticsPage() {
  const { t } = useTranslation('statistics');
  const all = useTranslation(ALL_NAMESPACES).t;
  const me = useMe().data;
  const navigate = useNavigate();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const active = STATISTICS_TABS.find((tab) => path === tab.to || path.startsWith(`${tab.to}/`))?.id ?? STATISTICS_TABS[0]?.id;
  const activeTab = STATISTICS_TABS.find((tab) => tab.id === active);
  return (
    <>
      <PageHeader title={t('title')} documentTitle={activeTab ? `${all(activeTab.label)} · ${t('title')}` : t('title')} />
      <Tabs
        value={active}
        onChange={(v) => {
          const tab = STATISTICS_TABS.find((x) => x.id === v);
          if (tab) void navigate({ to: tab.to });
        }}
        mb="md"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabs.label')} data-testid="statistics-tabs">
          {STATISTICS_TABS.map((tab) => (
            <Tabs.Tab key={tab.id} value={tab.id} disabled={!!tab.disabledWithout && !hasAllRights(me, tab.disabledWithout)} data-testid={`tab-${tab.id}`}>
              {all(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
