/**
 * The texts of every namespace (German, which has every key), for the typed keys: each namespace's `index.ts`
 * (`i18n/<ns>/index.ts`, `features/<area>/i18n/index.ts`) merges its own here, so a new area adds no line:
 * `declare module '@/i18n/resources' { interface NamespaceTexts { addresses: typeof de } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the namespaces' declarations (declaration merging)
export interface NamespaceTexts {}
export type Namespace = keyof NamespaceTexts;
/** The same as a plain object type (i18next's resources need one). */
export type NamespaceResources = { [N in Namespace]: NamespaceTexts[N] };
type Texts = Record<string, unknown>;
/** The namespace of a texts file: `i18n/<ns>/<lng>.json` or `features/<folder>/i18n/<lng>.json`, a kebab-case folder
 * in camelCase (`sale-documents` → `saleDocuments`, as its `index.ts` names it). */
const namespaceOf = (path: string) =>
  /([^/]+)\/(?:i18n\/)?[a-z]{2}\.json$/.exec(path)?.[1]?.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as Namespace;
const byNamespace = (files: Record<string, Texts>) => Object.fromEntries(Object.entries(files).map(([path, texts]) => [namespaceOf(path), texts]));

/** German, the default language, loads with the app (found by file, so a new area's texts need no line here). */
export const GERMAN = byNamespace(
  import.meta.glob<Texts>(['./*/de.json', '../features/*/i18n/de.json', '../features/*/*/i18n/de.json'], { eager: true, import: 'default' }),
) as NamespaceResources;
const OTHERS = import.meta.glob<Texts>(
  ['./*/en.json', './*/fr.json', '../features/*/i18n/en.json', '../features/*/i18n/fr.json', '../features/*/*/i18n/en.json', '../features/*/*/i18n/fr.json'],
  {
    import: 'default',
  },
);

/** One namespace's texts in English or French, fetched when that language is first used (then cached by i18next). */
export function loadTexts(lng: string, ns: string): Promise<Texts> {
  const entry = Object.entries(OTHERS).find(([path]) => path.endsWith(`/${lng}.json`) && namespaceOf(path) === ns);
  return entry ? entry[1]() : Promise.reject(new Error(`no texts ${lng}/${ns}`));
}

/** Every namespace, the shared one first: `useTranslation(ALL_NAMESPACES)` translates keys of any area (`ns:key`). */
export const ALL_NAMESPACES = ['app', ...Object.keys(GERMAN).filter((ns) => ns !== 'app')] as ['app', ...Namespace[]];

export const LANGUAGES = ['de', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
