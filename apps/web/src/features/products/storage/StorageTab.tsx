import { Button, Stack } from '@mantine/core';
import { IconTransferIn } from '@tabler/icons-react';
import { Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten, useMe } from '@/app/auth/session';
import { SubList } from '@/components/record-page/SubList';
import { PlaceStockDrawer } from '@/features/storage/PlaceStockDrawer';
import { formatDate, formatDateTime, formatDecimal } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { useMovements, useProductStock } from '../api';
import { hasStorageTab } from '../detail/product-form';
import { useProductFromRoute } from '../use-product-id';
import { BookingDialog } from './BookingDialog';

type StockRow = NonNullable<ReturnType<typeof useProductStock>['data']>[number];

/**
 * The storage tab (artikelart '1' only, ART-006): stock per warehouse (ART-008, ART-021) and the movement journal
 * the figures are summed from; a warehouse with places opens the place stock (LAG-006).
 */
export function StorageTab() {
  const { t } = useTranslation(['products', 'fields', 'storage']);
  const arten: Record<string, string> = t('journal.arten', { returnObjects: true });
  const { id, product } = useProductFromRoute();
  const base = useBasisdaten().data;
  const allowed = hasStorageTab(product?.artikelart);
  const stock = useProductStock(id ?? 0, !!id && allowed);
  const journal = useMovements(id ?? 0);
  const [row, setRow] = useState<StockRow | null>(null);
  const [booking, setBooking] = useState(false);
  const me = useMe().data;
  const canBook = hasRight(me, 'ART_AENDERN') && hasRight(me, 'LAG_SEHEN');
  if (product && !allowed) return <Navigate to="/products/$id/masterdata" params={{ id: String(id) }} replace />;

  const region = (lagerkreisId: number) => base?.lagerkreise.find((k) => k.id === lagerkreisId)?.name ?? '';
  const warehouse = (lagerId: number) => base?.lager.find((l) => l.id === lagerId)?.kurzbezeichnung ?? String(lagerId);
  const q = (v: number) => formatDecimal(v);

  return (
    <Stack gap="md" data-testid="product-storage">
      <SubList
        title={t('storage.perWarehouse')}
        rows={stock.data}
        loading={stock.isLoading}
        rowKey={(r) => r.lagerId}
        testId="stock-per-warehouse"
        actions={
          canBook && (
            <Button size="xs" variant="light" leftSection={<IconTransferIn size={14} />} onClick={() => setBooking(true)} data-testid="stock-book">
              {t('booking.action')}
            </Button>
          )
        }
        onRowClick={(r) => r.hatLagerplaetze && setRow(r)}
        columns={[
          { key: 'lager', label: t('fields:lager'), render: (r) => `${r.kurzbezeichnung} (${r.lager})` },
          { key: 'region', label: t('storage:region'), render: (r) => region(r.lagerkreisId), visibleFrom: 'sm' },
          {
            key: 'location',
            label: t('fields:location'),
            render: (r) => (r.location ? [r.location, r.kistennummer].filter(Boolean).join(' · ') : '–'),
            visibleFrom: 'md',
          },
          { key: 'bestand', label: t('fields:bestand'), render: (r) => q(r.bestand), align: 'right' },
          { key: 'reserviert', label: t('fields:reserviert'), render: (r) => q(r.reserviert), align: 'right', visibleFrom: 'sm' },
          { key: 'bestellt', label: t('fields:bestellt'), render: (r) => q(r.bestellt), align: 'right', visibleFrom: 'sm' },
          { key: 'blockiert', label: t('fields:blockiert'), render: (r) => q(r.blockiert), align: 'right', visibleFrom: 'md' },
          { key: 'inUmlagerung', label: t('fields:inUmlagerung'), render: (r) => q(r.inUmlagerung), align: 'right', visibleFrom: 'lg' },
          {
            key: 'inKommissionierung',
            label: t('fields:inKommissionierung'),
            render: (r) => q(r.inKommissionierung),
            align: 'right',
            visibleFrom: 'lg',
          },
          { key: 'inProduktion', label: t('fields:inProduktion'), render: (r) => q(r.inProduktion), align: 'right', visibleFrom: 'lg' },
          { key: 'verfuegbar', label: t('fields:verfuegbar'), render: (r) => q(r.verfuegbar), align: 'right' },
          {
            key: 'naechsteLieferung',
            label: t('fields:naechsteLieferung'),
            render: (r) => formatDate(r.naechsteLieferung),
            visibleFrom: 'md',
          },
        ]}
      />
      <SubList
        title={t('storage.journal')}
        rows={journal.data?.result}
        count={journal.data?.resultCount}
        loading={journal.isLoading}
        rowKey={(r) => r.id}
        testId="stock-journal"
        columns={[
          { key: 'zeitpunkt', label: t('journal.zeitpunkt'), render: (r) => formatDateTime(r.zeitpunkt) },
          { key: 'lager', label: t('fields:lager'), render: (r) => warehouse(r.lagerId) },
          { key: 'feld', label: t('journal.feld'), render: (r) => t(`fields:${r.feld}`) },
          { key: 'menge', label: t('fields:menge'), render: (r) => formatDecimal(r.menge), align: 'right' },
          {
            key: 'art',
            label: t('journal.art'),
            render: (r) => arten[r.art] ?? r.art,
            visibleFrom: 'sm',
          },
          { key: 'text', label: t('journal.text'), render: (r) => r.text ?? '', visibleFrom: 'md' },
        ]}
      />
      {id && <BookingDialog opened={booking} onClose={() => setBooking(false)} artikelId={id} />}
      <PlaceStockDrawer
        opened={!!row}
        onClose={() => setRow(null)}
        artikelId={id}
        lagerId={row?.lagerId ?? null}
        title={product ? `${product.artikelnummer} · ${product.bezeichnung}` : ''}
        warehouse={row ? `${row.kurzbezeichnung} – ${base?.lager.find((l) => l.id === row.lagerId)?.bezeichnung ?? ''}` : ''}
      />
    </Stack>
  );
}
