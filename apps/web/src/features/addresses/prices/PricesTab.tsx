import { Badge, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type Kundensonderpreis, kundensonderpreisNeu } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { eagerSchema } from '@/components/form/eager-schema';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { SubList } from '@/components/record-page/SubList';
import { useFieldLabel } from '@/i18n/field-label';
import { notifySuccess } from '@/lib/api/error-handler';
import { formatCurrency, formatPercent } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { savePrice, usePrices } from '../api-prices';
import { useAddressFromRoute } from '../use-address-id';
import { PriceFields } from './PriceFields';

/** The form schema of the dialog (validation and field meta data). */
const kundensonderpreisNeuForm = eagerSchema(kundensonderpreisNeu);

type Row = Omit<Kundensonderpreis, 'mengenabhaengigePreise' | 'mengenabhaengigeRabatte' | 'zeitabhaengigePreise'>;

/** Changing customer prices needs ART_SONDERPREISE besides ADR_AENDERN. */
export const useMayEditPrices = () => {
  const me = useMe().data;
  return hasRight(me, 'ADR_AENDERN') && hasRight(me, 'ART_SONDERPREISE');
};

/** Customer-specific prices of the address (ADR-053), with create. */
export function PricesTab() {
  const { t } = useTranslation(['addresses', 'fields']);
  const navigate = useNavigate();
  const { id } = useAddressFromRoute();
  const addressId = id ?? 0;
  const prices = usePrices(addressId);
  const canEdit = useMayEditPrices();
  const [open, setOpen] = useState(false);
  const f = useFieldLabel();
  const preisarten: Record<string, string> = t('prices.preisart', { returnObjects: true });
  const goTo = (priceId: number) =>
    void navigate({ to: '/addresses/$id/customerSpecificPrices/$priceId', params: { id: String(addressId), priceId: String(priceId) } });

  return (
    <>
      <SubList<Row>
        title={t('tabs.customerSpecificPrices')}
        testId="prices-list"
        rows={prices.data}
        loading={prices.isLoading}
        rowKey={(p) => p.id}
        onRowClick={(p) => goTo(p.id)}
        actions={
          canEdit && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpen(true)} data-testid="price-new">
              {t('prices.new')}
            </Button>
          )
        }
        columns={[
          {
            key: 'artikel',
            label: f('artikelnummer'),
            render: (p) => (
              <div>
                <Text size="sm" ff="monospace">
                  {p.artikelnummer}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {p.artikelbezeichnung}
                </Text>
              </div>
            ),
          },
          {
            key: 'preisart',
            label: f('preisart'),
            render: (p) => <Badge variant="light">{preisarten[p.preisart] ?? p.preisart}</Badge>,
            visibleFrom: 'sm',
          },
          { key: 'sonderpreis', label: f('sonderpreis'), render: (p) => formatCurrency(p.sonderpreis), align: 'right' },
          {
            key: 'rabatt',
            label: f('rabatt1'),
            render: (p) =>
              [p.rabatt1, p.rabatt2]
                .filter((r): r is number => r !== null)
                .map(formatPercent)
                .join(' + '),
            align: 'right',
            visibleFrom: 'md',
          },
          {
            key: 'effektiv',
            label: f('effektiverPreis'),
            render: (p) => (
              <Text fw={600} size="sm">
                {formatCurrency(p.effektiverPreis)}
              </Text>
            ),
            align: 'right',
          },
        ]}
      />
      <SchemaFormDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('prices.new')}
        schema={kundensonderpreisNeuForm}
        defaultValues={{ artikelnummer: '', preisart: 0, mwstSatz: 19 }}
        submitLabel={t('common.create')}
        onSubmit={async (values) => {
          const res = await savePrice(addressId, null, values);
          setOpen(false);
          notifySuccess(t('notify.created'));
          if (res.id) goTo(res.id);
        }}
      >
        <PriceFields />
      </SchemaFormDialog>
    </>
  );
}
