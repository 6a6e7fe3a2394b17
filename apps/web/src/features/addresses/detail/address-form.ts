import fields from 'virtual:form-meta/adresseEingabe';
import { type Adresse, standardERechnungFormat } from '@vario/contract';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { lazySchema } from '@/components/form/lazy-schema';
import type { SCHEMAS } from '@/components/form/validation';

export const addressSchema = lazySchema('adresseEingabe', fields);
export type AddressFormValues = z.input<typeof SCHEMAS.adresseEingabe>;

const FIELDS = Object.keys(addressSchema.fields) as (keyof AddressFormValues)[];

/** Defaults of a new address: a company customer in Germany receiving ZUGFeRD e-invoices (the contract's default). */
export const NEW_ADDRESS: DefaultValues<AddressFormValues> = {
  name1: '',
  anrede: 'Firma',
  art: 'LEGAL',
  lkz: 'DE',
  istKunde: true,
  istLieferant: false,
  gesperrt: false,
  unvollstaendig: false,
  oeffentlich: false,
  erechnungFormat: standardERechnungFormat(false),
  steuerfall: 'inland',
};

/** The writable fields of a loaded address (ADR-024); a new one gets the defaults. */
export function toAddressForm(a: Adresse | undefined): DefaultValues<AddressFormValues> {
  if (!a) return NEW_ADDRESS;
  return Object.fromEntries(FIELDS.map((f) => [f, (a as Record<string, unknown>)[f]])) as DefaultValues<AddressFormValues>;
}
