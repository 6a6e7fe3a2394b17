import { ActionIcon, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ServicePlanung } from '@vario/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { formatDate, formatTime } from '@/lib/format';
import { useCalendar, useCalendarTypes } from '../api';
import { type CalendarEntry, CalendarEntryDialog } from '../dialogs/CalendarEntryDialog';
import { WeekEventDialog } from '../dialogs/WeekEventDialog';
import { statusCssColor, taskStatusColor } from '../status-colors';
import classes from '../ui/service.module.css';
import { isoWeek, mondayOf, onDay, weekDays } from './week';

/** /tasks/calendar: the week's accepted tasks and calendar entries (SVC-003); a task opens read-only (SVC-007), an entry to change. */
export function CalendarPage() {
  const { t, i18n } = useTranslation(['service', 'app']);
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { week?: string };
  const monday = mondayOf(search.week ? dayjs(search.week) : dayjs());
  const days = weekDays(monday);
  const cal = useCalendar(days[0] as string, days[6] as string);
  const types = useCalendarTypes().data ?? [];
  const [event, setEvent] = useState<ServicePlanung | null>(null);
  const [entry, setEntry] = useState<{ entry: CalendarEntry | null; day?: string } | null>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const goWeek = (d: dayjs.Dayjs | null) =>
    void navigate({ to: '/tasks/calendar', search: d ? { week: mondayOf(d).format('YYYY-MM-DD') } : {}, replace: true });
  const weekday = (iso: string) => new Intl.DateTimeFormat(i18n.language, { weekday: 'short' }).format(dayjs(iso).toDate());
  const typeName = (id: number) => types.find((k) => k.id === id)?.bezeichnung ?? String(id);
  const typeColor = (id: number) => {
    const farbe = types.find((k) => k.id === id)?.farbe;
    return farbe && /^[a-z]+$/.test(farbe) ? `var(--mantine-color-${farbe}-8)` : 'var(--mantine-color-gray-6)';
  };

  return (
    <>
      <PageHeader
        title={t('calendar.title')}
        subtitle={`${t('calendar.week', { week: isoWeek(monday) })} · ${formatDate(days[0])} – ${formatDate(days[6])}`}
        back={{ to: '/tasks', label: t('tasks.back') }}
        actions={
          <Group gap="xs">
            <ActionIcon variant="default" size={44} onClick={() => goWeek(monday.subtract(7, 'day'))} aria-label={t('calendar.prev')} data-testid="week-prev">
              <IconChevronLeft size={20} />
            </ActionIcon>
            <Button variant="default" size="md" onClick={() => goWeek(null)}>
              {t('calendar.thisWeek')}
            </Button>
            <ActionIcon variant="default" size={44} onClick={() => goWeek(monday.add(7, 'day'))} aria-label={t('calendar.next')} data-testid="week-next">
              <IconChevronRight size={20} />
            </ActionIcon>
            <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEntry({ entry: null })} data-testid="calendar-new-entry">
              {t('calendar.newEntry')}
            </Button>
          </Group>
        }
      />
      {cal.isLoading ? (
        <Skeleton h={300} />
      ) : (
        <div className={classes.weekGrid} data-testid="week-grid">
          {days.map((d) => {
            const tasks = (cal.data?.planungen ?? []).filter((p) => !!p.angenommenDatum && onDay(p.beginnDatum, p.endeDatum, d));
            const entries = (cal.data?.eintraege ?? []).filter((e) => onDay(e.StartDatum, e.EndeDatum, d));
            return (
              <section
                key={d}
                className={classes.dayColumn}
                data-today={d === today || undefined}
                aria-label={`${weekday(d)} ${formatDate(d)}`}
                data-testid={`day-${d}`}
              >
                <Text fw={700} size="sm" mb={6}>
                  {weekday(d)} {formatDate(d)}
                </Text>
                {entries.map((e) => (
                  <button
                    key={`e${e.id}`}
                    type="button"
                    className={classes.event}
                    style={{ '--event-color': typeColor(e.KAL_TYP_ID) } as React.CSSProperties}
                    onClick={() => setEntry({ entry: e })}
                    data-testid="calendar-entry"
                  >
                    <Text size="sm" fw={600}>
                      {typeName(e.KAL_TYP_ID)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {e.Vormittags && e.Nachmittags ? '' : e.Vormittags ? t('calendar.morningShort') : t('calendar.afternoonShort')}
                      {e.Kommentar ? ` ${e.Kommentar}` : ''}
                    </Text>
                  </button>
                ))}
                {tasks.map((p) => (
                  <button
                    key={`p${p.id}`}
                    type="button"
                    className={classes.event}
                    style={{ '--event-color': statusCssColor(taskStatusColor(p.auftragsstatus)) } as React.CSSProperties}
                    onClick={() => setEvent(p)}
                    data-testid="calendar-task"
                  >
                    <Text size="sm" fw={600}>
                      {formatTime(p.beginnDatum)} {p.auftragsnummer}
                    </Text>
                    <Text size="xs" lineClamp={2}>
                      {p.titel ?? p.adresseName}
                    </Text>
                  </button>
                ))}
                {tasks.length === 0 && entries.length === 0 && (
                  <Stack gap={0}>
                    <Text size="xs" c="dimmed">
                      {t('calendar.noEvents')}
                    </Text>
                  </Stack>
                )}
              </section>
            );
          })}
        </div>
      )}
      <WeekEventDialog event={event} onClose={() => setEvent(null)} />
      <CalendarEntryDialog opened={!!entry} onClose={() => setEntry(null)} entry={entry?.entry ?? null} day={entry?.day} />
    </>
  );
}
