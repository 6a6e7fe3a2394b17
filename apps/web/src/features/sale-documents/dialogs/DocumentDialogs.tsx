import { Button, Checkbox, Group, Loader, Radio, Stack, Switch, Table, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { MAIL_BELEGARTEN } from '@vario/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { parameterIsSet } from '@/components/form/lookups';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { PdfPreviewDialog } from '@/components/pdf-preview';
import { MailStates } from '@/features/outbox/MailStates';
import { SendMailDialog } from '@/features/outbox/SendMailDialog';
import { formatDecimal } from '@/lib/format';
import { hasAllRights } from '@/lib/rights';
import {
  bookDocument,
  cancelDocument,
  dealQuestionParameter,
  fetchDocumentPdf,
  fetchEInvoice,
  type Position,
  printDocument,
  type SaleDocument,
  transformDocument,
  usePositions,
} from '../api';
import { allows, asksForDeal, cancelKind, hasEInvoice, transformMenu, useDocumentLabels } from '../labels';
import { TransitionDialog } from './TransitionDialog';

export type DocumentDialogKind = 'book' | 'cancel' | 'print' | 'transform';

interface Props<R> {
  doc: SaleDocument;
  opened: boolean;
  onDone: (result: R) => void;
  onClose: () => void;
}

/** Book (BEL-038, BEL-039): an offer first reads the deal parameter and, when it is set, asks whether to make a deal (BEL-030, BEL-031). */
export function BookDialog({ doc, opened, onDone, onClose }: Props<SaleDocument>) {
  const { t } = useTranslation('saleDocuments');
  const labels = useDocumentLabels();
  const offer = asksForDeal(doc.belegart);
  const [ask, setAsk] = useState<boolean | null>(offer ? null : false);
  const [deal, setDeal] = useState(false);
  useEffect(() => {
    if (!opened || !offer) return;
    let live = true;
    setAsk(null);
    setDeal(false);
    dealQuestionParameter()
      .then((wert) => live && setAsk(parameterIsSet(wert)))
      .catch(() => live && setAsk(false));
    return () => {
      live = false;
    };
  }, [opened, offer]);
  return (
    <TransitionDialog<SaleDocument>
      opened={opened}
      title={t('book.title')}
      confirmLabel={t('actions.book')}
      ready={ask !== null}
      run={() => bookDocument(doc.id, ask ? deal : undefined)}
      doneText={() => t('book.done', { doc: labels.doc(doc) })}
      onDone={onDone}
      onClose={onClose}
      testId="book-dialog"
    >
      <Text size="sm">{t('book.question', { doc: labels.doc(doc) })}</Text>
      {ask === null && <Loader size="sm" />}
      {ask && <Checkbox label={t('book.dealQuestion')} checked={deal} onChange={(e) => setDeal(e.currentTarget.checked)} data-testid="book-create-deal" />}
    </TransitionDialog>
  );
}

/** Cancel (BEL-040, BEL-041). */
export function CancelDialog({ doc, opened, onDone, onClose }: Props<SaleDocument>) {
  const { t } = useTranslation('saleDocuments');
  const labels = useDocumentLabels();
  return (
    <TransitionDialog<SaleDocument>
      opened={opened}
      title={t('cancel.title')}
      confirmLabel={t('actions.cancel')}
      confirmColor="red"
      run={() => cancelDocument(doc.id)}
      doneText={(r) =>
        r.stornoBezug ? t('cancel.doneWith', { doc: labels.doc(doc), storno: labels.doc(r.stornoBezug) }) : t('cancel.done', { doc: labels.doc(doc) })
      }
      onDone={onDone}
      onClose={onClose}
      testId="cancel-dialog"
    >
      <Text size="sm">
        {cancelKind(doc.belegart) === 'gegenbeleg' ? t('cancel.questionDocument', { doc: labels.doc(doc) }) : t('cancel.question', { doc: labels.doc(doc) })}
      </Text>
    </TransitionDialog>
  );
}

/** The open quantity of a line: what has not been taken over yet. */
const openQty = (p: Position) => Math.max(0, Math.round(((p.menge ?? 0) - p.mengeUebernommen) * 1000) / 1000);

/**
 * Transform (BEL-029, BEL-042, BEL-043): the target types of the source type; optionally partial quantities per
 * position (default: the open quantity). OK on the outcome opens the new document.
 */
export function TransformDialog({ doc, opened, onDone, onClose }: Props<{ id: number; doc: SaleDocument }>) {
  const { t } = useTranslation('saleDocuments');
  const labels = useDocumentLabels();
  const menu = transformMenu(doc.belegart, doc);
  const targets = menu.map((m) => m.value);
  const [target, setTarget] = useState(targets[0] ?? '');
  const [partial, setPartial] = useState(false);
  const positions = usePositions(opened ? doc.id : null);
  const lines = useMemo(() => (positions.data ?? []).filter((p) => p.positionsArt !== 'T'), [positions.data]);
  const [qty, setQty] = useState<Record<number, number | string | null>>({});
  useEffect(() => {
    if (!opened) return;
    setTarget(targets[0] ?? '');
    setPartial(false);
  }, [opened, doc.belegart]);
  useEffect(() => {
    if (partial) setQty(Object.fromEntries(lines.map((p) => [p.id, openQty(p)])));
  }, [partial, lines]);
  const chosen = lines
    .map((p) => ({ positionId: p.id, menge: qty[p.id] }))
    .filter((x): x is { positionId: number; menge: number } => typeof x.menge === 'number' && x.menge > 0);
  const invalid = partial && (chosen.length === 0 || lines.some((p) => typeof qty[p.id] === 'string'));
  return (
    <TransitionDialog<{ id: number; doc: SaleDocument }>
      opened={opened}
      title={t('transform.title')}
      confirmLabel={t('actions.transform')}
      ready={!!target && !invalid}
      run={() => transformDocument(doc.id, target, partial ? chosen : undefined)}
      doneText={(r) => t('transform.done', { doc: labels.doc(r.doc) })}
      doneLabel={t('transform.openNew')}
      onDone={onDone}
      onClose={onClose}
      testId="transform-dialog"
    >
      <Radio.Group label={t('transform.target')} value={target} onChange={setTarget} data-testid="transform-target">
        <Group gap="md" mt={4}>
          {targets.map((v) => (
            <Radio key={v} value={v} label={labels.type(v)} data-testid={`transform-target-${v}`} />
          ))}
        </Group>
      </Radio.Group>
      {/* a partial transform where the target's descriptor entry allows it */}
      {menu.find((m) => m.value === target)?.partial && (
        <Switch label={t('transform.partial')} checked={partial} onChange={(e) => setPartial(e.currentTarget.checked)} data-testid="transform-partial" />
      )}
      {partial && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('transform.partialHint')}
          </Text>
          <Table verticalSpacing={4} data-testid="transform-lines">
            <Table.Tbody>
              {lines.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td w={40}>{p.position}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {p.artikelnummer ? `${p.artikelnummer} · ` : ''}
                      {p.bezeichnung}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('transform.open')}: {formatDecimal(openQty(p))} {p.mengeneinheit ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td w={120}>
                    <NumberTextInput
                      aria-label={t('transform.qtyLabel', { n: p.position })}
                      value={qty[p.id] ?? null}
                      onChange={(v) => setQty((cur) => ({ ...cur, [p.id]: v }))}
                      format={{ scale: 3 }}
                      size="xs"
                      data-testid="transform-qty"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {partial && chosen.length === 0 && (
            <Text size="sm" c="red">
              {t('transform.nothing')}
            </Text>
          )}
        </Stack>
      )}
    </TransitionDialog>
  );
}

