import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { type Kundensonderpreis, kundensonderpreisEingabe } from '@vario/contract';
import type { DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { eagerSchema } from '@/components/form/eager-schema';
import { isNotFoundError } from '@/components/record-page/RecordNotFound';
import { SubRecordPanel } from '@/components/record-page/SubRecordPanel';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { useFieldLabel } from '@/i18n/field-label';
import { formatCurrency, formatPercent } from '@/lib/format';
import { deletePrice, filledTiers, savePrice, usePrice } from '../api-prices';
import { numericParam } from '../use-address-id';
import { ApzCard } from './ApzCard';
import { PriceFields } from './PriceFields';
import { useMayEditPrices } from './PricesTab';
import { TierCard } from './TierCard';

/** The form schema of the dialog (validation and field meta data). */
const kundensonderpreisEingabeForm = eagerSchema(kundensonderpreisEingabe);

type Form = z.input<typeof kundensonderpreisEingabe>;
const FIELDS = Object.keys(kundensonderpreisEingabe.shape);
const toForm = (p: Kundensonderpreis | undefined): DefaultValues<Form> =>
  p ? (Object.fromEntries(FIELDS.map((f) => [f, (p as Record<string, unknown>)[f]])) as DefaultValues<Form>) : { artikelnummer: '' };

function Stat({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder radius="sm" p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500}>
        {value || '–'}
      </Text>
    </Paper>
  );
}

/** /addresses/{id}/customerSpecificPrices/{priceId}: the price, its tiers and apz records; editing only with ART_SONDERPREISE (ADR-053..068). */
export function PriceDetail() {
  const { t } = useTranslation(['addresses', 'fields']);
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id: string; priceId: string };
  const addressId = Number(params.id);
  const priceId = numericParam(params.priceId);
  const price = usePrice(addressId, priceId);
  const canEdit = useMayEditPrices();
  const listPath = `/addresses/${addressId}/customerSpecificPrices`;
  const p = price.data;
  const f = useFieldLabel();

  const editor = useRecordEditor({
    schema: kundensonderpreisEingabeForm,
    record: p,
    isNew: false,
    toFormValues: toForm,
    canEdit,
    canRemove: canEdit,
    basePath: `${listPath}/${params.priceId}`,
    save: (data) => savePrice(addressId, priceId, data),
    remove: () => deletePrice(addressId, priceId as number),
    removeConfirmText: t('prices.removeConfirm'),
    onRemoved: () => void navigate({ to: '/addresses/$id/customerSpecificPrices', params: { id: String(addressId) } }),
  });

  const showPrices = !!p && (p.preisart === 1 || filledTiers('mengenabhaengigePreise', p.mengenabhaengigePreise).length > 0);
  const showDiscounts = !!p && (p.preisart === 2 || filledTiers('mengenabhaengigeRabatte', p.mengenabhaengigeRabatte).length > 0);
  const showApz = !!p && (p.preisart === 3 || p.zeitabhaengigePreise.length > 0);

  return (
    <Stack gap="md">
      <SubRecordPanel
        editor={editor}
        title={p ? `${p.artikelnummer} · ${p.artikelbezeichnung ?? ''}` : ''}
        back={{ to: listPath, label: t('prices.backToList') }}
        loading={price.isLoading}
        notFound={priceId === null || isNotFoundError(price.error)}
        editDisabledReason={t('prices.noRight')}
        aside={
          p && (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="md">
              <Stat label={f('sonderpreis')} value={formatCurrency(p.sonderpreis)} />
              <Stat label={f('sonderpreisBrutto')} value={formatCurrency(p.sonderpreisBrutto)} />
              <Stat label={`${f('rabatt1')} / ${f('rabatt2')}`} value={[p.rabatt1, p.rabatt2].map((r) => (r === null ? '–' : formatPercent(r))).join(' / ')} />
              <Stat label={t('prices.effective')} value={formatCurrency(p.effektiverPreis)} strong />
            </SimpleGrid>
          )
        }
      >
        <PriceFields full />
      </SubRecordPanel>
      {p && showPrices && <TierCard key={`p-${p.id}`} kind="mengenabhaengigePreise" price={p} addressId={addressId} canEdit={canEdit} />}
      {p && showDiscounts && <TierCard key={`r-${p.id}`} kind="mengenabhaengigeRabatte" price={p} addressId={addressId} canEdit={canEdit} />}
      {p && showApz && <ApzCard price={p} addressId={addressId} canEdit={canEdit} />}
    </Stack>
  );
}
