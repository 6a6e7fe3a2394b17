import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileUpload } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { ERV_RECHTE, ERV_STATUS_WERTE } from '@vario/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { codeColumn, textBadgeCell } from '@/components/data-grid/cells';
import type { ColDef } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { useReminderUsers } from '@/features/reminders/api';
import { formatCurrency, formatDate } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { type Eingangsrechnung, statusColor, statusLabel } from '../api';
import { EInvoiceUploadDialog } from '../dialogs/EInvoiceUploadDialog';
import { NoIncomingInvoiceRight } from '../NoRight';

const money = { type: 'rightAligned', minWidth: 110, maxWidth: 150 } as const;
const date = { minWidth: 110, maxWidth: 140, valueFormatter: (p: { value: string | null }) => formatDate(p.value) } as const;
const PHONE_COLUMNS = ['bskbelegnr', 'adrbriefname', 'bskbetragNetto', 'statusErpruefung'];

/** /incomingInvoiceVerification (ERV-001, ERV-003): every field of the spec, newest first, quick search, the status with the contract's labels. */
export function IncomingInvoiceListPage() {
  const me = useMe().data;
  if (me && !hasRight(me, ERV_RECHTE.SEHEN)) return <NoIncomingInvoiceRight />;
  return <IncomingInvoiceList />;
}

function IncomingInvoiceList() {
  const { t } = useTranslation('incomingInvoices');
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)', false) ?? false;
  const users = useReminderUsers();
  const me = useMe().data;
  const [uploading, setUploading] = useState(false);
  const ready = users.length > 0;
  const columns = useMemo<ColDef<Eingangsrechnung>[]>(
    () =>
      (
        [
          { field: 'bskbelegnr', headerName: t('f.bskbelegnr'), minWidth: 140, maxWidth: 200 },
          { field: 'adrbriefname', headerName: t('f.adrbriefname'), minWidth: 180, flex: 2 },
          { field: 'bskbetragNetto', headerName: t('f.bskbetragNetto'), ...money, valueFormatter: (p) => formatCurrency(p.value) },
          {
            field: 'statusErpruefung',
            headerName: t('f.statusErpruefung'),
            minWidth: 240,
            maxWidth: 300,
            ...codeColumn<Eingangsrechnung>(ERV_STATUS_WERTE, (c) => statusLabel(Number(c))),
            cellRenderer: textBadgeCell<Eingangsrechnung>(
              () => null,
              (r) => ({ label: statusLabel(r.statusErpruefung), color: statusColor(r.statusErpruefung) }),
            ),
          },
          {
            field: 'anBenutzerId',
            headerName: t('f.anBenutzerId'),
            minWidth: 100,
            maxWidth: 150,
            valueFormatter: (p) => users.find((u) => u.id === p.value)?.kuerzel ?? p.data?.anBenutzerName ?? '',
          },
          { field: 'nettoFaellig', headerName: t('f.nettoFaellig'), ...date },
          { field: 'skontoFaellig1', headerName: t('f.skontoFaellig1'), ...date },
          { field: 'skontoFaellig2', headerName: t('f.skontoFaellig2'), ...date, hide: true },
          { field: 'bskvaluta', headerName: t('f.bskvaluta'), ...date, hide: true },
          { field: 'zarzahlungsart', headerName: t('f.zarzahlungsart'), minWidth: 120, maxWidth: 170 },
          { field: 'hinweis', headerName: t('f.hinweis'), minWidth: 160, flex: 1 },
          { field: 'ablehnungsgrund', headerName: t('f.ablehnungsgrund'), minWidth: 160, flex: 1, hide: true },
          { field: 'bemerkung', headerName: t('f.bemerkung'), minWidth: 160, flex: 1, hide: true },
          { field: 'bskId', headerName: t('f.bskId'), type: 'rightAligned', minWidth: 80, maxWidth: 110, hide: true },
        ] satisfies ColDef<Eingangsrechnung>[]
      ).map((c) => (phone ? { ...c, hide: !PHONE_COLUMNS.includes(c.field) } : c)),
    // the users' short names arrive after the grid: rebuilt once when they are there
    [t, phone, ready],
  );
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          hasRight(me, ERV_RECHTE.ERFASSEN) && (
            <Button leftSection={<IconFileUpload size={16} />} onClick={() => setUploading(true)} data-testid="einvoice-upload">
              {t('upload.action')}
            </Button>
          )
        }
      />
      <EInvoiceUploadDialog
        opened={uploading}
        onClose={() => setUploading(false)}
        onDone={(id) => {
          setUploading(false);
          void navigate({ to: '/incomingInvoiceVerification/$id', params: { id: String(id) } });
        }}
      />
      <DataGrid<Eingangsrechnung>
        endpoint="eingangsrechnungenList"
        presetName="IncomingInvoices"
        keepAlive
        columns={columns}
        defaultPreset={{ sortBy: 'bskId', descending: true }}
        getRowId={(r) => String(r.bskId)}
        onRowClick={(r) => void navigate({ to: '/incomingInvoiceVerification/$id', params: { id: String(r.bskId) } })}
      />
    </>
  );
}