/**
 * Print (BEL-010..014, BEL-045): an unbooked document is printed first (status 1 → 2 on the server), then its PDF is
 * shown; a booked invoice or credit note shows its ZUGFeRD PDF (the document's layout with the e-invoice inside).
 */
export function PrintDialog({ doc, opened, onClose, mayPrint }: { doc: SaleDocument; opened: boolean; onClose: () => void; mayPrint: boolean }) {
  const { t } = useTranslation('saleDocuments');
  const labels = useDocumentLabels();
  const load = async () => {
    if (mayPrint && allows('drucken', doc)) await printDocument(doc.id);
    return hasEInvoice(doc) ? fetchEInvoice(doc.id, 'zugferd') : fetchDocumentPdf(doc.id);
  };
  const { t: to } = useTranslation('outbox');
  const me = useMe().data;
  const [mail, setMail] = useState(false);
  const source = { kind: 'beleg', id: doc.id } as const;
  // offers, order confirmations, invoices, credit notes and cancellations can be sent by the user who may work on documents
  const mailbar = (MAIL_BELEGARTEN as readonly string[]).includes(doc.belegart) && hasAllRights(me, ['BEK_SEHEN', 'BEK_AENDERN']);
  return (
    <>
      <PdfPreviewDialog
        opened={opened}
        onClose={onClose}
        load={load}
        fileName={`${doc.belegnummer}.pdf`}
        title={t('print.title', { doc: labels.doc(doc) })}
        footer={opened && <MailStates source={source} />}
        extra={
          mailbar && (
            <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setMail(true)} data-testid="pdf-send-mail">
              {to('send.button')}
            </Button>
          )
        }
      />
      {mailbar && <SendMailDialog source={source} opened={mail} onClose={() => setMail(false)} title={to('send.title', { doc: labels.doc(doc) })} />}
    </>
  );
}
