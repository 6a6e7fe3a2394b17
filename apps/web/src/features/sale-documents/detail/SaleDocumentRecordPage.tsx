import { Badge } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowForwardUp, IconBook2, IconCopy, IconFileCode, IconFileTypePdf, IconPrinter, IconReceiptOff, IconTrashX } from '@tabler/icons-react';
import { Outlet, useNavigate, useSearch } from '@tanstack/react-router';
import { ERECHNUNG_FORMAT_INFO, ERECHNUNG_LIEFERFORMATE } from '@vario/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { RecordPage } from '@/components/record-page/RecordPage';
import type { RecordAction } from '@/components/record-page/record-actions';
import { useRouteMount } from '@/components/record-page/route-mount';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { parseRecordId, useRecordIdParam, useRecordRoute } from '@/components/record-page/use-record-route';
import { formatCurrency, formatDate } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { saveBlob } from '@/lib/save-blob';
import {
  deleteDocument,
  discardDocument,
  duplicateDocument,
  fetchEInvoice,
  reloadDocument,
  type SaleDocument,
  saveHead,
  setHead,
  useSaleDocument,
} from '../api';
import { BookDialog, CancelDialog, type DocumentDialogKind, PrintDialog, TransformDialog } from '../dialogs/DocumentDialogs';
import { allows, cancelKind, hasEInvoice, NEW_DOCUMENT_TYPES, rightOf, statusColor, transformTargets, useDocumentLabels } from '../labels';
import { NoDocumentRight } from '../NoDocumentRight';
import { NewDocumentPage } from '../new/NewDocumentPage';
import { headSchema, toHeadForm } from './head-form';

/** The tabs of a document (BEL-004). */
export const DOCUMENT_TABS = ['documentHead', 'positions', 'documentFoot', 'history', 'signature'] as const;
export type DocumentTab = (typeof DOCUMENT_TABS)[number];

/** /saleDocument/{id} and /saleDocument/new, on their own or below an address (BEL-001..007). */
export function SaleDocumentRecordPage() {
  const idParam = useRecordIdParam();
  const me = useMe().data;
  if (me && !hasRight(me, 'BEK_SEHEN')) return <NoDocumentRight />;
  if (idParam === 'new') return <NewDocumentPage />;
  return <DocumentRecord key={idParam} idParam={idParam} />;
}

/** Another user's document needs BEK_FREMDBEARB besides BEK_AENDERN (RIGHT-019, RIGHT-021). */
export function mayChange(me: ReturnType<typeof useMe>['data'], doc: Pick<SaleDocument, 'benutzerId'> | undefined) {
  if (!hasRight(me, 'BEK_AENDERN')) return false;
  if (!doc || !me || doc.benutzerId === null || doc.benutzerId === me.benutzer.id) return true;
  return hasRight(me, 'BEK_FREMDBEARB');
}

type Open = { kind: DocumentDialogKind; resolve: (doc: SaleDocument) => void } | null;

