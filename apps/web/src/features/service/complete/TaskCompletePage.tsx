import { Alert, Button, Code, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCloudOff, IconDeviceFloppy, IconFileTypePdf, IconInfoCircle, IconMail } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { limitProps } from '@/components/form/text-limit';
import { PageHeader } from '@/components/PageHeader';
import { PdfPreviewDialog } from '@/components/pdf-preview';
import { isNotFoundError, RecordNotFound } from '@/components/record-page/RecordNotFound';
import { SignaturePad } from '@/components/signature-pad';
import { MailStates } from '@/features/outbox/MailStates';
import { SendMailDialog } from '@/features/outbox/SendMailDialog';
import { handleApiError, notifyInfo } from '@/lib/api/error-handler';
import { formatDateTime, formatDecimal } from '@/lib/format';
import { loadCompletionReport, QUEUED, sendServiceStep, stepDone, useTask } from '../api';
import { shownPlanning } from '../detail/active-planning';
import { Effort, Field, Section } from '../detail/sections';
import { BottomBar } from '../ui/BottomBar';
import { StatusBadge } from '../ui/StatusBadge';
import classes from '../ui/service.module.css';
import { useStepForm } from '../ui/use-step-form';

/**
 * /tasks/$id/complete: the summary of the visit, the customer's signature (SignaturePad) and the completion report
 * (PDF with the signature, kept with its SHA-256) in the PDF preview (SVC-004).
 */
