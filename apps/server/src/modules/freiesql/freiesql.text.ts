import type { Dialect } from '../../db/schema-helpers';

/**
 * Reads a report's text once, token by token (string literals, quoted names, comments and, on PostgreSQL, dollar quotes
 * and `::` casts are skipped whole), and answers what the runners need — or why the text is refused:
 * - exactly one statement (a `;` may only end it) that starts with SELECT, WITH or VALUES (no PRAGMA, ATTACH, …);
 * - its `:name` placeholders, rewritten to the dialect's numbered parameters (`?1` / `$1`; a name used twice binds
 *   once; SQLite binds plain `?` in the order of `bindung`), so that values are bound and never spliced into the text;
 *   other placeholder styles are refused.
 */
export type Gelesen = { ok: true; text: string; namen: string[]; bindung: string[] } | { ok: false; meldung: string };

const IDENT = /[A-Za-z0-9_]/;
const NAME = /^[A-Za-z][A-Za-z0-9_]*/;

export function liesSql(text: string, dialect: Dialect): Gelesen {
  const pg = dialect === 'postgres';
  const namen: string[] = [];
  const bindung: string[] = [];
  let out = '';
  let i = 0;
  let ende = -1; // where the statement's closing `;` stood
  let erstesWort: string | null = null;
  const n = text.length;
  const fehler = (meldung: string): Gelesen => ({ ok: false, meldung });
  while (i < n) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (ende >= 0 && !/\s/.test(c) && c !== ';' && !(c === '-' && next === '-') && !(c === '/' && next === '*'))
      return fehler('Eine Auswertung ist genau eine Abfrage: nach dem ; darf nichts mehr folgen.');
    // comments
    if (c === '-' && next === '-') {
      const nl = text.indexOf('\n', i);
      const stop = nl < 0 ? n : nl;
      out += text.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === '/' && next === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (pg && text[j] === '/' && text[j + 1] === '*') {
          depth++;
          j += 2;
        } else if (text[j] === '*' && text[j + 1] === '/') {
          depth--;
          j += 2;
        } else j++;
      }
      if (depth > 0) return fehler('Ein Kommentar /* … */ ist nicht geschlossen.');
      out += text.slice(i, j);
      i = j;
      continue;
    }
    if (ende >= 0) {
      i++;
      continue;
    }
    // string literals and quoted names
    const eString = pg && (c === 'E' || c === 'e') && next === "'" && (i === 0 || !IDENT.test(text[i - 1] as string));
    const quote = eString ? "'" : c === "'" || c === '"' || c === '`' || (!pg && c === '[') ? c : null;
    if (quote) {
      const close = quote === '[' ? ']' : quote;
      let j = eString ? i + 2 : i + 1;
      for (;;) {
        if (j >= n) return fehler('Ein Text oder Name in Anführungszeichen ist nicht geschlossen.');
        const d = text[j];
        if (eString && d === '\\') j += 2;
        else if (d === close && close !== ']' && text[j + 1] === close) j += 2;
        else if (d === close) break;
        else j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (pg && c === '$' && (i === 0 || !IDENT.test(text[i - 1] as string))) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) {
        const stop = text.indexOf(tag[0], i + tag[0].length);
        if (stop < 0) return fehler('Ein Text in $-Zeichen ist nicht geschlossen.');
        out += text.slice(i, stop + tag[0].length);
        i = stop + tag[0].length;
        continue;
      }
      return fehler('Werte werden als :name eingesetzt; $-Platzhalter sind nicht erlaubt.');
    }
    if (c === ':' && next === ':') {
      out += '::';
      i += 2;
      continue;
    }
    if (c === ':') {
      const m = NAME.exec(text.slice(i + 1));
      if (m) {
        const name = m[0];
        let k = namen.indexOf(name);
        if (k < 0) k = namen.push(name) - 1;
        bindung.push(name);
        out += pg ? `$${k + 1}` : '?';
        i += 1 + name.length;
        continue;
      }
    }
    if (!pg && (c === '?' || c === '$' || c === '@')) return fehler('Werte werden als :name eingesetzt; ?-, $- und @-Platzhalter sind nicht erlaubt.');
    if (c === ';') {
      ende = i;
      i++;
      continue;
    }
    if (erstesWort === null && /[A-Za-z]/.test(c)) {
      erstesWort = (/^[A-Za-z]+/.exec(text.slice(i)) as RegExpExecArray)[0].toLowerCase();
      if (!['select', 'with', 'values'].includes(erstesWort))
        return fehler(`Eine Auswertung darf nur lesen: erlaubt ist eine Abfrage mit SELECT, WITH oder VALUES, nicht ${erstesWort.toUpperCase()}.`);
    } else if (erstesWort === null && !/\s/.test(c) && c !== '(') return fehler('Eine Auswertung beginnt mit SELECT, WITH oder VALUES.');
    out += c;
    i++;
  }
  if (erstesWort === null) return fehler('Die Abfrage ist leer.');
  return { ok: true, text: out.trimEnd(), namen, bindung: pg ? namen : bindung };
}