function DocumentRecord({ idParam }: { idParam: string }) {
  const { t } = useTranslation('saleDocuments');
  const labels = useDocumentLabels();
  const me = useMe().data;
  const navigate = useNavigate();
  const { id } = parseRecordId(idParam);
  const query = useSaleDocument(id);
  const doc = query.data;
  const mount = useRouteMount({ listPath: '/saleDocument', idParam: 'id', back: null });
  const route = useRecordRoute(
    {
      listPath: '/saleDocument',
      backLabel: t('backToList'),
      tabs: DOCUMENT_TABS,
      tabLabel: (tab) => t(`tabs.${tab}`),
      editTabs: ['documentHead', 'documentFoot'],
    },
    idParam,
  );
  const search = useSearch({ strict: false }) as { backRouteName?: string };
  // below an address the back link names it (the mount's label is not translated)
  const back = mount.back && !search.backRouteName ? { ...route.page.back, label: t('backToAddress') } : route.page.back;
  const [open, setOpen] = useState<Open>(null);
  const latest = useRef(doc);
  latest.current = doc;
  const ask = (kind: DocumentDialogKind) => () => new Promise<SaleDocument>((resolve) => setOpen({ kind, resolve }));
  /** The dialog is done: the page shows the record the server answers from now on. */
  const finish = (fresh?: SaleDocument) => {
    const current = open;
    setOpen(null);
    if (current && (fresh ?? latest.current)) current.resolve((fresh ?? latest.current) as SaleDocument);
  };
  const reloadAndFinish = async () => {
    if (!id) return finish();
    await reloadDocument(id);
    finish(await query.refetch().then((r) => r.data));
  };

  const canChange = mayChange(me, doc);
  /** Why cancelling does not apply: not booked yet, cancelled already, a cancellation itself, another user's. */
  const cancelReason = (d: SaleDocument) => {
    if (cancelKind(d.belegart) === 'nein') return t('cancelReason.never');
    if (d.storniertAm) return t('cancelReason.cancelled');
    if (!d.gebuchtAm) return t('cancelReason.notBooked');
    if (!allows('stornieren', d)) return t('cancelReason.state');
    return mayChange(me, d) ? null : t('cancelReason.foreign');
  };
  const discardAction: RecordAction<SaleDocument> = {
    id: 'discard',
    label: t('actions.discard'),
    icon: <IconTrashX size={16} />,
    rights: [rightOf('aendern')],
    enabled: (d) => d.verwerfbar,
    confirm: (d) => t('discard.confirm', { doc: labels.doc(d) }),
    run: async (d) => {
      await discardDocument(d.id);
      notifications.show({ color: 'green', message: t('discard.done', { doc: labels.doc(d) }) });
      void navigate({ href: mount.listPath });
      return d;
    },
  };
  // a booked invoice or credit note downloads as e-invoice in each format (issue 24): stored on the first download
  const einvoiceActions: RecordAction<SaleDocument>[] = ERECHNUNG_LIEFERFORMATE.map((format) => ({
    id: `einvoice-${format}`,
    label: ERECHNUNG_FORMAT_INFO[format].kurz,
    icon: ERECHNUNG_FORMAT_INFO[format].endung === 'pdf' ? <IconFileTypePdf size={16} /> : <IconFileCode size={16} />,
    rights: [rightOf('ansehen')],
    run: async (d) => {
      const info = ERECHNUNG_FORMAT_INFO[format];
      saveBlob(await fetchEInvoice(d.id, format), `${d.belegnummer}${info.endung === 'pdf' ? '' : `-${info.syntax}`}.${info.endung}`);
      return d;
    },
  }));
  // which action is offered in which state, with which right: the contract's status table
  const actions: RecordAction<SaleDocument>[] = [
    { id: 'print', label: t('actions.print'), icon: <IconPrinter size={16} />, rights: [rightOf('ansehen')], run: ask('print') },
    {
      id: 'book',
      label: t('actions.book'),
      icon: <IconBook2 size={16} />,
      rights: [rightOf('buchen')],
      enabled: (d) => allows('buchen', d) && mayChange(me, d),
      run: ask('book'),
    },
    {
      id: 'transform',
      label: t('actions.transform'),
      icon: <IconArrowForwardUp size={16} />,
      rights: [rightOf('umwandeln')],
      enabled: (d) => transformTargets(d.belegart, d).length > 0 && allows('umwandeln', d),
      run: ask('transform'),
    },
    {
      id: 'cancel',
      label: t('actions.cancel'),
      icon: <IconReceiptOff size={16} />,
      rights: [rightOf('stornieren')],
      enabled: (d) => cancelKind(d.belegart) !== 'nein' && allows('stornieren', d) && mayChange(me, d),
      disabledReason: cancelReason,
      run: ask('cancel'),
    },
    {
      // a new document of the same type with this head and positions; the copy opens at its head
      id: 'duplicate',
      label: t('actions.duplicate'),
      icon: <IconCopy size={16} />,
      rights: [rightOf('aendern')],
      enabled: (d) => NEW_DOCUMENT_TYPES.includes(d.belegart),
      confirm: (d) => t('duplicate.confirm', { doc: labels.doc(d) }),
      run: async (d) => {
        const copy = await duplicateDocument(d.id);
        notifications.show({ color: 'green', message: t('duplicate.done', { doc: labels.doc(copy.doc) }) });
        void navigate({ href: `${mount.listPath}/${copy.id}/documentHead` });
        return d;
      },
    },
    // a document made by mistake: its maker discards it while it is new and empty (the server's `verwerfbar`); shown only then
    ...(doc?.verwerfbar ? [discardAction] : []),
    ...(doc && hasEInvoice(doc) ? einvoiceActions : []),
  ];

  const editor = useRecordEditor({
    schema: headSchema,
    record: doc,
    isNew: false,
    toFormValues: toHeadForm,
    ...route.editorRoutes,
    // the document is locked while it is edited (BEK in the server's lock tables)
    lock: { tabelle: 'BEK', id },
    canEdit: canChange,
    canRemove: hasRight(me, rightOf('loeschen')) && !!doc && allows('loeschen', doc),
    editable: (d) => allows('aendern', d),
    actions,
    onRecordChanged: setHead,
    save: (data, ctx) => saveHead(id as number, data, ctx.lockToken),
    remove: async (ctx) => {
      if (id) await deleteDocument(id, ctx.lockToken);
    },
    removeConfirmText: t('removeConfirm', { nr: doc?.belegnummer ?? '' }),
  });

  // a phone has room for the number only; the type is in the document title and the tab bar's context
  const phone = useMediaQuery('(max-width: 36em)', false) ?? false;
  const title = doc ? (phone ? doc.belegnummer : labels.doc(doc)) : '';
  return (
    <RecordPage
      documentTitle={doc ? t('documentTitle', { type: labels.type(doc.belegart), nr: doc.belegnummer }) : undefined}
      title={title}
      subtitle={doc ? [phone && labels.type(doc.belegart), doc.adresseName, formatDate(doc.belegdatum), formatCurrency(doc.betragBrutto)] : undefined}
      loading={query.isLoading}
      loadError={query.error}
      badges={
        doc && (
          <>
            <Badge color={statusColor(doc.belegstatus)} variant="light" data-testid="badge-status">
              {labels.status(doc.belegstatus)}
            </Badge>
            {doc.storniertAm && (
              <Badge color="red" variant="light" data-testid="badge-cancelled">
                {t('status.cancelled')}
              </Badge>
            )}
          </>
        )
      }
      {...route.page}
      back={back}
      editor={editor}
      editDisabledReason={hasRight(me, 'BEK_AENDERN') ? t('foreignDocument') : t('noEditRight')}
    >
      <Outlet />
      {doc && (
        <>
          <BookDialog doc={doc} opened={open?.kind === 'book'} onDone={() => void reloadAndFinish()} onClose={() => finish()} />
          <CancelDialog doc={doc} opened={open?.kind === 'cancel'} onDone={() => void reloadAndFinish()} onClose={() => finish()} />
          <TransformDialog
            doc={doc}
            opened={open?.kind === 'transform'}
            onDone={(r) => {
              void reloadAndFinish();
              void navigate({ href: `${mount.listPath}/${r.id}/positions` });
            }}
            onClose={() => finish()}
          />
          <PrintDialog
            doc={doc}
            mayPrint={canChange}
            opened={open?.kind === 'print'}
            onClose={() => {
              void reloadAndFinish();
            }}
          />
        </>
      )}
    </RecordPage>
  );
}
