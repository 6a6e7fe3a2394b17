import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { RecordNotFound } from '@/components/record-page/RecordNotFound';
import { formatTime } from '@/lib/format';
import { StatusBadge } from '../ui/StatusBadge';
import classes from '../ui/service.module.css';
import { MaterialLine, Section, TimesList, WorkList } from './sections';
import { TaskActionBar } from './TaskActionBar';
import { TaskDialogs } from './TaskDialogs';
import { ContactSections, PlaceSection, ScheduleSection } from './TaskOverview';
import { useTaskDetail } from './use-task-detail';

/**
 * /tasks/$id: the task with its asset, site, tappable contacts, material, additional work and times; the journey's next
 * step as the big button at the bottom, every other action of §2 in the menu beside it (SVC-004, SVC-006, SVC-019..025).
 * Data and actions: use-task-detail.ts; the bar: TaskActionBar.tsx; the dialogs: TaskDialogs.tsx.
 */
export function TaskDetailPage() {
  const { t } = useTranslation(['service', 'app']);
  const d = useTaskDetail();
  const { task, shown, timerHere, setDialog, back } = d;

  if (d.notFound) return <RecordNotFound back={back} />;
  if (!task)
    return (
      <div className={classes.narrow}>
        <PageHeader title={t('task.documentTitle', { nr: '' })} back={back} />
        <Stack>
          <Skeleton h={120} />
          <Skeleton h={200} />
        </Stack>
      </div>
    );

  return (
    <div className={classes.narrow}>
      <PageHeader
        title={t('task.documentTitle', { nr: task.auftragsnummer })}
        documentTitle={t('task.documentTitle', { nr: task.auftragsnummer })}
        subtitle={task.titel ?? task.bezeichnung}
        back={back}
      />
      <Stack gap="md">
        <Group gap="xs">
          <StatusBadge status={task.auftragsstatus} art="A" />
          <StatusBadge status={task.materialstatus} art="M" />
        </Group>
        {timerHere && (
          <Alert color="teal" variant="light" icon={<IconClockPlay size={18} />} data-testid="timer-running">
            {t('task.timerRunning', { time: formatTime(timerHere.von) })}
          </Alert>
        )}
        <ScheduleSection p={shown} onCorrectArrival={d.may('ankunftKorrigieren') ? () => setDialog({ kind: 'arrivalCorrect' }) : undefined} />
        <PlaceSection task={task} />
        <ContactSections task={task} />

        <Section title={t('task.material')} testId="material-section">
          {task.material.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('task.noMaterial')}
            </Text>
          ) : (
            <Stack gap="sm">
              {task.material.map((line) => (
                <MaterialLine
                  key={line.id}
                  line={line}
                  canBook={d.may('materialBuchung')}
                  onBook={() => setDialog({ kind: 'material', line })}
                  onReturn={() => setDialog({ kind: 'return', line })}
                />
              ))}
            </Stack>
          )}
        </Section>

        <WorkList
          entries={d.work}
          canAdd={d.may('mehraufwandNeu')}
          onAdd={() => setDialog({ kind: 'work', entryId: null })}
          onEdit={(entryId) => setDialog({ kind: 'work', entryId })}
        />
        <TimesList task={task} />
      </Stack>

      <TaskActionBar d={d} />
      <TaskDialogs d={d} />
    </div>
  );
}
