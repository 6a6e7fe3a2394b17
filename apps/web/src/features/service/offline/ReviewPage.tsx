import { Alert, Button, Card, Group, Modal, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconCloudUpload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDialog } from '@/components/dialogs/confirm';
import { PageHeader } from '@/components/PageHeader';
import { i18n } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import type { Conflict, QueuedAction } from './db';
import { type OfflineKey, useOfflineT } from './texts';
import { useConflicts, usePendingActions } from './use-service-action';

type T = ReturnType<typeof useOfflineT>;
const artLabel = (t: T, art: string) => t(`art_${art}` as OfflineKey);
/** "Einsatz 12" or the label the screen gave the step. */
const targetOf = (t: T, a: QueuedAction) => a.label ?? (a.planungId ? t('task', { id: a.planungId }) : a.auftragId ? t('task', { id: a.auftragId }) : '');

function StepLine({ action, t }: { action: QueuedAction; t: T }) {
  const target = targetOf(t, action);
  return (
    <Stack gap={2}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fw={600}>{artLabel(t, action.art)}</Text>
        <Text size="sm" c="dimmed" data-testid="step-time">
          {formatDateTime(action.zeitpunkt)}
        </Text>
      </Group>
      {target && (
        <Text size="sm" c="dimmed">
          {target}
        </Text>
      )}
    </Stack>
  );
}

/** The conflict's data as editable fields (texts, numbers, switches); the signature image and the time stay as they are. */
function RedoDialog({ conflict, onClose, t }: { conflict: Conflict; onClose: () => void; t: T }) {
  const { redo } = useConflicts();
  const [daten, setDaten] = useState<Record<string, unknown>>(() => ({ ...conflict.action.daten }));
  const [busy, setBusy] = useState(false);
  const fields = Object.entries(daten).filter(([k]) => k !== 'zeitpunkt');
  const set = (k: string, v: unknown) => setDaten((d) => ({ ...d, [k]: v }));
  // the shared label of the API field where there is one ("Menge", "Bemerkung"), else the field's name; cannot be typed:
  // the key is a field name of the stored action's data, known only at run time (defaultValue covers a missing one)
  const label = (k: string) => i18n.t(`fields:${k}` as never, { defaultValue: k } as never) as unknown as string;
  return (
    <Modal opened onClose={onClose} title={t('redoTitle')} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {artLabel(t, conflict.action.art)} · {formatDateTime(conflict.action.zeitpunkt)} — {t('redoIntro')}
        </Text>
        {fields.map(([k, v]) =>
          typeof v === 'boolean' ? (
            <Switch key={k} label={label(k)} checked={v} onChange={(e) => set(k, e.currentTarget.checked)} />
          ) : typeof v === 'number' ? (
            <NumberInput key={k} label={label(k)} value={v} decimalSeparator="," onChange={(n) => set(k, typeof n === 'number' ? n : Number(n))} />
          ) : typeof v === 'string' && k === 'daten' && v.length > 200 ? (
            <Text key={k} size="sm">
              {t('signatureImage')}
            </Text>
          ) : typeof v === 'string' || v === null || v === undefined ? (
            <TextInput
              key={k}
              label={label(k)}
              value={(v as string | null) ?? ''}
              onChange={(e) => set(k, e.currentTarget.value === '' && v === null ? null : e.currentTarget.value)}
            />
          ) : null,
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            loading={busy}
            leftSection={<IconRefresh size={16} />}
            data-testid="redo-send"
            onClick={async () => {
              setBusy(true);
              await redo(conflict.clientId, daten);
              setBusy(false);
              onClose();
            }}
          >
            {t('redo')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /tasks/review: the steps done on this device that the server has not yet, in the order they will be sent, and the
 * ones it refused on replay (task reassigned or cancelled, stock gone …) with the server's reason — to discard or to
 * correct and send again. Nothing typed offline disappears without the technician seeing it here.
 */
export function ReviewPage() {
  const t = useOfflineT();
  const { pending, syncing, sendNow } = usePendingActions();
  const { conflicts, discard } = useConflicts();
  const { online } = useNetwork();
  const [redoing, setRedoing] = useState<Conflict | null>(null);

  return (
    <>
      <PageHeader title={t('reviewTitle')} back={{ to: '/tasks', label: t('backToTasks') }} />
      <Stack gap="xl" maw={720}>
        <Stack gap="sm" component="section" aria-labelledby="review-pending">
          <Group justify="space-between">
            <Title order={2} size="h4" id="review-pending">
              {t('pendingHeading')}
            </Title>
            {pending.length > 0 && (
              <Button size="md" leftSection={<IconCloudUpload size={18} />} loading={syncing} disabled={!online} onClick={() => void sendNow()}>
                {t('sendNow')}
              </Button>
            )}
          </Group>
          {pending.length === 0 ? (
            <Text c="dimmed" data-testid="pending-empty">
              {t('pendingEmpty')}
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t('pendingIntro')}
              </Text>
              {pending.map((a) => (
                <Card key={a.clientId} withBorder padding="sm" data-testid="pending-step">
                  <StepLine action={a} t={t} />
                  {a.attempts > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('attempts', { count: a.attempts })}
                    </Text>
                  )}
                </Card>
              ))}
            </>
          )}
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="review-conflicts">
          <Title order={2} size="h4" id="review-conflicts">
            {t('conflictsHeading')}
          </Title>
          {conflicts.length === 0 ? (
            <Text c="dimmed" data-testid="conflicts-empty">
              {t('conflictsEmpty')}
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t('conflictsIntro')}
              </Text>
              {conflicts.map((c) => (
                <Card key={c.clientId} withBorder padding="sm" data-testid="conflict">
                  <Stack gap="xs">
                    <StepLine action={c.action} t={t} />
                    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('reason')} p="xs">
                      <Text size="sm" data-testid="conflict-reason">
                        {c.error.message}
                      </Text>
                    </Alert>
                    <Group justify="flex-end" gap="xs">
                      <Button
                        variant="default"
                        color="red"
                        size="md"
                        leftSection={<IconTrash size={16} />}
                        data-testid="conflict-discard"
                        onClick={async () => {
                          const ok = await confirmDialog({
                            title: t('discardTitle'),
                            message: t('discardText', { art: artLabel(t, c.action.art), time: formatDateTime(c.action.zeitpunkt) }),
                            confirmLabel: t('discard'),
                            danger: true,
                          });
                          if (ok) await discard(c.clientId);
                        }}
                      >
                        {t('discard')}
                      </Button>
                      <Button size="md" leftSection={<IconRefresh size={16} />} data-testid="conflict-redo" onClick={() => setRedoing(c)}>
                        {t('redo')}
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </>
          )}
        </Stack>
      </Stack>
      {redoing && <RedoDialog conflict={redoing} onClose={() => setRedoing(null)} t={t} />}
    </>
  );
}
