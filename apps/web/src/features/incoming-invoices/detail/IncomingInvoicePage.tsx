import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Timeline } from '@mantine/core';
import { IconArrowForwardUp, IconCheck, IconChecklist, IconFileTypePdf, IconX } from '@tabler/icons-react';
import { ERV_RECHTE, ERV_UNTERPRUEFUNG_PARAMETER, ERV_WORKFLOW, ervNachFreigabe, istErvStatus, pruefeCheckliste } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten, useMe } from '@/app/auth/session';
import { confirmDialog } from '@/components/dialogs/confirm';
import { FormCard } from '@/components/form/FormCard';
import { useSystemParameter } from '@/components/form/lookups';
import { PageHeader } from '@/components/PageHeader';
import { PdfPreviewDialog } from '@/components/pdf-preview/PdfPreviewDialog';
import { isNotFoundError, RecordNotFound } from '@/components/record-page/RecordNotFound';
import { parseRecordId, useRecordIdParam } from '@/components/record-page/use-record-route';
import { SectionTitle } from '@/components/SectionTitle';
import { formatCurrency, formatDate, formatDateTime, formatPercent } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import {
  type EingangsrechnungDetail,
  loadCheckDocument,
  statusColor,
  statusLabel,
  useIncomingInvoice,
  useIncomingInvoiceActions,
  useIncomingInvoiceHistory,
} from '../api';
import { ChecklistDialog } from '../dialogs/ChecklistDialog';
import { PassOnDialog } from '../dialogs/PassOnDialog';
import { RejectDialog } from '../dialogs/RejectDialog';
import { NoIncomingInvoiceRight } from '../NoRight';
import { EInvoiceView } from './EInvoiceView';

const LIST = '/incomingInvoiceVerification';

/** /incomingInvoiceVerification/{id}: one incoming invoice, its check document, its history and the three dialogs (ERV-002). */
export function IncomingInvoicePage() {
  const me = useMe().data;
  const idParam = useRecordIdParam();
  if (me && !hasRight(me, ERV_RECHTE.SEHEN)) return <NoIncomingInvoiceRight />;
  return <IncomingInvoice key={idParam} id={parseRecordId(idParam).id} />;
}

function Shown({ label, value, testId }: { label: string; value: string; testId: string }) {
  return <TextInput label={label} value={value} readOnly variant="filled" data-testid={testId} />;
}

type Dialog = 'checklist' | 'reject' | 'passOn' | 'pdf' | null;

function IncomingInvoice({ id }: { id: number | null }) {
  const { t } = useTranslation('incomingInvoices');
  const me = useMe().data;
  const query = useIncomingInvoice(id);
  const r = query.data;
  const back = { to: LIST, label: t('backToList') };
  if (id === null || isNotFoundError(query.error)) return <RecordNotFound back={back} />;
  if (!r)
    return (
      <>
        <PageHeader title={t('title')} back={back} />
        {query.isLoading && <Loader size="sm" />}
      </>
    );
  return <Loaded r={r} me={me} />;
}

