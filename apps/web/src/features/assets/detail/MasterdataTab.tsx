import { Anchor, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { FormCard } from '@/components/form/FormCard';
import { DateField, SwitchField, TextField } from '@/components/form/fields';
import { useRecordEditorContext } from '@/components/record-page/RecordPage';
import { RecordStamps } from '@/components/record-page/RecordStamps';
import { useAddress } from '@/features/addresses/api';
import { useFieldLabel } from '@/i18n/field-label';
import { hasRight } from '@/lib/rights';
import { useAssetFieldLabels } from '../api';
import { useAssetFromRoute } from '../use-asset-id';
import { ASSET_FREE_FIELDS } from './asset-form';

/** Every asset field of ASS-004: warranty and service periods, deviating location, s01–s06 labelled from sfelder (ASS-005). */
export function MasterdataTab() {
  const { t } = useTranslation(['assets', 'fields']);
  const editor = useRecordEditorContext();
  const { asset } = useAssetFromRoute();
  // the customer's name needs the address right; without it the link names the number
  const address = useAddress(hasRight(useMe().data, 'ADR_SEHEN') ? (asset?.adresseId ?? null) : null);
  const labels = useAssetFieldLabels().data ?? [];
  const deviating = useWatch({ control: editor.form.control, name: 'abweichenderStandort' }) as boolean | undefined;
  const f = useFieldLabel({ beschreibung: t('fields.beschreibung') });
  const label = (feld: string) => labels.find((l) => l.feld === feld)?.bezeichnung || t('freeField', { n: Number(feld.slice(1)) });

  return (
    <Stack gap="md" data-testid="asset-masterdata">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <FormCard title={t('cards.asset')}>
          <TextField name="assetnummer" label={f('assetnummer')} />
          <TextField name="bezeichnung" label={f('bezeichnung')} />
          <TextField name="seriennummer" label={f('seriennummer')} />
          <TextField name="imei" label={f('imei')} />
          <SwitchField name="istAktiv" label={f('istAktiv')} />
          {asset?.adresseId ? (
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {f('adresseId')}
              </Text>
              <Anchor component={Link} to={`/addresses/${asset.adresseId}/dashboard`} size="sm" data-testid="asset-address">
                {/* the customer by name and number, not "Adresse 433 öffnen" (issue 9 item 10) */}
                {address.data ? `${address.data.name1} (${address.data.adressnummer})` : t('openAddress', { id: asset.adresseId })}
              </Anchor>
            </Stack>
          ) : (
            <TextInput label={f('adresseId')} value="" readOnly variant="filled" />
          )}
        </FormCard>
        <FormCard title={t('cards.periods')}>
          <DateField name="beginnGarantie" label={f('beginnGarantie')} />
          <DateField name="endeGarantie" label={f('endeGarantie')} />
          <DateField name="beginnService" label={f('beginnService')} />
          <DateField name="endeService" label={f('endeService')} />
        </FormCard>
        <FormCard title={t('cards.location')}>
          <SwitchField name="abweichenderStandort" label={f('abweichenderStandort')} />
          <span />
          {deviating && (
            <>
              <TextField name="standortName" label={f('standortName')} />
              <TextField name="standortStrasse" label={f('standortStrasse')} />
              <TextField name="standortPlz" label={f('standortPlz')} />
              <TextField name="standortOrt" label={f('standortOrt')} />
            </>
          )}
        </FormCard>
        <FormCard title={t('cards.freeFields')}>
          {ASSET_FREE_FIELDS.map((s) => (
            <TextField key={s} name={s} label={label(s)} />
          ))}
        </FormCard>
      </SimpleGrid>
      <FormCard title={t('cards.notes')} cols={1}>
        <TextField name="bemerkung" label={f('bemerkung')} multiline rows={2} />
        <TextField name="beschreibung" label={f('beschreibung')} multiline rows={4} />
      </FormCard>
      <RecordStamps record={asset} text={(key, date) => t(key, { date })} />
    </Stack>
  );
}
