import { currentLanguage, DATE_FORMAT, type FormatLanguage, INTL_LOCALE } from './locale';

/**
 * Reading what a user typed, in the user's language (issue 9 items 1 and 2): a date or number is either understood
 * exactly or refused — never guessed, cut or emptied.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false };

const fail = { ok: false } as const;
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A real calendar day (no 31.02.) as ISO `YYYY-MM-DD`, or null. */
function isoDay(y: number, m: number, d: number): string | null {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d > last ? null : `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** Two-digit years are 20yy. */
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/**
 * A typed date as ISO `YYYY-MM-DD`. Accepted: ISO itself; de `T.M.JJ`/`TT.MM.JJJJ` and 6 or 8 digits `311226`/`31122026`;
 * fr `J/M/AA`/`JJ/MM/AAAA` and the digit forms; en `M/D/YY`/`MM/DD/YYYY` and `MMDDYYYY`. An empty text is null.
 */
export function parseDate(text: string, lang: FormatLanguage = currentLanguage()): Parsed<string | null> {
  const s = text.trim();
  if (s === '') return ok(null);
  const iso = s.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (iso) return orFail(isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3])));
  const sep = lang === 'de' ? '\\.' : '/';
  const parts = s.match(new RegExp(`^(\\d{1,2})${sep}(\\d{1,2})${sep}(\\d{2}|\\d{4})$`));
  const digits = s.match(/^(\d{2})(\d{2})(\d{2}|\d{4})$/);
  const m = parts ?? digits;
  if (!m) return fail;
  const [a, b, y] = [Number(m[1]), Number(m[2]), fullYear(m[3] ?? '')];
  return orFail(lang === 'en' ? isoDay(y, a, b) : isoDay(y, b, a));
}

const orFail = (v: string | null): Parsed<string | null> => (v === null ? fail : ok(v));

/** An ISO date in the user's language's way of writing it (de 31.12.2026, en 12/31/2026, fr 31/12/2026). */
export function formatDateInput(iso: string | null | undefined, lang: FormatLanguage = currentLanguage()): string {
  const m = iso?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!m) return '';
  const [, y, mo, d] = m;
  if (lang === 'en') return `${mo}/${d}/${y}`;
  return lang === 'fr' ? `${d}/${mo}/${y}` : `${d}.${mo}.${y}`;
}

export const datePlaceholder = (lang: FormatLanguage = currentLanguage()) => DATE_FORMAT[lang].placeholder;

const SEPARATORS: Record<FormatLanguage, { group: string; decimal: string }> = {
  de: { group: '\\.', decimal: ',' },
  en: { group: ',', decimal: '\\.' },
  // French groups with a (narrow) no-break space or a plain space
  fr: { group: '[ \\u00a0\\u202f]', decimal: ',' },
};

export interface NumberParseOptions {
  /** Fraction digits kept; more are rounded half away from zero (money: 2). */
  scale?: number;
  /** Whole numbers only: a fraction is refused rather than rounded. */
  integer?: boolean;
  /** More fraction digits than `scale` are refused rather than rounded (a price: 1,234 € is no amount, SVC-043). */
  exact?: boolean;
}

/**
 * A typed number in the user's language: de `1.234,56`, en `1,234.56`, fr `1 234,56`; thousands groups are optional
 * but must have 3 digits; a euro or percent sign around it is ignored; more fraction digits than `scale` are rounded
 * half away from zero (12.345,675 → 12345.68). Letters, a wrong separator or a misplaced group are refused. Empty is null.
 */
export function parseNumber(text: string, opts: NumberParseOptions = {}, lang: FormatLanguage = currentLanguage()): Parsed<number | null> {
  const s = text
    .trim()
    .replace(/^€\s*|\s*[€%]$/g, '')
    .replace(/^\u2212/, '-');
  if (s === '') return ok(null);
  const { group, decimal } = SEPARATORS[lang];
  const re = new RegExp(`^(-)?(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${decimal}(\\d+))?$`);
  const m = s.match(re);
  if (!m) return fail;
  const negative = m[1] === '-';
  const whole = (m[2] ?? '').replace(/\D/g, '');
  const fraction = m[3] ?? '';
  if (opts.integer && /[1-9]/.test(fraction)) return fail;
  const scale = opts.integer ? 0 : (opts.scale ?? 6);
  if (opts.exact && /[1-9]/.test(fraction.slice(scale))) return fail;
  let units = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  if ((fraction[scale] ?? '0') >= '5') units += 1n;
  const value = Number(units) / 10 ** scale;
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return fail;
  return ok(negative && value !== 0 ? -value : value);
}

/** A number as the input shows it in the user's language (money with `scale` fixed digits; identifiers ungrouped). */
export function formatNumberInput(
  value: number | null | undefined,
  opts: { scale?: number; fixed?: boolean; grouped?: boolean } = {},
  lang: FormatLanguage = currentLanguage(),
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const scale = opts.scale ?? 0;
  return new Intl.NumberFormat(INTL_LOCALE[lang], {
    minimumFractionDigits: opts.fixed ? scale : 0,
    maximumFractionDigits: scale,
    useGrouping: opts.grouped ?? true,
  }).format(value);
}

/** Money at its scale, rounded half away from zero (what the server stores in minor units). */
export function roundMoney(value: number, scale = 2): number {
  const f = 10 ** scale;
  const r = Math.round(Math.abs(value) * f + 1e-9) / f;
  return value < 0 ? -r : r;
}
