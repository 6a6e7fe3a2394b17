import fields from 'virtual:form-meta/artikelEingabe';
import type { Artikel } from '@vario/contract';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { lazySchema } from '@/components/form/lazy-schema';
import type { SCHEMAS } from '@/components/form/validation';

export const productSchema = lazySchema('artikelEingabe', fields);
export type ProductFormValues = z.input<typeof SCHEMAS.artikelEingabe>;

const FIELDS = Object.keys(productSchema.fields) as (keyof ProductFormValues)[];
export const FREE_FIELDS = ['s01', 's02', 's03', 's04', 's05', 's06', 's07', 's08', 's09', 's10'] as const;

/** Defaults of a new product: a stocked article at 19 % VAT. */
export const NEW_PRODUCT: DefaultValues<ProductFormValues> = {
  artikelnummer: '',
  bezeichnung: '',
  artikelart: '1',
  gesperrt: false,
  vknetto: 0,
  mwstsatz: 19,
  preiseinheit: 1,
  istRabattierfaehig: true,
  istChargenArtikel: false,
  istSeriennummernArtikel: false,
  istSkontofaehig: true,
  staffel: null,
};

/** The writable fields of a loaded product (ART-009); a new one gets the defaults. */
export function toProductForm(a: Artikel | undefined): DefaultValues<ProductFormValues> {
  if (!a) return NEW_PRODUCT;
  return Object.fromEntries(FIELDS.map((f) => [f, (a as Record<string, unknown>)[f]])) as DefaultValues<ProductFormValues>;
}

/** The storage tab shows only for stocked articles (ART-006); service storage also needs a technician (ART-007, RIGHT-006). */
export const hasStorageTab = (artikelart: string | undefined) => artikelart === '1';
export const hasServiceStorageTab = (artikelart: string | undefined, isTechnician: boolean) => artikelart === '1' && isTechnician;
