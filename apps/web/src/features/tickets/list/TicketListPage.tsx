import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { ticketGeschlossen } from '@vario/contract';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten, useMe } from '@/app/auth/session';
import { textBadgeCell } from '@/components/data-grid/cells';
import type { ColDef } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { useRouteMount } from '@/components/record-page/route-mount';
import { formatDate } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import type { TicketListe } from '../api';
import { useTicketLabel } from '../detail/fields';
import { NewTicketDialog } from '../detail/NewTicketDialog';
import { enumLabel, useTicketEnums } from '../enums';

/**
 * /tickets (TKT-001, TKT-018): newest ticket number first, quick search, CSV export, kept alive; below an address
 * (TKT-002) the address's tickets, without the customer column.
 */
export function TicketListPage() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const me = useMe().data;
  const mount = useRouteMount({ listPath: '/tickets', idParam: 'id', back: null });
  const mounted = mount.listPath !== '/tickets';
  const params = useParams({ strict: false }) as { id?: string };
  const addressId = mounted && params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : null;
  const [adding, setAdding] = useState(false);
  const l = useTicketLabel();
  // labels arrive after the grid: read through a ref, so the columns stay the same objects (the grid lays out again on new
  // ones) — rebuilt once, when the enumerations and users have arrived, so the rows shown show their labels
  const enums = useTicketEnums().data;
  const users = useBasisdaten().data?.benutzer;
  const labels = useRef({ enums, users: users ?? [] });
  labels.current = { enums, users: users ?? [] };
  const ready = !!enums && !!users;

  const columns = useMemo<ColDef<TicketListe>[]>(
    () => [
      { field: 'ticketNummer', headerName: t('columns.nummer'), minWidth: 90, maxWidth: 120, valueFormatter: (p) => t('number', { nr: p.value }) },
      { field: 'betreff', headerName: l('betreff'), minWidth: 220, flex: 2 },
      { field: 'adresseName', headerName: t('fields.adresseName'), minWidth: 180, flex: 1, hide: mounted },
      {
        field: 'status',
        headerName: t('fields.status'),
        minWidth: 130,
        maxWidth: 190,
        cellRenderer: textBadgeCell<TicketListe>(
          () => null,
          (r) => ({ label: enumLabel(labels.current.enums?.statustexte, r.status), color: ticketGeschlossen(r.status) ? 'gray' : 'blue' }),
        ),
      },
      {
        field: 'prioritaet',
        headerName: t('fields.prioritaet'),
        minWidth: 110,
        maxWidth: 150,
        valueFormatter: (p) => enumLabel(labels.current.enums?.prioritaeten, p.value),
      },
      { field: 'art', headerName: t('fields.art'), minWidth: 120, maxWidth: 170, valueFormatter: (p) => enumLabel(labels.current.enums?.arten, p.value) },
      {
        field: 'zugeordnetBenutzerId',
        headerName: t('fields.zugeordnetBenutzerId'),
        minWidth: 100,
        maxWidth: 130,
        valueFormatter: (p) => labels.current.users.find((u) => u.id === p.value)?.kuerzel ?? '',
      },
      { field: 'erledigungBis', headerName: t('fields.erledigungBis'), minWidth: 120, maxWidth: 150, valueFormatter: (p) => formatDate(p.value) },
    ],
    // l follows t
    [t, mounted, ready],
  );

  const open = (id: number) => void navigate({ href: `${mount.listPath}/${id}/masterdata` });
  const canCreate = hasRight(me, 'TKT_AENDERN');
  const add = canCreate && (
    <Button onClick={() => setAdding(true)} leftSection={<IconPlus size={16} />} size={mounted ? 'xs' : undefined} data-testid="ticket-new">
      {t('new')}
    </Button>
  );
  return (
    <>
      {!mounted && <PageHeader title={t('title')} subtitle={t('subtitle')} actions={add} />}
      <DataGrid<TicketListe>
        endpoint="ticketsList"
        exportEndpoint="ticketsExport"
        presetName={mounted ? 'TicketsOfAddress' : 'Tickets'}
        keepAlive={!mounted}
        recordTab={mounted}
        filter={addressId ? `adresseId=${addressId}` : undefined}
        toolbar={mounted ? add : undefined}
        columns={columns}
        defaultPreset={{ sortBy: 'ticketNummer', descending: true }}
        getRowId={(r) => String(r.id)}
        onRowClick={(r) => open(r.id)}
      />
      {canCreate && <NewTicketDialog opened={adding} onClose={() => setAdding(false)} addressId={addressId} onCreated={(id) => open(id)} />}
    </>
  );
}
