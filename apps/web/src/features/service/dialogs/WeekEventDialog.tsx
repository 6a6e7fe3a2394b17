import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { ServicePlanung } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../ui/StatusBadge';
import { planningSpan } from '../ui/TaskCard';

/** A task of the week, read-only, with the action to open it (SVC-007). */
export function WeekEventDialog({ event, onClose }: { event: ServicePlanung | null; onClose: () => void }) {
  const { t } = useTranslation(['service', 'app']);
  const navigate = useNavigate();
  const p = event;
  return (
    <Modal opened={!!p} onClose={onClose} title={p ? t('calendar.eventTitle', { nr: p.auftragsnummer ?? p.serviceAuftragId }) : ''} size="40rem" centered>
      {p && (
        <Stack gap="sm" data-testid="week-event">
          <Group gap="xs">
            <StatusBadge status={p.auftragsstatus} art="A" />
            <StatusBadge status={p.materialstatus} art="M" size="md" />
          </Group>
          <Text fw={600}>{p.titel}</Text>
          <Text size="sm">{planningSpan(p)}</Text>
          {(p.adresseName || p.ort) && <Text size="sm">{[p.adresseName, p.strasse, [p.plz, p.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</Text>}
          {(p.assetNr || p.assetBezeichnung) && (
            <Text size="sm" c="dimmed">
              {t('task.asset')}: {[p.assetNr, p.assetBezeichnung].filter(Boolean).join(' – ')}
            </Text>
          )}
          {p.auftragsbeschreibung && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {p.auftragsbeschreibung}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" size="md" onClick={onClose}>
              {t('app:common.close')}
            </Button>
            <Button
              size="md"
              leftSection={<IconExternalLink size={18} />}
              onClick={() => void navigate({ href: p.angenommenDatum ? `/tasks/${p.serviceAuftragId}` : `/planning/${p.id}` })}
              data-testid="week-event-open"
            >
              {t('calendar.openTask')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
