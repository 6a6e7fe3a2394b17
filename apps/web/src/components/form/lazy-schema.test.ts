import adresseEingabe from 'virtual:form-meta/adresseEingabe';
import artikelEingabe from 'virtual:form-meta/artikelEingabe';
import assetEingabe from 'virtual:form-meta/assetEingabe';
import belegKopfEingabe from 'virtual:form-meta/belegKopfEingabe';
import dealEingabe from 'virtual:form-meta/dealEingabe';
import offenerPostenAenderung from 'virtual:form-meta/offenerPostenAenderung';
import ticketEingabe from 'virtual:form-meta/ticketEingabe';
import { describe, expect, it } from 'vitest';
import { eagerSchema } from './eager-schema';
import { fieldsMeta } from './field-meta';
import { lazySchema } from './lazy-schema';
import { type LazySchemaName, SCHEMAS } from './validation';

const BUILT: Record<LazySchemaName, unknown> = {
  adresseEingabe,
  artikelEingabe,
  assetEingabe,
  belegKopfEingabe,
  dealEingabe,
  offenerPostenAenderung,
  ticketEingabe,
};

describe('lazy form schemas (zod off the record view)', () => {
  it.each(Object.keys(SCHEMAS) as LazySchemaName[])('[HTTP-038] the build knows the fields of %s as the contract schema says them', (name) => {
    expect(BUILT[name]).toEqual(fieldsMeta(SCHEMAS[name]));
  });

  it('the field meta data say required, options and length', () => {
    expect(adresseEingabe.name1).toMatchObject({ required: true, nullable: false, maxLength: expect.any(Number) });
    expect(adresseEingabe.art?.options).toContain('LEGAL');
    expect(adresseEingabe.name2).toMatchObject({ required: false, nullable: true });
  });

  it('[HTTP-042] the lazy resolver loads the schema on the first check and refuses what the eager one refuses', async () => {
    const lazy = lazySchema('adresseEingabe', adresseEingabe);
    const eager = eagerSchema(SCHEMAS.adresseEingabe);
    const opts = { fields: {}, shouldUseNativeValidation: false } as const;
    const bad = { name1: '', anrede: 'Firma', art: 'LEGAL', lkz: 'DE' } as const;
    const [a, b] = await Promise.all([lazy.resolver(bad, undefined, opts), eager.resolver(bad, undefined, opts)]);
    expect(Object.keys(a.errors)).toContain('name1');
    expect(a.errors).toEqual(b.errors);
    const good = { ...bad, name1: 'Müller GmbH' };
    const ok = await lazy.resolver(good, undefined, opts);
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ name1: 'Müller GmbH' });
  });
});
