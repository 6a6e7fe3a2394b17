import { Button, Group, SimpleGrid } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { ExportButton } from '@/components/data-grid/ExportButton';
import { shownColumns } from '@/components/data-grid/export-list';
import { useKeptScroll } from '@/components/data-grid/keep-alive';
import { PageHeader } from '@/components/PageHeader';
import { PLANNING_FILTER, PLANNING_ORDER, usePlanningList } from '../api';
import { useServiceExportColumns } from '../export-columns';
import { ListState } from '../ui/ListState';
import classes from '../ui/service.module.css';
import { TaskCard } from '../ui/TaskCard';

/**
 * /planning: the open tasks — planning items not yet accepted, in the order of their start (SVC-001). A technician
 * sees their own; an office user with service planning (SVC_DISPO) every technician's. Kept alive (APP-067): back from
 * an item it shows at the scroll position it was left at; "Exportieren" downloads the list as CSV.
 */
export function PlanningListPage() {
  const { t } = useTranslation('service');
  const me = useMe().data;
  const list = usePlanningList('open');
  const rows = list.data?.result ?? [];
  useKeptScroll('service|planning', rows.length > 0);
  const exportColumns = useServiceExportColumns().planning;
  return (
    <div className={classes.narrow}>
      <PageHeader
        title={t('planning.title')}
        subtitle={me?.techniker ? t('planning.subtitle') : t('planning.officeSubtitle')}
        actions={
          <Group gap="xs">
            <Button variant="default" size="md" onClick={() => void list.refetch()} loading={list.isFetching} aria-label={t('refresh')} px="sm">
              <IconRefresh size={20} />
            </Button>
            <ExportButton
              size="md"
              endpoint="servicePlanungExport"
              query={() => ({ filter: PLANNING_FILTER.open, orderBy: PLANNING_ORDER })}
              columns={() => shownColumns(exportColumns.filter((c) => !c.hide))}
            />
          </Group>
        }
      />
      <ListState loading={list.isLoading} empty={rows.length === 0} emptyText={t('planning.empty')}>
        <SimpleGrid cols={1} spacing="sm" data-testid="planning-list">
          {rows.map((p) => (
            <TaskCard key={p.id} p={p} to={`/planning/${p.id}`} testId="planning-card" />
          ))}
        </SimpleGrid>
      </ListState>
    </div>
  );
}
