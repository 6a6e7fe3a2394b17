import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Pickliste } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { useStorageRegion } from '@/app/layout/use-storage-region';
import { PageHeader } from '@/components/PageHeader';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatDateTime } from '@/lib/format';
import { openPicklist, picklistKeys, unlockPicklist, usePicklists } from './api';
import { playSound } from './sounds';

const ALL = 'all';

/**
 * /digitalPicklist (PICK-001, PICK-002, PICK-008): the open lists of the chosen storage region, filtered by warehouse;
 * a locked list is marked with an asterisk and a lock icon and offers unlock, an unlocked one lock.
 */
export function PicklistIndexPage() {
  const { t } = useTranslation('picklist');
  const { region } = useStorageRegion();
  const warehouses = (useBasisdaten().data?.lager ?? []).filter((l) => l.lagerkreisId === region?.id);
  const [choice, setChoice] = useState<string>(ALL);
  const lagerId = choice !== ALL && warehouses.some((w) => String(w.id) === choice) ? Number(choice) : null;
  const filter = lagerId ? { lagerId } : region ? { lagerkreisId: region.id } : null;
  const lists = usePicklists(filter);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (p: Pickliste, lock: boolean) => {
    setBusy(p.lfdNr);
    try {
      if (lock) await openPicklist(p.lfdNr);
      else await unlockPicklist(p.lfdNr);
      notifySuccess(t(lock ? 'locked' : 'unlocked', { nr: p.lfdNr }));
    } catch (e) {
      playSound('negative');
      handleApiError(e);
    } finally {
      setBusy(null);
      await qc.invalidateQueries({ queryKey: picklistKeys.all });
    }
  };

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Stack gap="md">
        {region ? (
          <Select
            label={t('warehouse')}
            data={[
              { value: ALL, label: t('wholeRegion', { name: region.name }) },
              ...warehouses.map((w) => ({ value: String(w.id), label: w.kurzbezeichnung })),
            ]}
            value={choice}
            onChange={(v) => setChoice(v ?? ALL)}
            allowDeselect={false}
            maw={420}
            data-testid="picklist-warehouse"
          />
        ) : (
          <Alert color="gray">{t('noRegion')}</Alert>
        )}
        {lists.data && lists.data.length === 0 && (
          <Text c="dimmed" data-testid="picklist-empty">
            {t('empty')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {(lists.data ?? []).map((p) => {
            const locked = p.gesperrtSeit !== null;
            return (
              <Card key={p.lfdNr} withBorder radius="md" padding="md" data-testid={`picklist-${p.lfdNr}`} data-locked={locked || undefined}>
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  <Text fw={600} size="lg">
                    {t('list', { nr: p.lfdNr })}
                    {locked && (
                      <Text span c="var(--mantine-color-red-text)" fw={700} aria-label={t('lockedMark')} data-testid="picklist-asterisk">
                        {' *'}
                      </Text>
                    )}
                  </Text>
                  {locked && <IconLock size={20} aria-label={t('lockedMark')} color="var(--mantine-color-red-text)" data-testid="picklist-lock-icon" />}
                </Group>
                <Text size="sm">{t('order', { nr: p.belegnummer })}</Text>
                <Text size="sm" c="dimmed">
                  {p.lagerNr} · {t('created', { at: formatDateTime(p.angelegtAm) })}
                  {p.wagenNr ? ` · ${t('cart', { nr: p.wagenNr })}` : ''}
                </Text>
                <Badge mt="xs" variant="light" color={p.offenePositionen ? 'blue' : 'green'}>
                  {t('lines', { open: p.offenePositionen, total: p.positionen })}
                </Badge>
                {locked && (
                  <Text size="sm" c="var(--mantine-color-red-text)" mt="xs" data-testid="picklist-locked-by">
                    {t('lockedBy', { name: p.gesperrtVonBenutzer ?? '', since: formatDateTime(p.gesperrtSeit) })}
                  </Text>
                )}
                <Group mt="md" gap="xs">
                  <Button
                    onClick={() => void navigate({ to: '/digitalPicklist/$id', params: { id: String(p.lfdNr) }, search: { lagerId: p.lagerId } })}
                    size="md"
                    leftSection={<IconPlayerPlay size={16} />}
                    data-testid="picklist-open"
                  >
                    {t('open')}
                  </Button>
                  {locked ? (
                    <Button
                      variant="default"
                      size="md"
                      leftSection={<IconLockOpen size={16} />}
                      loading={busy === p.lfdNr}
                      onClick={() => void act(p, false)}
                      data-testid="picklist-unlock"
                    >
                      {t('unlock')}
                    </Button>
                  ) : (
                    <Button
                      variant="default"
                      size="md"
                      leftSection={<IconLock size={16} />}
                      loading={busy === p.lfdNr}
                      onClick={() => void act(p, true)}
                      data-testid="picklist-lock"
                    >
                      {t('lock')}
                    </Button>
                  )}
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
    </>
  );
}
