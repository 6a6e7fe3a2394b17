import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { schrittErlaubt } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { isNotFoundError, RecordNotFound } from '@/components/record-page/RecordNotFound';
import { handleApiError } from '@/lib/api/error-handler';
import { formatDateTime } from '@/lib/format';
import { sendServiceStep, stepDone, usePlanning, useTask } from '../api';
import { Effort, Field, Section } from '../detail/sections';
import { RemarkDialog } from '../dialogs/RemarkDialog';
import { BottomBar } from '../ui/BottomBar';
import { ContactLinks } from '../ui/ContactLinks';
import { StatusBadge } from '../ui/StatusBadge';
import classes from '../ui/service.module.css';
import { planningSpan } from '../ui/TaskCard';

/** /planning/$id: an open planning item with its task; the technician accepts it, or rejects it with a remark (SVC-001, SVC-040). */
export function PlanningDetailPage() {
  const { t } = useTranslation(['service', 'app']);
  const { id: idParam } = useParams({ strict: false }) as { id: string };
  const id = /^[1-9]\d*$/.test(idParam) ? Number(idParam) : null;
  const navigate = useNavigate();
  const me = useMe().data;
  const q = usePlanning(id);
  const p = q.data;
  const task = useTask(p?.serviceAuftragId ?? null).data;
  const [rejecting, setRejecting] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const back = { to: '/planning', label: t('planning.back') };

  if (!id || isNotFoundError(q.error)) return <RecordNotFound back={back} />;
  if (!p)
    return (
      <div className={classes.narrow}>
        <PageHeader title={t('planning.detailTitle', { nr: '' })} back={back} />
        <Skeleton h={240} />
      </div>
    );
  const title = t('planning.detailTitle', { nr: p.auftragsnummer ?? p.serviceAuftragId });
  const mine = !!me?.techniker && p.technikerId === me.techniker.id;
  // accept or reject: while the visit is open (the contract's journey table)
  const open = schrittErlaubt('annehmen', p) && !p.abgelehntDatum;

  const accept = async () => {
    setAccepting(true);
    try {
      stepDone(await sendServiceStep('annehmen', { planungId: p.id }, {}), t('planning.accepted'));
      void navigate({ to: '/tasks/$id', params: { id: String(p.serviceAuftragId) } });
    } catch (e) {
      handleApiError(e, { action: 'save' });
    } finally {
      setAccepting(false);
    }
  };

  return (
    <div className={classes.narrow}>
      <PageHeader title={title} subtitle={p.titel ?? task?.bezeichnung} back={back} />
      <Stack gap="md">
        <Group gap="xs">
          <StatusBadge status={p.auftragsstatus} art="A" />
          <StatusBadge status={p.materialstatus} art="M" />
        </Group>
        <Section title={t('task.schedule')}>
          <Stack gap="xs">
            <Field label={t('task.schedule')} testId="planning-span">
              {planningSpan(p)}
            </Field>
            {p.angenommenDatum && <Field label={t('task.acceptedAt')}>{formatDateTime(p.angenommenDatum)}</Field>}
            {(p.adresseName || p.ort) && (
              <Field label={t('task.address')}>{[p.adresseName, p.strasse, [p.plz, p.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</Field>
            )}
            {(p.assetNr || p.assetBezeichnung) && <Field label={t('task.asset')}>{[p.assetNr, p.assetBezeichnung].filter(Boolean).join(' – ')}</Field>}
            <Effort task={{ aufwandGeschaetzt: p.aufwandGeschaetzt, gebrauchteZeit: p.gebrauchteZeit ?? 0 }} />
          </Stack>
        </Section>
        {p.auftragsbeschreibung && (
          <Section title={t('task.description')}>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{p.auftragsbeschreibung}</Text>
          </Section>
        )}
        {task && (
          <Section title={t('task.contacts')}>
            <ContactLinks contacts={task} />
          </Section>
        )}
      </Stack>
      {mine && open && (
        <BottomBar>
          <Button size="lg" variant="default" color="red" leftSection={<IconX size={20} />} onClick={() => setRejecting(true)} data-testid="planning-reject">
            {t('planning.reject')}
          </Button>
          <Button
            size="lg"
            style={{ flex: 1 }}
            leftSection={<IconCheck size={22} />}
            onClick={() => void accept()}
            loading={accepting}
            data-testid="planning-accept"
          >
            {t('planning.accept')}
          </Button>
        </BottomBar>
      )}
      <RemarkDialog
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={t('planning.rejectTitle')}
        art="ablehnen"
        ids={{ planungId: p.id }}
        required
        submitLabel={t('planning.reject')}
        doneText={t('planning.rejected')}
        onDone={() => void navigate({ to: '/planning' })}
      />
    </div>
  );
}
