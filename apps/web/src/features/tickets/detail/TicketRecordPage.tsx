import { Anchor, Badge } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { Link, Outlet, useNavigate, useSearch } from '@tanstack/react-router';
import { TICKET_WIEDEREROEFFNET_STATUS, ticketGeschlossen } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { RecordPage } from '@/components/record-page/RecordPage';
import type { RecordAction } from '@/components/record-page/record-actions';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { keyedByRecordId, useRecordRoute } from '@/components/record-page/use-record-route';
import { isApiError } from '@/lib/api/errors';
import { showNotice } from '@/lib/api/notices';
import { hasRight } from '@/lib/rights';
import { deleteTicket, saveTicket, useTicket } from '../api';
import { enumLabel, useTicketEnums } from '../enums';
import type { NewTicketSearch } from '../search';
import { useTicketFromRoute } from '../use-ticket';
import { NewTicketDialog } from './NewTicketDialog';
import { ticketSchema, toTicketForm } from './ticket-form';

/** The tabs of a ticket (TKT-001); below an address without saleDocuments (TKT-002). */
export const TICKET_TABS = ['masterdata', 'activities', 'attachments', 'saleDocuments', 'subTickets'] as const;
/** TKT-016: a refused delete (a ticket with activities) is a negative notice for 4 s. */
const REFUSED_NOTICE_MS = 4000;

/** /tickets/{id} (and below an address) on the generic record page; /tickets/new opens the add dialog (TKT-003). */
export const TicketRecordPage = keyedByRecordId(({ idParam }) => (idParam === 'new' ? <NewTicketScreen /> : <TicketRecord idParam={idParam} />));

function TicketRecord({ idParam }: { idParam: string }) {
  const { t } = useTranslation('tickets');
  const me = useMe().data;
  const { id, embedded, listPath } = useTicketFromRoute();
  const ticket = useTicket(id);
  const mainTicket = useTicket(ticket.data?.hauptTicketId ?? null).data;
  const enums = useTicketEnums().data;
  const a = ticket.data;
  const closed = !!a && ticketGeschlossen(a.status);
  const route = useRecordRoute(
    {
      listPath: '/tickets',
      backLabel: embedded ? t('backToAddress') : t('backToList'),
      tabs: TICKET_TABS,
      tabLabel: (tab) => t(`tabs.${tab}`),
      visible: (tab) => !(embedded && tab === 'saleDocuments'),
    },
    idParam,
  );

  // a closed ticket is read-only (TKT-014); its status is what a user with TKT_AENDERN may still set back
  type Ticket = NonNullable<typeof a>;
  const reopen: RecordAction<Ticket>[] = [
    {
      id: 'reopen',
      label: t('reopen'),
      icon: <IconLockOpen size={16} />,
      rights: ['TKT_AENDERN'],
      enabled: (x: Ticket) => ticketGeschlossen(x.status),
      confirm: () => t('reopenConfirm'),
      run: async (x: Ticket) => (await saveTicket(x.id, { status: TICKET_WIEDEREROEFFNET_STATUS })).result ?? x,
    },
  ];
  const actions = closed ? reopen : [];

  const editor = useRecordEditor({
    schema: ticketSchema,
    record: a,
    isNew: false,
    toFormValues: toTicketForm,
    ...route.editorRoutes,
    lock: { tabelle: 'TKT', id },
    canEdit: hasRight(me, 'TKT_AENDERN'),
    canRemove: hasRight(me, 'TKT_LOESCHEN'),
    // TKT-014: from status 90 on read-only
    editable: (r) => !ticketGeschlossen(r.status),
    save: (data, ctx) => saveTicket(id, data, ctx.lockToken),
    remove: async (ctx) => {
      if (id) await deleteTicket(id, ctx.lockToken);
    },
    removeConfirmText: t('removeConfirm', { name: a?.betreff ?? '' }),
    actions,
    onRemoveError: (e) => {
      if (!isApiError(e) || e.status !== 409) return false;
      showNotice({ kind: 'error', title: t('deleteRefused'), message: e.serverMessage ?? null, autoClose: REFUSED_NOTICE_MS, withBorder: true });
      return true;
    },
  });

  const nr = a ? t('number', { nr: a.ticketNummer }) : '';
  return (
    <RecordPage
      documentTitle={a && t('documentTitle', { nr })}
      title={a ? `${nr} · ${a.betreff}` : ''}
      subtitle={a ? [a.adresseName, enumLabel(enums?.statustexte, a.status)] : undefined}
      loading={ticket.isLoading}
      loadError={ticket.error}
      badges={
        a && (
          <>
            {closed && (
              <Badge color="gray" variant="light" data-testid="badge-closed">
                {t('closed')}
              </Badge>
            )}
            {a.hauptTicketId && (
              <Anchor component={Link} to={`${listPath}/${a.hauptTicketId}/subTickets`} size="sm" data-testid="ticket-parent">
                {t('subOf', { nr: mainTicket ? t('number', { nr: mainTicket.ticketNummer }) : '…' })}
              </Anchor>
            )}
          </>
        )
      }
      {...route.page}
      editor={editor}
      editDisabledReason={closed ? t('closedReadOnly') : t('noEditRight')}
    >
      <Outlet />
    </RecordPage>
  );
}

/** /tickets/new (the "new item" entry, APP-051 with the address as `id`): the add dialog over an empty page. */
function NewTicketScreen() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as NewTicketSearch;
  const { basePath } = useTicketFromRoute();
  const listPath = basePath.replace(/\/new$/, '');
  return (
    <>
      <PageHeader title={t('new')} />
      <NewTicketDialog
        opened
        addressId={search.id ?? null}
        onClose={() => void navigate({ to: listPath })}
        onCreated={(id) => void navigate({ to: `${listPath}/${id}/masterdata`, replace: true })}
      />
    </>
  );
}