function Loaded({ r, me }: { r: EingangsrechnungDetail; me: ReturnType<typeof useMe>['data'] }) {
  const { t } = useTranslation('incomingInvoices');
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = useIncomingInvoiceActions(r.bskId);
  const history = useIncomingInvoiceHistory(r.bskId).data;
  const ohneUnter = useSystemParameter(ERV_UNTERPRUEFUNG_PARAMETER).data === 'N';
  const users = useBasisdaten().data?.benutzer ?? [];
  const row = istErvStatus(r.statusErpruefung) ? ERV_WORKFLOW[r.statusErpruefung] : null;
  const next = ervNachFreigabe(r.statusErpruefung, ohneUnter);
  const checklistOk = pruefeCheckliste(r.checkliste, r.bskbetragBrutto).ok;
  const can = (recht: string) => hasRight(me, recht);
  const close = () => setDialog(null);

  const share = async () => {
    if (next === null) return;
    const ok = await confirmDialog({ message: t('shareConfirm', { nr: r.bskbelegnr, status: statusLabel(next) }), confirmLabel: t('actions.share') });
    if (ok) actions.share.mutate();
  };

  const buttons = (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        onClick={() => setDialog('pdf')}
        disabled={r.pruefDokumentId === null}
        data-testid="erv-pdf"
      >
        {t('actions.openPdf')}
      </Button>
      {can(ERV_RECHTE.FREIGEBEN) && row?.checkliste && (
        <Button variant="default" leftSection={<IconChecklist size={16} />} onClick={() => setDialog('checklist')} data-testid="erv-checklist">
          {t('actions.checklist')}
        </Button>
      )}
      {can(ERV_RECHTE.WEITERLEITEN) && row?.weiterleiten && (
        <Button variant="default" leftSection={<IconArrowForwardUp size={16} />} onClick={() => setDialog('passOn')} data-testid="erv-pass-on">
          {t('actions.passOn')}
        </Button>
      )}
      {can(ERV_RECHTE.ABLEHNEN) && row && row.ablehnen !== false && (
        <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setDialog('reject')} data-testid="erv-reject">
          {t('actions.reject')}
        </Button>
      )}
      {can(ERV_RECHTE.FREIGEBEN) && next !== null && (
        <Button
          leftSection={<IconCheck size={16} />}
          onClick={() => void share()}
          loading={actions.share.isPending}
          disabled={!!row?.checklistePflicht && !checklistOk}
          title={row?.checklistePflicht && !checklistOk ? t('checklist.missing') : undefined}
          data-testid="erv-share"
        >
          {t('actions.share')}
        </Button>
      )}
    </Group>
  );

  const skonto = (n: 1 | 2) => {
    const datum = n === 1 ? r.skontoFaellig1 : r.skontoFaellig2;
    const prozent = n === 1 ? r.skontoProzent1 : r.skontoProzent2;
    return datum ? t('skontoText', { prozent: formatPercent(prozent ?? 0), datum: formatDate(datum) }) : '–';
  };

  return (
    <>
      <PageHeader
        title={r.bskbelegnr}
        documentTitle={t('documentTitle', { nr: r.bskbelegnr })}
        subtitle={
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {r.adrbriefname}
            </Text>
            <Badge color={statusColor(r.statusErpruefung)} variant="light" data-testid="erv-status">
              {statusLabel(r.statusErpruefung)}
            </Badge>
            {r.anBenutzerName && (
              <Badge color="gray" variant="outline" data-testid="erv-at-user">
                {`${t('f.anBenutzerId')}: ${r.anBenutzerName}`}
              </Badge>
            )}
          </Group>
        }
        back={{ to: LIST, label: t('backToList') }}
        actions={buttons}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <FormCard title={t('cards.invoice')}>
            <Shown label={t('f.bskbelegnr')} value={r.bskbelegnr} testId="field-bskbelegnr" />
            <Shown label={t('f.adrbriefname')} value={r.adrbriefname ?? ''} testId="field-adrbriefname" />
            <Shown label={t('f.bskbelegdatum')} value={formatDate(r.bskbelegdatum)} testId="field-bskbelegdatum" />
            <Shown label={t('f.bskvaluta')} value={formatDate(r.bskvaluta)} testId="field-bskvaluta" />
            <Shown label={t('f.bskbetragNetto')} value={formatCurrency(r.bskbetragNetto)} testId="field-bskbetragNetto" />
            <Shown label={t('f.bskbetragBrutto')} value={formatCurrency(r.bskbetragBrutto)} testId="field-bskbetragBrutto" />
            <Shown label={t('f.hinweis')} value={r.hinweis ?? ''} testId="field-hinweis" />
          </FormCard>
          <FormCard title={t('cards.terms')}>
            <Shown label={t('f.zarzahlungsart')} value={r.zarzahlungsart ?? ''} testId="field-zarzahlungsart" />
            <Shown label={t('f.nettoFaellig')} value={formatDate(r.nettoFaellig)} testId="field-nettoFaellig" />
            <Shown label={t('f.skonto', { n: 1 })} value={skonto(1)} testId="field-skonto1" />
            <Shown label={t('f.skonto', { n: 2 })} value={skonto(2)} testId="field-skonto2" />
          </FormCard>
          <FormCard title={t('cards.verification')}>
            <Shown label={t('f.statusErpruefung')} value={statusLabel(r.statusErpruefung)} testId="field-statusErpruefung" />
            <Shown label={t('f.anBenutzerId')} value={r.anBenutzerName ?? ''} testId="field-anBenutzerId" />
            <Shown label={t('f.bemerkung')} value={r.bemerkung ?? ''} testId="field-bemerkung" />
            <Shown label={t('f.ablehnungsgrund')} value={r.ablehnungsgrund ?? ''} testId="field-ablehnungsgrund" />
            <Group gap="xs" data-testid="erv-checklist-state">
              <Badge color={checklistOk ? 'green' : 'gray'} variant="light">
                {checklistOk ? t('checklist.done') : t('checklist.missing')}
              </Badge>
            </Group>
          </FormCard>
        </Stack>
        <Card withBorder radius="md" padding="md">
          <SectionTitle size="h5" mb="sm">
            {t('cards.history')}
          </SectionTitle>
          {history && history.length > 0 ? (
            <Timeline bulletSize={14} lineWidth={2} data-testid="erv-history">
              {history.map((h) => (
                <Timeline.Item key={h.id} title={t(`history.aktion.${h.aktion}`, { name: users.find((u) => u.id === h.anBenutzerId)?.name ?? '' })}>
                  <Text size="xs" c="dimmed">
                    {[formatDateTime(h.zeitpunkt), h.benutzerName, istErvStatus(h.statusNach) ? statusLabel(h.statusNach) : null].filter(Boolean).join(' · ')}
                  </Text>
                  {h.text && <Text size="sm">{h.text}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          ) : (
            <Text size="sm" c="dimmed">
              {t('history.empty')}
            </Text>
          )}
          {r.pruefDokumentId === null && (
            <Alert mt="md" color="gray" variant="light">
              {t('noDocument')}
            </Alert>
          )}
        </Card>
      </SimpleGrid>
      <EInvoiceView id={r.bskId} />
      <ChecklistDialog
        opened={dialog === 'checklist'}
        onClose={close}
        checkliste={r.checkliste}
        brutto={r.bskbetragBrutto}
        saving={actions.checklist.isPending}
        onSave={(c) => actions.checklist.mutate(c, { onSuccess: close })}
      />
      <RejectDialog
        opened={dialog === 'reject'}
        onClose={close}
        saving={actions.reject.isPending}
        onReject={(b) => actions.reject.mutate(b, { onSuccess: close })}
      />
      <PassOnDialog
        opened={dialog === 'passOn'}
        onClose={close}
        saving={actions.passOn.isPending}
        onPassOn={(v) => actions.passOn.mutate(v, { onSuccess: close })}
      />
      <PdfPreviewDialog
        opened={dialog === 'pdf'}
        onClose={close}
        load={() => loadCheckDocument(r.bskId)}
        fileName={`${r.bskbelegnr}.pdf`}
        title={t('cards.document')}
      />
    </>
  );
}
