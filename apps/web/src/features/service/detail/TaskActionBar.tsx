import { Button, Menu } from '@mantine/core';
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
  IconSignatureOff,
  IconX,
} from '@tabler/icons-react';
import { endpoints } from '@vario/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAllRights } from '@/lib/rights';
import type { JourneyStep } from '../rules';
import { BottomBar } from '../ui/BottomBar';
import type { TaskDetail } from './use-task-detail';

const STEP_ICON: Record<JourneyStep, ReactNode> = {
  accept: <IconCheck size={22} />,
  travelStart: <IconCar size={22} />,
  arrival: <IconMapPin size={22} />,
  work: <IconClockPlus size={22} />,
  complete: <IconSignature size={22} />,
};

/**
 * The bottom bar of /tasks/$id: the journey's next step as the big button, every other action of §2 in the menu beside
 * it, each shown when the contract's journey table allows it on this visit (SVC-006, SVC-019..025).
 */
export function TaskActionBar({ d }: { d: TaskDetail }) {
  const { t } = useTranslation(['service', 'app']);
  const { step, closed, busy, me, setDialog, may } = d;
  const menuItems: { id: string; label: string; icon: ReactNode; onClick: () => void; show: boolean; color?: string }[] = [
    {
      id: 'serviceTime',
      label: t('action.serviceTime'),
      icon: <IconClockPlus size={20} />,
      onClick: () => setDialog({ kind: 'serviceTime' }),
      show: may('serviceZeit'),
    },
    { id: 'timeStart', label: t('action.timeStart'), icon: <IconClockPlay size={20} />, onClick: () => void d.startTimer(), show: may('zeitStart') },
    { id: 'timeStop', label: t('action.timeStop'), icon: <IconClockStop size={20} />, onClick: () => void d.stopTimer(), show: may('zeitStopp') },
    {
      id: 'additionalWork',
      label: t('action.additionalWork'),
      icon: <IconPlus size={20} />,
      onClick: () => setDialog({ kind: 'work', entryId: null }),
      show: may('mehraufwandNeu'),
    },
    {
      id: 'phone',
      label: t('action.phoneCompleted'),
      icon: <IconPhoneCheck size={20} />,
      onClick: () => setDialog({ kind: 'phone' }),
      show: may('telefonischErledigt'),
    },
    {
      id: 'suspend',
      label: t('action.suspend'),
      icon: <IconPlayerPause size={20} />,
      onClick: () => setDialog({ kind: 'suspend' }),
      show: may('zurueckstellen'),
    },
    { id: 'endDuty', label: t('action.endDuty'), icon: <IconLogout size={20} />, onClick: () => setDialog({ kind: 'endDuty' }), show: may('dienstende') },
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
      // the office (SVC_DISPO): complete without the customer's signature, with a reason
      id: 'completeWithoutSignature',
      label: t('action.completeWithoutSignature'),
      icon: <IconSignatureOff size={20} />,
      onClick: () => setDialog({ kind: 'officeComplete' }),
      show: !closed && !!d.task && !d.task.hatUnterschrift && hasAllRights(me, endpoints.serviceAbschlussOhneUnterschrift.rights),
    },
    { id: 'abort', label: t('action.abort'), icon: <IconX size={20} />, onClick: () => setDialog({ kind: 'abort' }), show: may('zurueckgeben'), color: 'red' },
  ];
  const shown = menuItems.filter((m) => m.show);
  if (!step && shown.length === 0) return null;

  return (
    <BottomBar>
      {step && (
        <Button
          size="lg"
          style={{ flex: 1 }}
          leftSection={STEP_ICON[step]}
          onClick={d.primary}
          loading={busy === 'accept'}
          data-testid="journey-next"
          data-step={step}
        >
          {closed ? t('complete.report') : t(`step.${step}`)}
        </Button>
      )}
      {shown.length > 0 && (
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
            {shown.map((m) => (
              <Menu.Item key={m.id} leftSection={m.icon} onClick={m.onClick} color={m.color} mih={48} data-testid={`action-${m.id}`}>
                {m.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </BottomBar>
  );
}
