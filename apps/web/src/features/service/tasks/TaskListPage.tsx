import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconCalendarWeek, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { ExportButton } from '@/components/data-grid/ExportButton';
import { shownColumns } from '@/components/data-grid/export-list';
import { useKeptScroll } from '@/components/data-grid/keep-alive';
import { PageHeader } from '@/components/PageHeader';
import { PLANNING_FILTER, PLANNING_ORDER, usePlanningList } from '../api';
import { useServiceExportColumns } from '../export-columns';
import { ListState } from '../ui/ListState';
import { NoTechnician } from '../ui/NoTechnician';
import classes from '../ui/service.module.css';
import { TaskCard } from '../ui/TaskCard';

/**
 * /tasks: the technician's accepted tasks as cards, in the order of their start (SVC-002, SVC-063). Kept alive
 * (APP-067): back from a task it shows at the scroll position it was left at; "Exportieren" downloads the list as CSV.
 */
export function TaskListPage() {
  const { t } = useTranslation('service');
  const me = useMe().data;
  const list = usePlanningList('accepted');
  const rows = list.data?.result ?? [];
  useKeptScroll('service|tasks', rows.length > 0);
  const exportColumns = useServiceExportColumns().planning;
  return (
    <div className={classes.narrow}>
      <PageHeader
        title={t('tasks.title')}
        subtitle={list.data ? t('tasks.count', { count: list.data.resultCount ?? rows.length }) : t('tasks.subtitle')}
        actions={
          <Group gap="xs">
            <Button variant="default" size="md" onClick={() => void list.refetch()} loading={list.isFetching} aria-label={t('refresh')} px="sm">
              <IconRefresh size={20} />
            </Button>
            <ExportButton
              size="md"
              endpoint="servicePlanungExport"
              query={() => ({ filter: PLANNING_FILTER.accepted, orderBy: PLANNING_ORDER })}
              columns={() => shownColumns(exportColumns.filter((c) => !c.hide))}
            />
            <Button component={Link} to="/tasks/calendar" size="md" variant="light" leftSection={<IconCalendarWeek size={20} />} data-testid="tasks-calendar">
              {t('tasks.calendar')}
            </Button>
          </Group>
        }
      />
      {me && !me.techniker ? (
        <NoTechnician />
      ) : (
        <ListState loading={list.isLoading} empty={rows.length === 0} emptyText={t('tasks.empty')}>
          <SimpleGrid cols={1} spacing="sm" data-testid="task-list">
            {rows.map((p) => (
              <TaskCard key={p.id} p={p} to={`/tasks/${p.serviceAuftragId}`} testId="task-card" />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="sm" ta="center">
            {t('tasks.subtitle')}
          </Text>
        </ListState>
      )}
    </div>
  );
}
