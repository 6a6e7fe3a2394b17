import { Alert, Anchor, Button, Group, Menu, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconCalendarPlus,
  IconCar,
  IconCheck,
  IconClockPlay,
  IconClockPlus,
  IconClockStop,
  IconDots,
  IconHistory,
  IconLogout,
  IconMapPin,
  IconPhoneCheck,
  IconPlayerPause,
  IconPlus,
  IconSignature,
  IconX,
} from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { ServiceMaterial } from '@vario/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten, useMe } from '@/app/auth/session';
import { confirmDialog } from '@/components/dialogs/confirm';
import { PageHeader } from '@/components/PageHeader';
import { isNotFoundError, RecordNotFound } from '@/components/record-page/RecordNotFound';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatDateTime, formatTime } from '@/lib/format';
import { sendServiceStep, useActiveTimer, useTask } from '../api';
import { AdditionalWorkDialog } from '../dialogs/AdditionalWorkDialog';
import { ArrivalDialog } from '../dialogs/ArrivalDialog';
import { CalendarEntryDialog } from '../dialogs/CalendarEntryDialog';
import { MaterialBookingDialog } from '../dialogs/MaterialBookingDialog';
import { RemarkDialog } from '../dialogs/RemarkDialog';
import { ServiceTimeDialog } from '../dialogs/ServiceTimeDialog';
import { SubsequentBookingDialog } from '../dialogs/SubsequentBookingDialog';
import { SuspendDialog } from '../dialogs/SuspendDialog';
import { TravelStartDialog } from '../dialogs/TravelStartDialog';
import { canArrive, canBookMaterial, canBookTime, canStartTravel, type JourneyStep, nextStep } from '../rules';
import { BottomBar } from '../ui/BottomBar';
import { ContactLinks } from '../ui/ContactLinks';
import { StatusBadge } from '../ui/StatusBadge';
import classes from '../ui/service.module.css';
import { planningSpan } from '../ui/TaskCard';
import { activePlanning } from './active-planning';
import { Field, MaterialLine, Section, TimesList, WorkList } from './sections';

type Dialog =
  | { kind: 'travelStart' | 'arrival' | 'serviceTime' | 'abort' | 'endDuty' | 'phone' | 'suspend' | 'subsequent' | 'calendar' }
  | { kind: 'work'; entryId: number | null }
  | { kind: 'material' | 'return'; line: ServiceMaterial };

const STEP_ICON: Record<JourneyStep, ReactNode> = {
  accept: <IconCheck size={22} />,
  travelStart: <IconCar size={22} />,
  arrival: <IconMapPin size={22} />,
  work: <IconClockPlus size={22} />,
  complete: <IconSignature size={22} />,
};

/**
 * /tasks/$id: the task with its asset, site, tappable contacts, material, additional work and times; the journey's next
 * step as the big button at the bottom, every other action of §2 in the menu beside it (SVC-004, SVC-006, SVC-019..025).
 */
