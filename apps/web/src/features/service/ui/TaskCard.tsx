import { Card, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ServicePlanung } from '@vario/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '@/lib/format';
import { StatusBadge } from './StatusBadge';
import classes from './service.module.css';

/** The time span of a planning item: "26.11.2026 08:00–10:00", or both dates when it spans days. */
export function planningSpan(p: Pick<ServicePlanung, 'beginnDatum' | 'endeDatum'>) {
  const sameDay = dayjs(p.beginnDatum).isSame(p.endeDatum, 'day');
  return sameDay
    ? `${formatDate(p.beginnDatum)} ${formatTime(p.beginnDatum)}–${formatTime(p.endeDatum)}`
    : `${formatDate(p.beginnDatum)} ${formatTime(p.beginnDatum)} – ${formatDate(p.endeDatum)} ${formatTime(p.endeDatum)}`;
}

/** One task as a large card (phone first): number and status, title, when, where, the asset; the whole card opens it. */
export function TaskCard({ p, to, testId }: { p: ServicePlanung; to: string; testId: string }) {
  const { t } = useTranslation('service');
  const overdue = !p.erledigtDatum && dayjs(p.endeDatum).isBefore(dayjs().startOf('day'));
  const today = dayjs(p.beginnDatum).isSame(dayjs(), 'day');
  return (
    <Card component={Link} to={to} className={classes.card} padding="md" data-testid={testId} data-id={p.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={700} size="lg">
            {p.auftragsnummer ?? `#${p.serviceAuftragId ?? p.id}`}
          </Text>
          <StatusBadge status={p.auftragsstatus} art="A" size="md" />
        </Group>
        <Text fw={600} lineClamp={2}>
          {p.titel ?? p.auftragsbeschreibung ?? ''}
        </Text>
        <Group gap={6} wrap="nowrap">
          <IconClock size={16} aria-hidden />
          <Text size="sm">
            {planningSpan(p)}
            {today ? ` · ${t('tasks.today')}` : overdue ? ` · ${t('tasks.overdue')}` : ''}
          </Text>
        </Group>
        {(p.adresseName || p.ort) && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
            <Text size="sm">
              {[p.adresseName, [p.strasse, [p.plz, p.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(' · ')}
            </Text>
          </Group>
        )}
        {(p.assetBezeichnung || p.assetNr) && (
          <Text size="sm" c="dimmed">
            {t('task.asset')}: {[p.assetNr, p.assetBezeichnung].filter(Boolean).join(' – ')}
          </Text>
        )}
        {p.materialstatus && (
          <Group gap={6}>
            <StatusBadge status={p.materialstatus} art="M" size="sm" />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
