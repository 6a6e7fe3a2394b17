import { Alert, Badge, Button, Group } from '@mantine/core';
import { IconDownload, IconFileExport, IconUsers } from '@tabler/icons-react';
import { berlinTag, type DatevExport, isoDate } from '@vario/contract';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ColDef, ICellRendererParams } from '@/components/data-grid/columns';
import { DataGrid, type DataGridHandle } from '@/components/data-grid/DataGrid';
import { eagerSchema } from '@/components/form/eager-schema';
import { DateField, SwitchField } from '@/components/form/fields';
import { PageHeader } from '@/components/PageHeader';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatDate, formatDateTime } from '@/lib/format';
import { saveBlob } from '@/lib/save-blob';
import { downloadExport, exportBatch, exportDebtors, useDatevSettings } from './api';

const exportForm = eagerSchema(z.object({ von: isoDate, bis: isoDate, test: z.boolean(), wiederholen: z.boolean() }));

/** The first and last day of the month before today (the usual batch). */
function letzterMonat() {
  const heute = berlinTag();
  const y = Number(heute.slice(0, 4));
  const m = Number(heute.slice(5, 7));
  const [jahr, monat] = m === 1 ? [y - 1, 12] : [y, m - 1];
  const mm = String(monat).padStart(2, '0');
  return { von: `${jahr}-${mm}-01`, bis: `${jahr}-${mm}-${String(new Date(Date.UTC(jahr, monat, 0)).getUTCDate()).padStart(2, '0')}` };
}

/**
 * The DATEV export under open items (issue 24 item 12): a new Buchungsstapel for a period (test run, repeat), the
 * debtors, and the log of every export with its file to download again, byte for byte.
 */
export function DatevExportsPage() {
  const { t } = useTranslation('outbox');
  const grid = useRef<DataGridHandle>(null);
  const settings = useDatevSettings();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const columns = useMemo<ColDef<DatevExport>[]>(
    () => [
      { field: 'erstelltAm', headerName: t('datev.erstelltAm'), valueFormatter: (p) => formatDateTime(p.value), maxWidth: 180 },
      { field: 'art', headerName: t('datev.art'), valueFormatter: (p) => (p.value ? t(`datev.arten.${p.value as DatevExport['art']}`) : ''), maxWidth: 170 },
      {
        colId: 'zeitraum',
        headerName: t('datev.zeitraum'),
        sortable: false,
        valueGetter: (p) => (p.data ? `${formatDate(p.data.von)} – ${formatDate(p.data.bis)}` : ''),
      },
      { field: 'zeilen', headerName: t('datev.zeilen'), maxWidth: 110, type: 'rightAligned' },
      {
        colId: 'kennzeichen',
        headerName: t('datev.kennzeichen'),
        sortable: false,
        maxWidth: 200,
        cellRenderer: (p: ICellRendererParams<DatevExport>) => (
          <Group gap={4} h="100%">
            {p.data?.test && <Badge variant="light">{t('datev.testMark')}</Badge>}
            {p.data?.wiederholung && (
              <Badge variant="light" color="orange">
                {t('datev.repeatMark')}
              </Badge>
            )}
          </Group>
        ),
      },
      { field: 'dateiname', headerName: t('datev.datei') },
      { field: 'benutzer', headerName: t('datev.benutzer'), maxWidth: 180 },
      {
        colId: 'download',
        headerName: '',
        sortable: false,
        // the button's label in full ("Herunterladen", "Télécharger")
        width: 180,
        cellRenderer: (p: ICellRendererParams<DatevExport>) =>
          p.data ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconDownload size={14} />}
              data-testid="datev-download"
              onClick={() => {
                const id = p.data?.id as number;
                downloadExport(id)
                  .then(({ blob, name }) => saveBlob(blob, name))
                  .catch((e: unknown) => handleApiError(e));
              }}
            >
              {t('datev.download')}
            </Button>
          ) : null,
      },
    ],
    [t],
  );

  const debitoren = async () => {
    setBusy(true);
    try {
      const { blob, name } = await exportDebtors();
      saveBlob(blob, name);
      notifySuccess(t('datev.done', { name }));
      grid.current?.refresh();
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('datev.title')} subtitle={t('datev.subtitle')} />
      {settings.data && !settings.data.vollstaendig && (
        <Alert color="yellow" mx="md" mb="sm" data-testid="datev-not-configured">
          {t('datev.notConfigured')}
        </Alert>
      )}
      <DataGrid<DatevExport>
        endpoint="datevExporte"
        presetName="DatevExports"
        columns={columns}
        defaultPreset={{ sortBy: 'erstelltAm', descending: true }}
        handle={grid}
        getRowId={(x) => String(x.id)}
        searchable={false}
        toolbar={
          <Group gap="xs">
            <Button leftSection={<IconFileExport size={16} />} onClick={() => setOpen(true)} data-testid="datev-export-open">
              {t('datev.export')}
            </Button>
            <Button variant="default" leftSection={<IconUsers size={16} />} onClick={() => void debitoren()} loading={busy} data-testid="datev-debtors">
              {t('datev.debitoren')}
            </Button>
          </Group>
        }
      />
      <SchemaFormDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('datev.export')}
        schema={exportForm}
        defaultValues={{ ...letzterMonat(), test: false, wiederholen: false }}
        submitLabel={t('datev.export')}
        onSubmit={async (v) => {
          const { blob, name } = await exportBatch(v);
          saveBlob(blob, name);
          notifySuccess(t('datev.done', { name }));
          setOpen(false);
          grid.current?.refresh();
        }}
      >
        <DateField name="von" label={t('datev.von')} />
        <DateField name="bis" label={t('datev.bis')} />
        <SwitchField name="test" label={t('datev.test')} />
        <SwitchField name="wiederholen" label={t('datev.wiederholen')} />
      </SchemaFormDialog>
    </>
  );
}