export function TaskDetailPage() {
  const { t } = useTranslation(['service', 'app']);
  const { id: idParam } = useParams({ strict: false }) as { id: string };
  const id = /^[1-9]\d*$/.test(idParam) ? Number(idParam) : null;
  const navigate = useNavigate();
  const me = useMe().data;
  const base = useBasisdaten().data;
  const q = useTask(id);
  const timer = useActiveTimer();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const close = () => setDialog(null);
  const back = { to: '/tasks', label: t('tasks.back') };

  if (!id || isNotFoundError(q.error)) return <RecordNotFound back={back} />;
  const task = q.data;
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

  const p = activePlanning(task.planungen, me);
  const mine = !!p && !!me?.techniker && p.technikerId === me.techniker.id;
  const closed = !!task.abgeschlossenAm;
  const hasTime = task.gebrauchteZeit > 0 || task.zeiten.length > 0;
  const step: JourneyStep | null = closed ? 'complete' : p && mine ? nextStep(p, hasTime) : null;
  const timerHere = timer.data && p && timer.data.planungId === p.id ? timer.data : null;
  const planungId = p?.id ?? 0;

  const run = async (key: string, send: () => Promise<unknown>, done?: string) => {
    setBusy(key);
    try {
      await send();
      if (done) notifySuccess(done);
    } catch (e) {
      handleApiError(e, { action: 'save' });
    } finally {
      setBusy(null);
    }
  };

  const accept = () => run('accept', () => sendServiceStep('annehmen', { planungId }, {}), t('planning.accepted'));
  const startTimer = async () => {
    // one automatic recording at a time: a running one elsewhere is cancelled only when the technician says so (SVC-025)
    const other = timer.data && timer.data.planungId !== planungId ? timer.data : null;
    if (
      other &&
      !(await confirmDialog({
        title: t('dialog.timerActiveTitle'),
        message: t('dialog.timerActive', { time: formatDateTime(other.von) }),
        confirmLabel: t('dialog.timerCancelStart'),
      }))
    )
      return;
    await run('timer', () => sendServiceStep('zeitStart', { planungId }, other ? { abbrechen: true } : {}), t('dialog.timerStarted'));
  };
  const stopTimer = () => run('timer', () => sendServiceStep('zeitStopp', { planungId }, {}), t('dialog.timerStopped'));

  const primary = () => {
    if (step === 'accept') return void accept();
    if (step === 'travelStart') return setDialog({ kind: 'travelStart' });
    if (step === 'arrival') return setDialog({ kind: 'arrival' });
    if (step === 'work') return setDialog({ kind: 'serviceTime' });
    if (step === 'complete') return void navigate({ to: '/tasks/$id/complete', params: { id: String(task.id) } });
  };

  const journeyOpen = !!p && mine && !closed;
  const menuItems: { id: string; label: string; icon: ReactNode; onClick: () => void; show: boolean; color?: string }[] = [
    {
      id: 'serviceTime',
      label: t('action.serviceTime'),
      icon: <IconClockPlus size={20} />,
      onClick: () => setDialog({ kind: 'serviceTime' }),
      show: journeyOpen && canBookTime(p),
    },
    {
      id: 'timeStart',
      label: t('action.timeStart'),
      icon: <IconClockPlay size={20} />,
      onClick: () => void startTimer(),
      show: journeyOpen && canBookTime(p) && !timerHere,
    },
    { id: 'timeStop', label: t('action.timeStop'), icon: <IconClockStop size={20} />, onClick: () => void stopTimer(), show: journeyOpen && !!timerHere },
    {
      id: 'additionalWork',
      label: t('action.additionalWork'),
      icon: <IconPlus size={20} />,
      onClick: () => setDialog({ kind: 'work', entryId: null }),
      show: journeyOpen,
    },
    {
      id: 'phone',
      label: t('action.phoneCompleted'),
      icon: <IconPhoneCheck size={20} />,
      onClick: () => setDialog({ kind: 'phone' }),
      show: journeyOpen && !!p?.angenommenDatum && !p.vorOrtDatum,
    },
    {
      id: 'suspend',
      label: t('action.suspend'),
      icon: <IconPlayerPause size={20} />,
      onClick: () => setDialog({ kind: 'suspend' }),
      show: journeyOpen && !!p?.angenommenDatum,
    },
    {
      id: 'endDuty',
      label: t('action.endDuty'),
      icon: <IconLogout size={20} />,
      onClick: () => setDialog({ kind: 'endDuty' }),
      show: journeyOpen && !!p?.angenommenDatum,
    },
    {
      id: 'subsequent',
      label: t('action.subsequentBooking'),
      icon: <IconHistory size={20} />,
      onClick: () => setDialog({ kind: 'subsequent' }),
      show: !!me?.techniker,
    },
    {
      id: 'calendar',
      label: t('action.calendarEntry'),
      icon: <IconCalendarPlus size={20} />,
      onClick: () => setDialog({ kind: 'calendar' }),
      show: !!me?.techniker,
    },
    {
      id: 'abort',
      label: t('action.abort'),
      icon: <IconX size={20} />,
      onClick: () => setDialog({ kind: 'abort' }),
      show: journeyOpen && !!p?.angenommenDatum,
      color: 'red',
    },
  ];
  const orderType = base?.serviceAuftragsarten.find((a) => a.id === task.auftragsartId)?.bezeichnung;
  const billingType = base?.serviceAbrechnungsarten.find((a) => a.id === task.abrechnungsartId)?.bezeichnung;
  const site = [task.standortName, task.standortStrasse, [task.standortPlz, task.standortOrt].filter(Boolean).join(' ')].filter(Boolean);
  const address = task.adresse
    ? [task.adresse.name1, task.adresse.strasse, [task.adresse.plz, task.adresse.ort].filter(Boolean).join(' ')].filter(Boolean)
    : [];
  const place = site.length ? site : address;
  const workEntry = dialog?.kind === 'work' && dialog.entryId ? (task.mehraufwaende.find((w) => w.id === dialog.entryId) ?? null) : null;

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

        <Section title={t('task.schedule')} testId="schedule-section">
          <Stack gap="xs">
            {p && <Field label={t('task.schedule')}>{planningSpan(p)}</Field>}
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              <Field label={t('task.acceptedAt')} testId="accepted-at">
                {formatDateTime(p?.angenommenDatum) || '–'}
              </Field>
              <Field label={t('task.travelStarted')} testId="travel-at">
                {formatDateTime(p?.reisebeginnDatum) || '–'}
              </Field>
              <Field label={t('task.arrived')} testId="arrived-at">
                {formatDateTime(p?.vorOrtDatum) || '–'}
                {p?.strecke !== null && p?.strecke !== undefined ? ` · ${p.strecke} km` : ''}
              </Field>
            </SimpleGrid>
          </Stack>
        </Section>

        <Section title={t('task.address')}>
          <Stack gap="xs">
            {place.length > 0 && (
              <Anchor
                href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(place.join(', '))}`}
                target="_blank"
                rel="noreferrer"
                className={classes.telLink}
                aria-label={`${t('task.openMap')}: ${place.join(', ')}`}
              >
                <IconMapPin size={20} aria-hidden />
                <span>{place.join(', ')}</span>
              </Anchor>
            )}
            {task.asset && (
              <Field label={t('task.asset')} testId="task-asset">
                {task.asset.assetnummer} – {task.asset.bezeichnung}
                {task.asset.seriennummer ? ` (${task.asset.seriennummer})` : ''}
              </Field>
            )}
            <SimpleGrid cols={2} spacing="xs">
              {orderType && <Field label={t('task.orderType')}>{orderType}</Field>}
              {billingType && <Field label={t('task.billingType')}>{billingType}</Field>}
              {task.extReferenz && <Field label={t('task.extReference')}>{task.extReferenz}</Field>}
              {task.kundenauftragskennzeichen && <Field label={t('task.customerOrder')}>{task.kundenauftragskennzeichen}</Field>}
            </SimpleGrid>
          </Stack>
        </Section>

        <Section title={t('task.contacts')} testId="contacts-section">
          {task.stoermelderName && (
            <Text size="sm" mb="xs">
              {task.stoermelderName}
            </Text>
          )}
          <ContactLinks contacts={task} />
        </Section>

        {task.auftragsbeschreibung && (
          <Section title={t('task.description')}>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{task.auftragsbeschreibung}</Text>
          </Section>
        )}

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
                  canBook={journeyOpen && canBookMaterial(p)}
                  onBook={() => setDialog({ kind: 'material', line })}
                  onReturn={() => setDialog({ kind: 'return', line })}
                />
              ))}
            </Stack>
          )}
        </Section>

        <WorkList
          task={task}
          canAdd={journeyOpen}
          onAdd={() => setDialog({ kind: 'work', entryId: null })}
          onEdit={(entryId) => setDialog({ kind: 'work', entryId })}
        />
        <TimesList task={task} />
      </Stack>

      {(step || menuItems.some((m) => m.show)) && (
        <BottomBar>
          {step && (
            <Button
              size="lg"
              style={{ flex: 1 }}
              leftSection={STEP_ICON[step]}
              onClick={primary}
              loading={busy === 'accept'}
              data-testid="journey-next"
              data-step={step}
            >
              {closed ? t('complete.report') : t(`step.${step}`)}
            </Button>
          )}
          {menuItems.some((m) => m.show) && (
            <Menu position="top-end" withinPortal shadow="md" width={280}>
              <Menu.Target>
                <Button
                  size="lg"
                  variant="default"
                  px="md"
                  aria-label={t('task.more')}
                  loading={busy === 'timer'}
                  data-testid="task-more"
                  style={step ? undefined : { flex: 1 }}
                >
                  <IconDots size={22} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {menuItems
                  .filter((m) => m.show)
                  .map((m) => (
                    <Menu.Item key={m.id} leftSection={m.icon} onClick={m.onClick} color={m.color} mih={48} data-testid={`action-${m.id}`}>
                      {m.label}
                    </Menu.Item>
                  ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </BottomBar>
      )}

      {p && (
        <>
          <TravelStartDialog opened={dialog?.kind === 'travelStart' && canStartTravel(p)} onClose={close} planungId={p.id} />
          <ArrivalDialog opened={dialog?.kind === 'arrival' && canArrive(p)} onClose={close} planungId={p.id} />
          <ServiceTimeDialog opened={dialog?.kind === 'serviceTime'} onClose={close} planungId={p.id} vorOrtDatum={p.vorOrtDatum} />
          <RemarkDialog
            opened={dialog?.kind === 'abort'}
            onClose={close}
            title={t('dialog.abortTitle')}
            art="zurueckgeben"
            ids={{ planungId: p.id }}
            required
            submitLabel={t('action.abort')}
            doneText={t('dialog.abortDone')}
            onDone={() => void navigate({ to: '/tasks' })}
          />
          <RemarkDialog
            opened={dialog?.kind === 'endDuty'}
            onClose={close}
            title={t('dialog.endDutyTitle')}
            art="dienstende"
            ids={{ planungId: p.id }}
            required={false}
            submitLabel={t('action.endDuty')}
            doneText={t('dialog.endDutyDone')}
          />
          <RemarkDialog
            opened={dialog?.kind === 'phone'}
            onClose={close}
            title={t('dialog.phoneTitle')}
            art="telefonischErledigt"
            ids={{ planungId: p.id }}
            required={false}
            submitLabel={t('action.phoneCompleted')}
            doneText={t('dialog.phoneDone')}
            onDone={() => void navigate({ to: '/tasks' })}
          />
          <SuspendDialog opened={dialog?.kind === 'suspend'} onClose={close} planungId={p.id} />
        </>
      )}
      <AdditionalWorkDialog opened={dialog?.kind === 'work'} onClose={close} auftragId={task.id} entry={workEntry} />
      <MaterialBookingDialog
        opened={dialog?.kind === 'material' || dialog?.kind === 'return'}
        onClose={close}
        auftragId={task.id}
        line={dialog?.kind === 'material' || dialog?.kind === 'return' ? (task.material.find((l) => l.id === dialog.line.id) ?? dialog.line) : null}
        mode={dialog?.kind === 'return' ? 'return' : 'booking'}
      />
      <SubsequentBookingDialog opened={dialog?.kind === 'subsequent'} onClose={close} />
      <CalendarEntryDialog opened={dialog?.kind === 'calendar'} onClose={close} />
    </div>
  );
}
