import { Alert, Button, Card, Group, Modal, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useNetwork } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCloudUpload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { liegtInZukunft, SCHRITT_ZEITFELDER, SERVICE_SCHRITTARTEN, type ServiceAktionArt } from '@vario/contract';
import { useState } from 'react';
import { confirmDialog } from '@/components/dialogs/confirm';
import { PageHeader } from '@/components/PageHeader';
import { i18n } from '@/i18n';
import { notifySuccess, TOAST } from '@/lib/api/error-handler';
import { formatDateTime, formatDecimal } from '@/lib/format';
import type { Conflict, QueuedAction } from './db';
import { heldBack } from './queue';
import { useOfflineT } from './texts';
import { useConflicts, usePendingActions } from './use-service-action';

type T = ReturnType<typeof useOfflineT>;
type Lang = keyof (typeof SERVICE_SCHRITTARTEN)['abschluss']['name'];
/** The step's human name in the UI language (the contract's step kinds table). */
const artLabel = (art: ServiceAktionArt) => {
  const lang = (i18n.language?.slice(0, 2) ?? 'de') as Lang;
  return SERVICE_SCHRITTARTEN[art]?.name[lang] ?? SERVICE_SCHRITTARTEN[art]?.name.de ?? art;
};
const HHMM = /^\d{2}:\d{2}$/;
/** HH:mm of an ISO time in the device's time zone. */
const hhmmOf = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};
/** The ISO time of `iso`'s day at HH:mm (device time zone). */
const atTime = (iso: string, hhmm: string) => {
  const d = new Date(iso);
  d.setHours(Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)), 0, 0);
  return d.toISOString();
};

/** Order number and customer, the article and quantity of a material step: what the step is about. */
function targetOf(t: T, a: QueuedAction): string[] {
  const k = a.kontext ?? {};
  const lines: string[] = [];
  const task = [k.auftragsnummer ? t('order', { nr: k.auftragsnummer }) : null, k.kunde].filter(Boolean).join(' · ');
  if (task) lines.push(task);
  else if (a.label) lines.push(a.label);
  else if (a.planungId ?? a.auftragId) lines.push(t('task', { id: a.planungId ?? a.auftragId }));
  const menge = typeof a.daten.menge === 'number' ? `${formatDecimal(a.daten.menge)}${k.mengeneinheit ? ` ${k.mengeneinheit}` : ''}` : null;
  if (k.artikel || menge)
    lines.push([k.artikel ? `${t('article')}: ${k.artikel}` : null, menge ? `${t('quantity')}: ${menge}` : null].filter(Boolean).join(' — '));
  return lines;
}