export function TaskCompletePage() {
  const { t } = useTranslation(['service', 'app']);
  const { id: idParam } = useParams({ strict: false }) as { id: string };
  const id = /^[1-9]\d*$/.test(idParam) ? Number(idParam) : null;
  const me = useMe().data;
  const q = useTask(id);
  const [png, setPng] = useState<string | null>(null);
  const [padKey, setPadKey] = useState(0);
  const [report, setReport] = useState(false);
  const [mail, setMail] = useState(false);
  const { t: to } = useTranslation('outbox');
  const [finishing, setFinishing] = useState(false);
  const form = useStepForm(() => ({ name: '' }));
  const back = { to: id ? `/tasks/${id}` : '/tasks', label: t('tasks.back') };

  if (!id || isNotFoundError(q.error)) return <RecordNotFound back={{ to: '/tasks', label: t('tasks.back') }} />;
  const task = q.data;
  const title = t('complete.title');
  if (!task)
    return (
      <div className={classes.narrow}>
        <PageHeader title={title} back={back} />
        <Skeleton h={300} />
      </div>
    );
  const backToTask = { to: `/tasks/${task.id}`, label: t('task.documentTitle', { nr: task.auftragsnummer }) };
  const closed = !!task.abgeschlossenAm;
  const p = shownPlanning(task.planungen, me);
  const signed = task.hatUnterschrift;
  // the report is the server's (rendered at completion): a completion still waiting on the device has none yet
  const reportReady = !!task.abschlussberichtSha256;
  // the stored report can be sent from its preview (issue 24 item 8), through the outbox like a document
  const mailSource = { kind: 'servicebericht', id: task.id } as const;

  const saveSignature = async () => {
    const ok = await form.submit(
      (v) => ({ name: v.name.trim() ? undefined : t('check.required'), daten: png ? undefined : t('complete.signatureHint') }),
      (v) => sendServiceStep('unterschrift', { auftragId: task.id }, { daten: png, name: v.name.trim() }),
      ['name', 'daten'],
    );
    if (ok) {
      stepDone(ok, t('complete.signatureSaved'));
      setPng(null);
      setPadKey((k) => k + 1);
    }
  };

  const finish = async () => {
    setFinishing(true);
    try {
      const res = await sendServiceStep('abschluss', { auftragId: task.id }, {});
      // sent: the report is there; kept on the device (its own notice says so): the report comes once online again
      if (res !== QUEUED && res) {
        stepDone(res, t('complete.finished'));
        setReport(true);
      } else notifyInfo(t('complete.reportOffline'));
    } catch (e) {
      handleApiError(e, { action: 'save' });
    } finally {
      setFinishing(false);
    }
  };

  return (
    <div className={classes.narrow}>
      <PageHeader
        title={title}
        documentTitle={`${title} ${task.auftragsnummer}`}
        subtitle={`${task.auftragsnummer} · ${task.titel ?? task.bezeichnung}`}
        back={backToTask}
      />
      <Stack gap="md">
        <Section title={t('complete.summary')} testId="complete-summary">
          <Stack gap="sm">
            <Group gap="xs">
              <StatusBadge status={task.auftragsstatus} art="A" />
              <StatusBadge status={task.materialstatus} art="M" />
            </Group>
            {task.adresse && <Field label={t('task.address')}>{[task.adresse.name1, task.adresse.ort].filter(Boolean).join(', ')}</Field>}
            {task.asset && (
              <Field label={t('task.asset')}>
                {task.asset.assetnummer} – {task.asset.bezeichnung}
              </Field>
            )}
            {p && (
              <Group gap="lg">
                <Field label={t('task.travelStarted')}>{formatDateTime(p.reisebeginnDatum) || '–'}</Field>
                <Field label={t('task.arrived')}>{formatDateTime(p.vorOrtDatum) || '–'}</Field>
              </Group>
            )}
            <Effort task={task} />
            {task.materialbuchungen.length > 0 && (
              <Table.ScrollContainer minWidth={320}>
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('task.material')}</Table.Th>
                      <Table.Th>{t('dialog.bookingKind')}</Table.Th>
                      <Table.Th ta="right">{t('dialog.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {task.materialbuchungen.map((b) => {
                      const line = task.material.find((m) => m.id === b.materialId);
                      return (
                        <Table.Tr key={b.id} data-testid="summary-booking">
                          <Table.Td>{line ? `${line.artikelnummer} ${line.artikelbezeichnung}` : b.artikelId}</Table.Td>
                          <Table.Td>{t(`dialog.kind.${b.art}`)}</Table.Td>
                          <Table.Td ta="right">
                            {formatDecimal(b.menge)} {line?.mengeneinheit ?? ''}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {task.mehraufwaende.length > 0 && (
              <Text size="sm">
                {t('task.additionalWork')}: {task.mehraufwaende.length}
              </Text>
            )}
          </Stack>
        </Section>

        <Section title={t('complete.signature')} testId="signature-section">
          {task.ohneUnterschriftGrund && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} mb="sm" data-testid="without-signature">
              {t('complete.withoutSignature', { reason: task.ohneUnterschriftGrund })}
            </Alert>
          )}
          {signed && (
            <Alert color="teal" variant="light" icon={<IconCheck size={18} />} mb="sm" data-testid="signed">
              {t('complete.signed', { name: task.unterschriftName ?? '', date: formatDateTime(task.unterschriftAm) })}
            </Alert>
          )}
          {!closed && (
            <Stack gap="sm">
              <TextInput
                label={t('complete.signerName')}
                required
                size="md"
                value={form.values.name}
                onChange={(e) => form.set('name', e.currentTarget.value)}
                {...limitProps(form.values.name, 120, { error: form.errors.name })}
                data-testid="field-name"
              />
              <SignaturePad key={padKey} onChange={setPng} label={t('complete.signature')} height={220} disabled={form.loading} />
              {form.errors.daten && (
                <Text size="sm" c="red.9" role="alert">
                  {form.errors.daten}
                </Text>
              )}
              <Button
                size="lg"
                variant="light"
                leftSection={<IconDeviceFloppy size={20} />}
                onClick={() => void saveSignature()}
                loading={form.loading}
                disabled={!png}
                data-testid="signature-save"
              >
                {t('complete.saveSignature')}
              </Button>
            </Stack>
          )}
        </Section>

        {closed && (
          <Section title={t('complete.report')} testId="report-section">
            <Stack gap="xs">
              <Text size="sm">
                {t('complete.finished')}: {formatDateTime(task.abgeschlossenAm)}
              </Text>
              {!reportReady && (
                <Alert color="blue" variant="light" icon={<IconCloudOff size={18} />} data-testid="report-offline">
                  {t('complete.reportOffline')}
                </Alert>
              )}
              {task.abschlussberichtSha256 && (
                <div>
                  <Text size="xs" c="dimmed">
                    {t('complete.hash')}
                  </Text>
                  <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }} data-testid="report-sha256">
                    {task.abschlussberichtSha256}
                  </Code>
                </div>
              )}
            </Stack>
          </Section>
        )}
        {!closed && !signed && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {t('complete.needsSignature')}
          </Alert>
        )}
      </Stack>

      <BottomBar>
        {closed ? (
          <Button
            size="lg"
            style={{ flex: 1 }}
            leftSection={<IconFileTypePdf size={22} />}
            onClick={() => setReport(true)}
            disabled={!reportReady}
            data-testid="report-open"
          >
            {t('complete.showReport')}
          </Button>
        ) : (
          <Button
            size="lg"
            style={{ flex: 1 }}
            leftSection={<IconCheck size={22} />}
            onClick={() => void finish()}
            loading={finishing}
            disabled={!signed}
            data-testid="complete-finish"
          >
            {t('complete.finish')}
          </Button>
        )}
      </BottomBar>
      <PdfPreviewDialog
        opened={report}
        onClose={() => setReport(false)}
        load={() => loadCompletionReport(task.id)}
        fileName={`${task.auftragsnummer}-Abschlussbericht.pdf`}
        title={t('complete.report')}
        footer={report && <MailStates source={mailSource} />}
        extra={
          reportReady && (
            <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setMail(true)} data-testid="pdf-send-mail">
              {to('send.button')}
            </Button>
          )
        }
      />
      {reportReady && (
        <SendMailDialog
          source={mailSource}
          opened={mail}
          onClose={() => setMail(false)}
          title={to('send.title', { doc: to('send.serviceReport', { nr: task.auftragsnummer }) })}
        />
      )}
    </div>
  );
}
