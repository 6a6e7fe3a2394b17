import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconPackage, IconPencil, IconPlus } from '@tabler/icons-react';
import type { ServiceAuftragDetail, ServiceMaterial, ServiceMehraufwand } from '@vario/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { formatCurrency, formatDateTime, formatDecimal, formatTime } from '@/lib/format';
import { useWorkTypes } from '../api';
import { formatMinutes, MATERIAL_KINDS, notYetTransferred } from '../rules';
import { overEstimate, umlagerungTypKey } from '../status-colors';
import { StatusBadge } from '../ui/StatusBadge';

export function Section({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card padding="md" data-testid={testId}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="md" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/** Estimated and used effort; used time red when above the estimate (SVC-038). */
export function Effort({ task }: { task: Pick<ServiceAuftragDetail, 'aufwandGeschaetzt' | 'gebrauchteZeit'> }) {
  const { t } = useTranslation('service');
  const over = overEstimate(task.gebrauchteZeit, task.aufwandGeschaetzt);
  return (
    <SimpleGrid cols={2} spacing="xs">
      <Field label={t('task.estimated')}>{formatMinutes(task.aufwandGeschaetzt)}</Field>
      <div>
        <Text size="xs" c="dimmed">
          {t('task.used')}
        </Text>
        <Text size="md" fw={over ? 700 : undefined} c={over ? 'red' : undefined} data-testid="used-time" data-over={over || undefined}>
          {formatMinutes(task.gebrauchteZeit)}
          {over && (
            <Text span size="xs" ml={6}>
              ({t('task.overEstimate')})
            </Text>
          )}
        </Text>
      </div>
    </SimpleGrid>
  );
}

const QTY = ['menge', 'mengeUmgelagert', 'mengeBestaetigt', 'mengeNichtGeliefert', ...Object.values(MATERIAL_KINDS)] as const;

/** One material line with every quantity (SVC-012/013), its status and the booking buttons (after arrival, SVC-022). */
export function MaterialLine({ line, canBook, onBook, onReturn }: { line: ServiceMaterial; canBook: boolean; onBook: () => void; onReturn: () => void }) {
  const { t } = useTranslation('service');
  const shown = QTY.filter((k) => k === 'menge' || line[k] !== 0);
  return (
    <Card padding="sm" withBorder data-testid="material-line" data-id={line.id}>
      <Stack gap={6}>
        <div>
          <Text fw={600}>{line.artikelbezeichnung}</Text>
          <Text size="sm" c="dimmed">
            {line.artikelnummer} · {t(umlagerungTypKey(line.umlagerungTyp))}
            {line.empfangLager?.bezeichnung ? ` · ${line.empfangLager.bezeichnung}` : ''}
          </Text>
        </div>
        <Group gap={6}>
          <StatusBadge status={line.materialstatus} art="M" size="md" />
        </Group>
        <Group gap={6}>
          {shown.map((k) => (
            <Badge key={k} variant="light" color="gray" size="lg" radius="sm" styles={{ label: { textTransform: 'none' } }} data-testid={`qty-${k}`}>
              {t(`qty.${k}`)}: {formatDecimal(line[k])} {line.mengeneinheit}
            </Badge>
          ))}
        </Group>
        {notYetTransferred(line) && (
          <Text size="sm" c="orange.9" data-testid="line-not-transferred">
            {t('dialog.notTransferred')}
          </Text>
        )}
        {canBook && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Button size="lg" variant="light" leftSection={<IconPackage size={20} />} onClick={onBook} data-testid="material-book">
              {t('action.materialBooking')}
            </Button>
            <Button size="lg" variant="default" leftSection={<IconArrowBackUp size={20} />} onClick={onReturn} data-testid="material-return">
              {t('action.returnBooking')}
            </Button>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/** Additional work of the task (SVC-015) as read with its own call (SVC-065), with the type's field shown. */
export function WorkList({
  entries,
  onAdd,
  onEdit,
  canAdd,
}: {
  entries: ServiceMehraufwand[] | undefined;
  onAdd: () => void;
  onEdit: (id: number) => void;
  canAdd: boolean;
}) {
  const { t } = useTranslation('service');
  const types = useWorkTypes().data ?? [];
  const billing = useBasisdaten().data?.serviceAbrechnungsarten ?? [];
  return (
    <Section
      title={t('task.additionalWork')}
      testId="work-section"
      action={
        canAdd && (
          <Button size="md" variant="light" leftSection={<IconPlus size={18} />} onClick={onAdd} data-testid="work-add">
            {t('action.additionalWork')}
          </Button>
        )
      }
    >
      {entries === undefined ? (
        <Skeleton h={48} />
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('task.noAdditionalWork')}
        </Text>
      ) : (
        <Stack gap="xs">
          {entries.map((w) => {
            const type = types.find((x) => x.id === w.mehraufwandArtId);
            const value =
              w.typ === 1
                ? `${formatDateTime(w.vonZeitpunkt)}–${formatTime(w.bisZeitpunkt)}`
                : w.typ === 2
                  ? formatCurrency(w.kosten)
                  : `${w.strecke ?? ''} km`;
            return (
              <Group key={w.id} justify="space-between" wrap="nowrap" data-testid="work-entry">
                <div>
                  <Text fw={600}>{type?.bezeichnung ?? w.mehraufwandArtId}</Text>
                  <Text size="sm">
                    {value}
                    {w.abrechnungsartId ? ` · ${billing.find((b) => b.id === w.abrechnungsartId)?.bezeichnung ?? ''}` : ''}
                  </Text>
                  {w.bemerkung && (
                    <Text size="sm" c="dimmed">
                      {w.bemerkung}
                    </Text>
                  )}
                </div>
                {canAdd && (
                  <Button
                    size="md"
                    variant="subtle"
                    px="sm"
                    onClick={() => onEdit(w.id)}
                    aria-label={`${t('action.additionalWork')}: ${type?.bezeichnung ?? ''}`}
                  >
                    <IconPencil size={20} />
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}

/** The time recordings of the task. */
export function TimesList({ task }: { task: ServiceAuftragDetail }) {
  const { t } = useTranslation('service');
  return (
    <Section title={t('task.times')} testId="times-section">
      <Stack gap="sm">
        <Effort task={task} />
        {task.zeiten.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('task.noTimes')}
          </Text>
        ) : (
          task.zeiten.map((z) => (
            <Group key={z.id} justify="space-between" data-testid="time-entry">
              <Text size="sm">
                {formatDateTime(z.von)}–{z.bis ? formatTime(z.bis) : '…'}
              </Text>
              <Text size="sm" fw={600}>
                {z.minuten !== null ? formatMinutes(z.minuten) : '…'}
              </Text>
            </Group>
          ))
        )}
      </Stack>
    </Section>
  );
}
