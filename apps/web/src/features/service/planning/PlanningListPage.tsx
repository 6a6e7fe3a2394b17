import { Button, SimpleGrid } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { usePlanningList } from '../api';
import { ListState } from '../ui/ListState';
import classes from '../ui/service.module.css';
import { TaskCard } from '../ui/TaskCard';

/**
 * /planning: the open tasks — planning items not yet accepted, in the order of their start (SVC-001). A technician
 * sees their own; an office user with service planning (SVC_DISPO) every technician's.
 */
export function PlanningListPage() {
  const { t } = useTranslation('service');
  const me = useMe().data;
  const list = usePlanningList('open');
  const rows = list.data?.result ?? [];
  return (
    <div className={classes.narrow}>
      <PageHeader
        title={t('planning.title')}
        subtitle={me?.techniker ? t('planning.subtitle') : t('planning.officeSubtitle')}
        actions={
          <Button variant="default" size="md" onClick={() => void list.refetch()} loading={list.isFetching} aria-label={t('refresh')} px="sm">
            <IconRefresh size={20} />
          </Button>
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
