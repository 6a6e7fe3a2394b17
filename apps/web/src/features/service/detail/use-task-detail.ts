import { useNavigate, useParams } from '@tanstack/react-router';
import { type ServiceAktionArt, type ServiceMaterial, schrittErlaubt } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { confirmDialog } from '@/components/dialogs/confirm';
import { isNotFoundError } from '@/components/record-page/RecordNotFound';
import { handleApiError } from '@/lib/api/error-handler';
import { formatDateTime } from '@/lib/format';
import { sendServiceStep, stepDone, useActiveTimer, useTask, useWorkEntries } from '../api';
import { type JourneyStep, nextStep } from '../rules';
import { activePlanning, shownPlanning } from './active-planning';

export type TaskDialog =
  | {
      kind:
        | 'travelStart'
        | 'arrival'
        | 'arrivalCorrect'
        | 'serviceTime'
        | 'abort'
        | 'endDuty'
        | 'phone'
        | 'suspend'
        | 'subsequent'
        | 'calendar'
        | 'officeComplete';
    }
  | { kind: 'work'; entryId: number | null }
  | { kind: 'material' | 'return'; line: ServiceMaterial };

/**
 * The data and actions of /tasks/$id: the task, the planning item the technician works on, the journey's next step,
 * which steps the contract's journey table allows now (SVC-019..025), the open dialog and the quick steps (accept,
 * start and stop the time recording).
 */
export function useTaskDetail() {
  const { t } = useTranslation(['service', 'app']);
  const { id: idParam } = useParams({ strict: false }) as { id: string };
  const id = /^[1-9]\d*$/.test(idParam) ? Number(idParam) : null;
  const navigate = useNavigate();
  const me = useMe().data;
  const q = useTask(id);
  const timer = useActiveTimer();
  /** The additional work: its own call (SVC-065), not the task's copy. */
  const work = useWorkEntries(id).data;
  const [dialog, setDialog] = useState<TaskDialog | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const task = q.data;
  const p = task ? activePlanning(task.planungen, me) : null;
  /** The visit whose times the page shows: the active one, or the last one once the task is completed. */
  const shown = task ? shownPlanning(task.planungen, me) : null;
  const mine = !!p && !!me?.techniker && p.technikerId === me.techniker.id;
  const closed = !!task?.abgeschlossenAm;
  const hasTime = !!task && (task.gebrauchteZeit > 0 || task.zeiten.length > 0);
  const step: JourneyStep | null = !task ? null : closed ? 'complete' : p && mine ? nextStep(p, hasTime) : null;
  const timerHere = timer.data && p && timer.data.planungId === p.id ? timer.data : null;
  const planungId = p?.id ?? 0;
  const journeyOpen = !!p && mine && !closed;
  const zustand = p ? { ...p, zeitLaeuft: !!timerHere } : null;
  /** Whether the journey table allows the step on this visit now. */
  const allowed = (art: ServiceAktionArt) => schrittErlaubt(art, zustand);
  /** … and the technician works on it (their own, open visit). */
  const may = (art: ServiceAktionArt) => journeyOpen && allowed(art);

  const run = async (key: string, send: () => Promise<unknown>, done?: string) => {
    setBusy(key);
    try {
      const res = await send();
      if (done) stepDone(res, done);
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
    if (step === 'complete' && task) return void navigate({ to: '/tasks/$id/complete', params: { id: String(task.id) } });
  };

  return {
    id,
    notFound: !id || isNotFoundError(q.error),
    task,
    work,
    me,
    p,
    shown,
    closed,
    step,
    timerHere,
    journeyOpen,
    allowed,
    may,
    dialog,
    setDialog,
    close: () => setDialog(null),
    busy,
    primary,
    startTimer,
    stopTimer,
    back: { to: '/tasks', label: t('tasks.back') },
  };
}

export type TaskDetail = ReturnType<typeof useTaskDetail>;
