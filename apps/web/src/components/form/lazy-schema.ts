import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldsMeta } from './field-meta';
import type { FormSchema } from './schema';
import type { LazySchemaName, SCHEMAS } from './validation';

/**
 * The form schema of a record page without zod on its first load: the fields' meta data come from the build
 * (`virtual:form-meta/<name>`, computed from the same contract schema by `fieldsMeta`), the validation loads the
 * contract's schema and zod when the form first checks a value (entering edit mode starts that load: `preloadValidation`).
 */
export function lazySchema<N extends LazySchemaName>(name: N, fields: FieldsMeta): FormSchema<(typeof SCHEMAS)[N]> {
  type S = (typeof SCHEMAS)[N];
  let loaded: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  const load = () => {
    // cannot be typed: the resolver of a schema picked by name (zodResolver's overloads, see eager-schema.ts)
    loaded ??= import('./validation').then(
      (m) => m.resolverFor(name) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
      (e: unknown) => {
        loaded = undefined; // a failed load (offline) is tried again by the next check
        throw e;
      },
    );
    return loaded;
  };
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, options) => (await load())(values, context, options);
  return {
    fields,
    resolver: resolver as FormSchema<S>['resolver'],
    preload: () => void load().catch(() => undefined),
  };
}
