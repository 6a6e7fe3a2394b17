import { Group } from '@mantine/core';
import { buchungEingabe } from '@vario/contract';
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { eagerSchema } from '@/components/form/eager-schema';
import { NumberField, SelectField, TextField } from '@/components/form/fields';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { notifySuccess } from '@/lib/api/error-handler';
import { useStoragePlaces } from '../../storage/api';
import { bookStock } from '../api';

const ARTEN = ['ZUGANG', 'ABGANG', 'UMBUCHUNG', 'INVENTUR'] as const;

/**
 * The contract's booking plus the rule only the warehouses know: a warehouse that keeps storage places needs the
 * place, for the source and for a transfer's target — checked before saving, as the server does (issue 9 item 7).
 */
export function bookingSchema(withPlaces: (lagerId: number | undefined) => boolean) {
  return buchungEingabe.superRefine((b, ctx) => {
    if (withPlaces(b.lagerId) && b.lagerplatzId == null) ctx.addIssue({ code: 'custom', message: 'Bitte einen Wert eingeben', path: ['lagerplatzId'] });
    if (b.art === 'UMBUCHUNG' && withPlaces(b.nachLagerId) && b.nachLagerplatzId == null)
      ctx.addIssue({ code: 'custom', message: 'Bitte einen Wert eingeben', path: ['nachLagerplatzId'] });
  });
}

/**
 * A manual stock booking of one product (arrival, issue, transfer, inventory count) through the single stock service
 * (`POST /lager/buchungen`): warehouses with storage places ask for the place; a count books the difference.
 */
export function BookingDialog(props: { opened: boolean; onClose: () => void; artikelId: number; lagerId?: number | null }) {
  const { t } = useTranslation(['products', 'fields']);
  const lager = useBasisdaten().data?.lager;
  const schema = useMemo(() => eagerSchema(bookingSchema((id) => !!lager?.find((l) => l.id === id)?.hatLagerplaetze)), [lager]);
  return (
    <SchemaFormDialog
      opened={props.opened}
      onClose={props.onClose}
      title={t('booking.title')}
      schema={schema}
      defaultValues={{ art: 'ZUGANG', artikelId: props.artikelId, lagerId: props.lagerId ?? undefined, lagerplatzId: null, menge: undefined, text: null }}
      submitLabel={t('booking.submit')}
      onSubmit={async (values) => {
        await bookStock(values);
        props.onClose();
        notifySuccess(t('booking.booked'));
      }}
    >
      <BookingFields />
    </SchemaFormDialog>
  );
}

function BookingFields() {
  const { t } = useTranslation(['products', 'fields']);
  const base = useBasisdaten().data;
  const art = useWatch({ name: 'art' }) as (typeof ARTEN)[number];
  const warehouses = (base?.lager ?? []).map((l) => ({ value: String(l.id), label: `${l.kurzbezeichnung} – ${l.bezeichnung}` }));
  return (
    <>
      <SelectField name="art" label={t('journal.art')} data={ARTEN.map((a) => ({ value: a, label: t(`journal.arten.${a}`) }))} keepOrder />
      <Place from="lagerId" place="lagerplatzId" label={art === 'UMBUCHUNG' ? t('booking.fromWarehouse') : t('fields:lager')} warehouses={warehouses} />
      {art === 'UMBUCHUNG' && <Place from="nachLagerId" place="nachLagerplatzId" label={t('booking.toWarehouse')} warehouses={warehouses} required />}
      <NumberField
        name="menge"
        label={art === 'INVENTUR' ? t('booking.counted') : t('fields:menge')}
        description={art === 'INVENTUR' ? t('booking.countedHint') : undefined}
        min={0}
        decimals={3}
      />
      <TextField name="text" label={t('journal.text')} multiline rows={2} />
    </>
  );
}

/** A warehouse and, when it keeps storage places, its place; choosing another warehouse clears the place. */
function Place(props: {
  from: 'lagerId' | 'nachLagerId';
  place: 'lagerplatzId' | 'nachLagerplatzId';
  label: string;
  warehouses: { value: string; label: string }[];
  /** The warehouse is required (a transfer's target). */
  required?: boolean;
}) {
  const { t } = useTranslation(['products', 'fields']);
  const { setValue } = useFormContext();
  const lagerId = (useWatch({ name: props.from }) as number | undefined) ?? null;
  const base = useBasisdaten().data;
  const hasPlaces = !!base?.lager.find((l) => l.id === lagerId)?.hatLagerplaetze;
  const places = useStoragePlaces(hasPlaces ? lagerId : null).data ?? [];
  useEffect(() => {
    setValue(props.place, null);
  }, [lagerId, props.place, setValue]);
  return (
    <Group grow align="flex-start">
      <SelectField name={props.from} label={props.label} data={props.warehouses} numeric searchable required={props.required} />
      {hasPlaces && (
        <SelectField
          name={props.place}
          label={t('booking.place')}
          data={places.map((p) => ({ value: String(p.id), label: p.kistennummer ? `${p.location} (${p.kistennummer})` : p.location }))}
          numeric
          searchable
          required
        />
      )}
    </Group>
  );
}
