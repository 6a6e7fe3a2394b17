import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AdditionalWorkDialog } from '../dialogs/AdditionalWorkDialog';
import { ArrivalDialog } from '../dialogs/ArrivalDialog';
import { CalendarEntryDialog } from '../dialogs/CalendarEntryDialog';
import { MaterialBookingDialog } from '../dialogs/MaterialBookingDialog';
import { OfficeCompleteDialog } from '../dialogs/OfficeCompleteDialog';
import { RemarkDialog } from '../dialogs/RemarkDialog';
import { ServiceTimeDialog } from '../dialogs/ServiceTimeDialog';
import { SubsequentBookingDialog } from '../dialogs/SubsequentBookingDialog';
import { SuspendDialog } from '../dialogs/SuspendDialog';
import { TravelStartDialog } from '../dialogs/TravelStartDialog';
import type { TaskDetail } from './use-task-detail';

/** The dialogs of /tasks/$id (SVC-006): the one `d.dialog` names is open. */
export function TaskDialogs({ d }: { d: TaskDetail }) {
  const { t } = useTranslation(['service', 'app']);
  const navigate = useNavigate();
  const { task, p, dialog, close } = d;
  if (!task) return null;
  const workEntry = dialog?.kind === 'work' && dialog.entryId ? (d.work?.find((w) => w.id === dialog.entryId) ?? null) : null;
  const toTasks = () => void navigate({ to: '/tasks' });

  return (
    <>
      {p && (
        <>
          <TravelStartDialog opened={dialog?.kind === 'travelStart' && d.allowed('reisebeginn')} onClose={close} planungId={p.id} />
          <ArrivalDialog opened={dialog?.kind === 'arrival' && d.allowed('ankunft')} onClose={close} planungId={p.id} />
          <ArrivalDialog opened={dialog?.kind === 'arrivalCorrect' && d.may('ankunftKorrigieren')} onClose={close} planungId={p.id} bookedAt={p.vorOrtDatum} />
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
            onDone={toTasks}
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
            onDone={toTasks}
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
      <OfficeCompleteDialog opened={dialog?.kind === 'officeComplete'} onClose={close} auftragId={task.id} />
      <SubsequentBookingDialog opened={dialog?.kind === 'subsequent'} onClose={close} />
      <CalendarEntryDialog opened={dialog?.kind === 'calendar'} onClose={close} />
    </>
  );
}
