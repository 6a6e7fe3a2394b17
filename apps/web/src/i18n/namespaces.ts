import type { Language, Namespace, NamespaceResources } from './resources';

/** The namespace of a texts module: `i18n/<ns>/index.ts` or `features/<folder>/i18n/index.ts`, the folder in camelCase. */
const namespaceOf = (path: string) => (/([^/]+)\/(?:i18n\/)?index\.ts$/.exec(path)?.[1] ?? '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The namespaces with all their texts, found by file: `app` (shared words, layout, errors; the default and fallback
 * namespace, so its keys need no prefix), `fields` (labels by API field name, `fields:name1`) and one per area
 * (`features/<area>/i18n/index.ts`, which also merges its texts' type into `NamespaceResources` for the typed keys).
 * Read by the tests (the app loads its texts through `i18n/resources.ts`).
 */
export const NAMESPACES = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>(['./*/index.ts', '../features/*/i18n/index.ts', '../features/*/*/i18n/index.ts'], { eager: true }),
  ).map(([path, module]) => [namespaceOf(path), Object.values(module)[0]]),
) as { [N in Namespace]: Record<Language, NamespaceResources[N]> };