function StepLine({ action, t }: { action: QueuedAction; t: T }) {
  return (
    <Stack gap={2}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fw={600} data-testid="step-name">
          {artLabel(action.art)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="step-time">
          {formatDateTime(action.zeitpunkt)}
        </Text>
      </Group>
      {targetOf(t, action).map((line) => (
        <Text key={line} size="sm" c="dimmed" data-testid="step-target">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The conflict's data as editable fields: the step's time (HH:mm on its day, when it has no time field of its own) and
 * its typed times as time fields, quantities as numbers, texts and switches; the signature image stays as it is. The
 * server's field errors mark their fields; a time after now is refused before sending (the contract's tolerance).
 */
function RedoDialog({ conflict, onClose, t }: { conflict: Conflict; onClose: () => void; t: T }) {
  const { redo } = useConflicts();
  const art = conflict.action.art;
  const zeitfelder = SCHRITT_ZEITFELDER[art] ?? [];
  const [daten, setDaten] = useState<Record<string, unknown>>(() => ({ zeitpunkt: conflict.action.zeitpunkt, ...conflict.action.daten }));
  const [errors, setErrors] = useState<Record<string, string | undefined>>(() =>
    Object.fromEntries(Object.entries(conflict.error.fieldErrors ?? {}).map(([k, v]) => [k, v.join(' ')])),
  );
  const [busy, setBusy] = useState(false);
  const zeitpunkt = String(daten.zeitpunkt);
  const fields = Object.entries(daten).filter(([k]) => k !== 'zeitpunkt');
  const set = (k: string, v: unknown) => {
    setDaten((d) => ({ ...d, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  // the shared label of the API field where there is one ("Menge", "Bemerkung"), else the field's name; cannot be typed:
  // the key is a field name of the stored action's data, known only at run time (defaultValue covers a missing one)
  const label = (k: string) => i18n.t(`fields:${k}` as never, { defaultValue: k } as never) as unknown as string;
  /** The device's own check before sending: no typed time and no step time after now. */
  const check = () => {
    const found: Record<string, string> = {};
    if (liegtInZukunft(zeitpunkt)) found.zeitpunkt = t('futureTime');
    for (const k of zeitfelder) {
      const v = daten[k];
      if (typeof v === 'string' && HHMM.test(v) && liegtInZukunft(atTime(zeitpunkt, v))) found[k] = t('futureTime');
      else if (typeof v === 'string' && !HHMM.test(v) && v && liegtInZukunft(v)) found[k] = t('futureTime');
    }
    setErrors((e) => ({ ...e, ...found }));
    return Object.keys(found).length === 0;
  };
  return (
    <Modal opened onClose={onClose} title={t('redoTitle')} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {artLabel(art)} · {formatDateTime(conflict.action.zeitpunkt)}
        </Text>
        {targetOf(t, conflict.action).map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
        <Alert color="red" variant="light" p="xs">
          <Text size="sm">{conflict.error.message}</Text>
        </Alert>
        {!zeitfelder.some((k) => typeof daten[k] === 'string' && HHMM.test(daten[k] as string)) && (
          <TimeInput
            label={t('stepTime')}
            size="md"
            value={hhmmOf(zeitpunkt)}
            onChange={(e) => HHMM.test(e.currentTarget.value) && set('zeitpunkt', atTime(zeitpunkt, e.currentTarget.value))}
            error={errors.zeitpunkt}
            data-testid="redo-field-zeitpunkt"
          />
        )}
        {fields.map(([k, v]) =>
          typeof v === 'boolean' ? (
            <Switch key={k} label={label(k)} checked={v} onChange={(e) => set(k, e.currentTarget.checked)} />
          ) : typeof v === 'number' ? (
            <NumberInput
              key={k}
              label={label(k)}
              size="md"
              value={v}
              decimalSeparator=","
              error={errors[k]}
              data-testid={`redo-field-${k}`}
              onChange={(n) => set(k, typeof n === 'number' ? n : Number(String(n).replace(',', '.')))}
            />
          ) : typeof v === 'string' && k === 'daten' && v.length > 200 ? (
            <Text key={k} size="sm">
              {t('signatureImage')}
            </Text>
          ) : typeof v === 'string' && zeitfelder.includes(k) && HHMM.test(v) ? (
            <TimeInput
              key={k}
              label={label(k)}
              size="md"
              value={v}
              error={errors[k]}
              data-testid={`redo-field-${k}`}
              onChange={(e) => set(k, e.currentTarget.value)}
            />
          ) : typeof v === 'string' || v === null || v === undefined ? (
            <TextInput
              key={k}
              label={label(k)}
              value={(v as string | null) ?? ''}
              error={errors[k]}
              data-testid={`redo-field-${k}`}
              onChange={(e) => set(k, e.currentTarget.value === '' && v === null ? null : e.currentTarget.value)}
            />
          ) : null,
        )}
        <Text size="xs" c="dimmed">
          {t('redoIntro')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            loading={busy}
            leftSection={<IconRefresh size={16} />}
            data-testid="redo-send"
            onClick={async () => {
              if (!check()) return;
              setBusy(true);
              const outcome = await redo(conflict.clientId, daten);
              setBusy(false);
              onClose();
              if (outcome.state === 'sent') notifySuccess(t('redoSent'));
              else if (outcome.state === 'refused')
                notifications.show({ color: 'red', message: t('redoRefused', { message: outcome.conflict.error.message }), autoClose: TOAST.service });
              else notifications.show({ color: 'yellow', message: t('redoQueued'), autoClose: TOAST.success });
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
  const held = heldBack(pending, conflicts);

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
                  {held.has(a.clientId) && (
                    <Text size="sm" c="orange" data-testid="pending-held">
                      {t('held')}
                    </Text>
                  )}
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
                            message: t('discardText', { art: artLabel(c.action.art), time: formatDateTime(c.action.zeitpunkt) }),
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
