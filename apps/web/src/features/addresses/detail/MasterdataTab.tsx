import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ERECHNUNG_FORMAT_INFO, type ERechnungLieferformat } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { CountryPicker } from '@/components/form/CountryPicker';
import { FormCard } from '@/components/form/FormCard';
import { CurrencyField, DateField, NumberField, SelectField, SwitchField, TextField } from '@/components/form/fields';
import { useRecordEditorContext } from '@/components/record-page/RecordPage';
import { RecordStamps } from '@/components/record-page/RecordStamps';
import { useFieldLabel } from '@/i18n/field-label';
import { useReferenceLabels } from '@/i18n/reference';
import { formatCurrency } from '@/lib/format';
import { usePriceGroupList } from '@/lib/reference-data';
import { useAddressFromRoute } from '../use-address-id';

const FREE_FIELDS = ['s01', 's02', 's03', 's04', 's05', 's06', 's07', 's08', 's09', 's10'] as const;

/** Every address field of ADR-024 in cards; view mode read-only, edit mode from the record page (ADR-023). */
export function MasterdataTab() {
  const { t } = useTranslation(['addresses', 'fields']);
  const editor = useRecordEditorContext();
  const base = useBasisdaten().data;
  const { address } = useAddressFromRoute();
  const users = (base?.benutzer ?? []).filter((u) => u.id > 0).map((u) => ({ value: String(u.id), label: `${u.kuerzel} – ${u.name}` }));
  const payments = (base?.zahlungsarten ?? []).map((z) => ({ value: String(z.id), label: z.bezeichnung }));
  const deliveries = (base?.lieferbedingungen ?? []).map((l) => ({ value: String(l.id), label: l.bezeichnung }));
  // the client's price groups 1–17 (APP-028) in their order; they set the graduated prices of the address's documents
  const ref = useReferenceLabels();
  const priceGroups = (usePriceGroupList().data ?? []).map((g) => {
    const name = ref.priceGroup(g.bezeichnung);
    return { value: String(g.nummer), label: name.includes(String(g.nummer)) ? name : `${g.nummer} – ${name}` };
  });
  const f = useFieldLabel();
  const anrede: Record<string, string> = t('anrede', { returnObjects: true });
  const art: Record<string, string> = t('art', { returnObjects: true });
  const formate: Record<string, string> = t('erechnungFormat', { returnObjects: true });
  const steuerfaelle: Record<string, string> = t('steuerfall', { returnObjects: true });

  return (
    <Stack gap="md" data-testid="address-masterdata">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <FormCard title={t('cards.name')}>
          <SelectField name="anrede" label={f('anrede')} optionLabel={(v) => anrede[v] ?? v} keepOrder />
          <SelectField name="art" label={f('art')} optionLabel={(v) => art[v] ?? v} keepOrder />
          <TextField name="name1" label={f('name1')} />
          <TextField name="name2" label={f('name2')} />
          <TextField name="name3" label={f('name3')} />
          <TextField name="kurzname" label={f('kurzname')} />
        </FormCard>
        <FormCard title={t('cards.numbers')}>
          <NumberField name="adressnummer" label={f('adressnummer')} description={editor.isNew ? t('numberAssigned') : undefined} min={1} />
          <NumberField name="kundennummer" label={f('kundennummer')} min={1} />
          <NumberField name="lieferantennummer" label={f('lieferantennummer')} min={1} />
          <SelectField name="abcKennung" label={f('abcKennung')} keepOrder />
          <SwitchField name="istKunde" label={f('istKunde')} />
          <SwitchField name="istLieferant" label={f('istLieferant')} />
          <SwitchField name="gesperrt" label={f('gesperrt')} />
          <SwitchField name="unvollstaendig" label={f('unvollstaendig')} />
        </FormCard>
        <FormCard title={t('cards.address')}>
          <TextField name="strasse" label={f('strasse')} />
          <CountryPicker name="lkz" label={f('lkz')} />
          <TextField name="plz" label={f('plz')} />
          <TextField name="ort" label={f('ort')} />
        </FormCard>
        <FormCard title={t('cards.contact')}>
          <TextField name="telefon" label={f('telefon')} type="tel" />
          <TextField name="mobil" label={f('mobil')} type="tel" />
          <TextField name="fax" label={f('fax')} type="tel" />
          <TextField name="email" label={f('email')} type="email" />
          <TextField name="website" label={f('website')} type="url" />
        </FormCard>
        <FormCard title={t('cards.sales')}>
          <CurrencyField name="kreditlimit" label={f('kreditlimit')} />
          <TextInput label={f('opvBetrag')} value={formatCurrency(address?.opvBetrag ?? null)} readOnly variant="filled" data-testid="field-opvBetrag" />
          <SelectField name="zahlart" label={f('zahlart')} data={payments} numeric />
          <SelectField name="lieferart" label={f('lieferart')} data={deliveries} numeric />
          <SelectField name="preisgruppe" label={f('preisgruppe')} data={priceGroups} numeric keepOrder />
          <SelectField name="vertreter1" label={f('vertreter1')} data={users} numeric />
          <SelectField name="vertreter2" label={f('vertreter2')} data={users} numeric />
          <SelectField name="vertreter3" label={f('vertreter3')} data={users} numeric />
          <DateField name="erstkontakt" label={f('erstkontakt')} />
        </FormCard>
        <FormCard title={t('cards.einvoice')}>
          <SwitchField name="oeffentlich" label={f('oeffentlich')} />
          <SelectField
            name="erechnungFormat"
            label={f('erechnungFormat')}
            optionLabel={(v) => formate[v] ?? ERECHNUNG_FORMAT_INFO[v as ERechnungLieferformat]?.name ?? v}
            keepOrder
          />
          <TextField name="leitwegId" label={f('leitwegId')} description={t('einvoiceHint')} />
          <TextField name="erechnungEmail" label={f('erechnungEmail')} type="email" />
          <TextField name="ustId" label={f('ustId')} />
          <SelectField name="steuerfall" label={f('steuerfall')} optionLabel={(v) => steuerfaelle[v] ?? v} keepOrder />
          <TextField name="steuerbefreiungsgrund" label={f('steuerbefreiungsgrund')} />
        </FormCard>
        <FormCard title={t('cards.notes')} cols={1}>
          <TextField name="erstkontaktBemerkung" label={f('erstkontaktBemerkung')} />
          <TextField name="notiz" label={f('notiz')} multiline rows={4} />
        </FormCard>
      </SimpleGrid>
      <FormCard title={t('cards.freeFields')} cols={3}>
        {FREE_FIELDS.map((s) => (
          <TextField key={s} name={s} label={t('freeField', { n: Number(s.slice(1)) })} />
        ))}
      </FormCard>
      <RecordStamps record={address} text={(key, date) => t(key, { date })} />
    </Stack>
  );
}
