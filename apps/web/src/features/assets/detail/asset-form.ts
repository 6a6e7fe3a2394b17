import fields from 'virtual:form-meta/assetEingabe';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { lazySchema } from '@/components/form/lazy-schema';
import type { SCHEMAS } from '@/components/form/validation';
import type { Asset } from '../api';

export const assetSchema = lazySchema('assetEingabe', fields);
export type AssetFormValues = z.input<typeof SCHEMAS.assetEingabe>;

const FIELDS = Object.keys(assetSchema.fields) as (keyof AssetFormValues)[];
export const ASSET_FREE_FIELDS = ['s01', 's02', 's03', 's04', 's05', 's06'] as const;

export const NEW_ASSET: DefaultValues<AssetFormValues> = { assetnummer: '', bezeichnung: '', istAktiv: true, abweichenderStandort: false };

/** The writable fields of a loaded asset (ASS-004); a new one gets the defaults. */
export function toAssetForm(a: Asset | undefined): DefaultValues<AssetFormValues> {
  if (!a) return NEW_ASSET;
  return Object.fromEntries(FIELDS.map((f) => [f, (a as Record<string, unknown>)[f]])) as DefaultValues<AssetFormValues>;
}
