import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fieldsMeta, type ObjectSchema } from './field-meta';
import type { FormSchema } from './schema';

/**
 * A form schema over a zod schema at hand (a dialog's schema refined by rules of the screen, e.g. a booking's storage
 * place). Screens that open on view should use `lazySchema` instead, which keeps zod off their first load.
 */
export function eagerSchema<S extends ObjectSchema>(schema: S): FormSchema<S> {
  return {
    fields: fieldsMeta(schema),
    // cannot be typed: zodResolver's overloads cannot relate a generic S to its own z.input/z.output (TypeScript does
    // not resolve them for a type parameter); the resolver's type is stated here and checked by useForm's generics
    resolver: zodResolver(schema as never) as Resolver<z.input<S>, unknown, z.output<S>>,
  };
}
