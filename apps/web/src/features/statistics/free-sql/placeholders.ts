import { FREIESQL_PARAMETER_NAME, type FreieSqlParameter } from '@vario/contract';

/**
 * The `:name` placeholders of a report's text, in order of first use, for the form's "take from the placeholders": a
 * helper for typing, not a check (the server reads the text properly and refuses what does not fit). Text in quotes,
 * comments and `::` casts are skipped.
 */
export function placeholdersOf(text: string): string[] {
  const plain = text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, ' ')
    .replace(/::/g, ' ');
  const names: string[] = [];
  for (const m of plain.matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)) {
    const name = m[1] as string;
    if (FREIESQL_PARAMETER_NAME.test(name) && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The parameter definitions after taking the placeholders: kept where a name stays, new ones as text. */
export function mergePlaceholders(current: FreieSqlParameter[], names: string[]): FreieSqlParameter[] {
  return names.map((name) => current.find((p) => p.name === name) ?? { name, bezeichnung: name, typ: 'text' });
}
