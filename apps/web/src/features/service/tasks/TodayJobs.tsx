import { Badge, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '@/components/SectionTitle';
import { usePlanningList } from '../api';
import { TaskCard } from '../ui/TaskCard';

/**
 * The top of a technician's /home (issue 20 item 8): the accepted jobs planned for today, in the order of their start
 * (the same list and device copy as /tasks, so it also shows offline), with the way to all tasks.
 */
export function TodayJobs() {
  const { t } = useTranslation('service');
  const list = usePlanningList('accepted');
  const today = (list.data?.result ?? []).filter((p) => p.aktiv && dayjs(p.beginnDatum).isSame(dayjs(), 'day'));
  return (
    <Card padding="lg" data-testid="home-today">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs">
          <SectionTitle size="h4">{t('home.today')}</SectionTitle>
          {today.length > 0 && <Badge>{today.length}</Badge>}
        </Group>
        <Button component={Link} to="/tasks" variant="subtle" size="xs" rightSection={<IconChevronRight size={14} />}>
          {t('home.allTasks')}
        </Button>
      </Group>
      {list.isLoading ? null : today.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('home.todayNone')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {today.map((p) => (
            <TaskCard key={p.id} p={p} to={`/tasks/${p.serviceAuftragId}`} testId="home-today-card" />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
