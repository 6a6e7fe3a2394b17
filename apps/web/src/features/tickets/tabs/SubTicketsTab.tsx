import { Badge, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { ticketGeschlossen } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten, useMe } from '@/app/auth/session';
import { SubList } from '@/components/record-page/SubList';
import { formatDate } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { type TicketListe, useSubTickets } from '../api';
import { useTicketLabel } from '../detail/fields';
import { NewTicketDialog } from '../detail/NewTicketDialog';
import { enumLabel, useTicketEnums } from '../enums';
import { useTicketFromRoute } from '../use-ticket';

/** The sub-tickets (TKT-006, TKT-025) and "new sub-ticket" for the ticket's address while it is open. */
export function SubTicketsTab() {
  const { id, ticket, listPath } = useTicketFromRoute();
  const { t } = useTranslation('tickets');
  const l = useTicketLabel();
  const navigate = useNavigate();
  const subs = useSubTickets(id ?? 0);
  const enums = useTicketEnums().data;
  const users = useBasisdaten().data?.benutzer ?? [];
  const [adding, setAdding] = useState(false);
  const canCreate = hasRight(useMe().data, 'TKT_AENDERN') && !!ticket && !ticketGeschlossen(ticket.status);
  const open = (subId: number) => void navigate({ to: `${listPath}/${subId}/masterdata` });

  return (
    <>
      <SubList<TicketListe>
        title={t('sub.title')}
        testId="sub-tickets"
        rows={subs.data}
        loading={subs.isLoading}
        rowKey={(r) => r.id}
        onRowClick={(r) => open(r.id)}
        actions={
          canCreate && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} data-testid="sub-ticket-new">
              {t('newSub')}
            </Button>
          )
        }
        columns={[
          { key: 'nr', label: t('columns.nummer'), render: (r) => t('number', { nr: r.ticketNummer }), width: 90 },
          { key: 'betreff', label: l('betreff'), render: (r) => r.betreff },
          {
            key: 'status',
            label: l('status'),
            render: (r) => (
              <Badge variant="light" color={ticketGeschlossen(r.status) ? 'gray' : 'blue'}>
                {enumLabel(enums?.statustexte, r.status)}
              </Badge>
            ),
            width: 170,
          },
          {
            key: 'user',
            label: l('zugeordnetBenutzerId'),
            render: (r) => users.find((u) => u.id === r.zugeordnetBenutzerId)?.kuerzel ?? '',
            visibleFrom: 'sm',
            width: 110,
          },
          { key: 'bis', label: l('erledigungBis'), render: (r) => formatDate(r.erledigungBis), visibleFrom: 'md', width: 130 },
        ]}
      />
      {ticket && canCreate && (
        <NewTicketDialog opened={adding} onClose={() => setAdding(false)} addressId={ticket.adresseId} parentId={ticket.id} onCreated={open} />
      )}
    </>
  );
}
