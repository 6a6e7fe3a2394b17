import { ActionIcon, Anchor, Badge, Button, Drawer, Group, Paper, ScrollArea, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconBellOff, IconEdit, IconExternalLink, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { Erinnerung } from '@vario/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reminderTarget } from '@/app/areas';
import { useBasisdaten } from '@/app/auth/session';
import { confirmDialog } from '@/components/dialogs/confirm';
import { notifyBulkDeleteFailed, notifySuccess } from '@/lib/api/error-handler';
import { formatDateTime, relativeDay } from '@/lib/format';
import { useStore } from '@/lib/store';
import { reminderPanelState } from '@/lib/ui-state';
import { useNow } from '@/lib/use-now';
import { isDue, isPast, useDeleteAllReminders, useDeleteReminder, useReminders } from './api';

// the form (date and time pickers, user select) loads when a reminder is first edited or created, not with the app
const ReminderForm = lazy(() => import('./ReminderForm').then((m) => ({ default: m.ReminderForm })));

function ReminderCard({ r, onEdit }: { r: Erinnerung; onEdit: () => void }) {
  const { t } = useTranslation('reminders');
  const now = useNow(30_000);
  const users = useBasisdaten().data?.benutzer ?? [];
  const remove = useDeleteReminder();
  const past = isPast(r, now);
  const due = isDue(r, now);
  const target = reminderTarget(r.tabelle, r.tabelleId);
  const rel = relativeDay(r.erinnerungDatum, now);
  const kuerzel = users.find((u) => u.id === r.benutzerId)?.kuerzel;
  const onDelete = async () => {
    if (!(await confirmDialog({ message: t('deleteOneText'), confirmLabel: t('common.delete'), danger: true }))) return;
    remove.mutate(r.id, { onSuccess: () => notifySuccess(t('notify.deleted')) });
  };
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="reminder-item"
      data-past={past || undefined}
      style={past ? { borderLeft: '3px solid var(--mantine-color-red-6)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text size="xs" fw={600} c={past ? 'red' : 'dimmed'} data-testid="reminder-date-text">
              {formatDateTime(r.erinnerungDatum)}
              {rel && ` · ${t(`relative.${rel.key}`, { count: rel.count })}`}
            </Text>
            {past && (
              <Badge size="xs" color="red" variant="light">
                {t('past')}
              </Badge>
            )}
            {due && (
              <Badge size="xs" color="orange" variant="light">
                {t('due')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c={past ? 'red' : undefined} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="reminder-text">
            {r.bemerkung}
          </Text>
          {kuerzel && (
            <Text size="xs" c="dimmed">
              {t('forUser', { kuerzel })}
            </Text>
          )}
          {target && (
            <Anchor component={Link} to={target} size="xs" onClick={() => reminderPanelState.set(false)}>
              <Group gap={4}>
                <IconExternalLink size={12} />
                {t('openTarget')}
              </Group>
            </Anchor>
          )}
        </Stack>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('common.edit')}>
            <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={t('common.edit')} data-testid="reminder-edit">
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              loading={remove.isPending}
              aria-label={t('common.delete')}
              data-testid="reminder-delete"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/** The memory side panel: list, refresh, create, edit, delete, delete all (REM-001..006). */
export function ReminderPanel() {
  const { t } = useTranslation('reminders');
  const opened = useStore(reminderPanelState);
  const reminders = useReminders();
  const removeAll = useDeleteAllReminders();
  const [editing, setEditing] = useState<Erinnerung | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [formUsed, setFormUsed] = useState(false);
  const list = reminders.data ?? [];
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Leaving the screen (e.g. through the link of a locked-record notice) closes the panel and its form; the panel mounts
  // when first opened, so the path it opened on is not a change.
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (!pathname || pathname === openedOn.current) return;
    openedOn.current = pathname;
    setFormOpen(false);
    reminderPanelState.set(false);
  }, [pathname]);

  const open = (r: Erinnerung | null) => {
    setEditing(r);
    setFormUsed(true);
    setFormOpen(true);
  };
  const deleteAll = async () => {
    const ok = await confirmDialog({
      title: t('deleteAllTitle'),
      message: t('deleteAllText'),
      confirmLabel: t('deleteAll'),
      danger: true,
    });
    if (!ok) return;
    removeAll.mutate(
      list.map((r) => r.id),
      // a failed part says how many could not be deleted, for 7 s (REM-021, HTTP-034)
      { onSuccess: ({ failed }) => (failed ? notifyBulkDeleteFailed(failed) : notifySuccess(t('notify.deleted'))) },
    );
  };

  return (
    <>
      <Drawer
        opened={opened}
        onClose={() => reminderPanelState.set(false)}
        position="right"
        size={400}
        title={
          <Title order={2} size="h4">
            {t('title')}
          </Title>
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
        scrollAreaComponent={ScrollArea.Autosize}
        data-testid="reminder-panel"
      >
        <Group gap="xs" mb="md">
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => open(null)} data-testid="reminder-new">
            {t('new')}
          </Button>
          <Tooltip label={t('common.refresh')}>
            <ActionIcon
              variant="default"
              size="md"
              onClick={() => void reminders.refetch()}
              loading={reminders.isFetching}
              aria-label={t('common.refresh')}
              data-testid="reminder-refresh"
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            ml="auto"
            leftSection={<IconTrash size={14} />}
            onClick={deleteAll}
            disabled={list.length === 0}
            loading={removeAll.isPending}
            data-testid="reminder-delete-all"
          >
            {t('deleteAll')}
          </Button>
        </Group>
        {list.length === 0 && !reminders.isLoading ? (
          <Stack align="center" py="xl" gap="xs" data-testid="reminder-empty">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconBellOff size={24} />
            </ThemeIcon>
            <Text c="dimmed" size="sm">
              {t('none')}
            </Text>
          </Stack>
        ) : (
          <Stack gap="xs">
            {list.map((r) => (
              <ReminderCard key={r.id} r={r} onEdit={() => open(r)} />
            ))}
          </Stack>
        )}
      </Drawer>
      {formUsed && (
        <Suspense fallback={null}>
          <ReminderForm opened={formOpen} reminder={editing} onClose={() => setFormOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
