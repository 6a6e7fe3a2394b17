import dayjs, { type Dayjs } from 'dayjs';

import { currentLanguage, DATE_FORMAT, type FormatLanguage, INTL_LOCALE } from './locale';

/** Number, money, percent and date formatting in the user's language (APP-099..104; de-DE by default). */
type DateLike = string | number | Date | Dayjs | null | undefined;

const OPTIONS = {
  compact: { notation: 'compact', maximumFractionDigits: 2 },
  euro: { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 },
  percent: { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 },
  decimal: { maximumFractionDigits: 2 },
} satisfies Record<string, Intl.NumberFormatOptions>;
type Kind = keyof typeof OPTIONS;
const cache = new Map<string, Intl.NumberFormat>();
/** One formatter per kind and language, made when first used (making one costs ~30 ms on a slow phone). */
function formatter(kind: Kind): Intl.NumberFormat {
  const lang: FormatLanguage = currentLanguage();
  const key = `${lang}:${kind}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[lang], OPTIONS[kind]);
    cache.set(key, f);
  }
  return f;
}

const isNum = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Compact notation: 1.234.567 → "1,23 Mio." in German (APP-099). */
export const formatCompact = (v: number | null | undefined) => (isNum(v) ? formatter('compact').format(v) : '');

/** Euro with two decimals: 1234.5 → "1.234,50 €" in German, "€1,234.50" in English (APP-100). */
export const formatCurrency = (v: number | null | undefined) => (isNum(v) ? formatter('euro').format(v) : '');

/** Percent values arrive as 19 for 19 %; divided by 100, at least 2 fraction digits (APP-101, APP-102). */
export const formatPercent = (v: number | null | undefined) => (isNum(v) ? formatter('percent').format(v / 100) : '');

/** Decimals with at most 2 fraction digits (APP-103). */
export const formatDecimal = (v: number | null | undefined) => (isNum(v) ? formatter('decimal').format(v) : '');

const toDayjs = (v: DateLike) => (v === null || v === undefined || v === '' ? null : dayjs(v));

/** A date as the user's language writes it: de DD.MM.YYYY (APP-104), en MM/DD/YYYY, fr DD/MM/YYYY. */
export function formatDate(v: DateLike): string {
  const d = toDayjs(v);
  return d?.isValid() ? d.format(DATE_FORMAT[currentLanguage()].format) : '';
}

/** HH:mm (APP-104). */
export function formatTime(v: DateLike): string {
  const d = toDayjs(v);
  return d?.isValid() ? d.format('HH:mm') : '';
}

export function formatDateTime(v: DateLike): string {
  const d = toDayjs(v);
  return d?.isValid() ? d.format(`${DATE_FORMAT[currentLanguage()].format} HH:mm`) : '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss between sign-in and sign-out; a dash when sign-in is after sign-out or either is missing. */
export function formatDuration(signIn: DateLike, signOut: DateLike): string {
  const a = toDayjs(signIn);
  const b = toDayjs(signOut);
  if (!a?.isValid() || !b?.isValid()) return '-';
  const seconds = b.diff(a, 'second');
  if (seconds < 0) return '-';
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

export type RelativeDayKey = 'daysAgo' | 'dayBeforeYesterday' | 'yesterday' | 'today' | 'tomorrow' | 'dayAfterTomorrow' | 'inDays';

/** The relative day label of a date against today (birthdays): its i18n key under `relative.` and the day count. */
export function relativeDay(date: DateLike, now: DateLike = new Date()): { key: RelativeDayKey; count: number } | null {
  const d = toDayjs(date);
  const n = toDayjs(now);
  if (!d?.isValid() || !n?.isValid()) return null;
  const diff = d.startOf('day').diff(n.startOf('day'), 'day');
  const named: Record<number, RelativeDayKey> = { [-2]: 'dayBeforeYesterday', [-1]: 'yesterday', 0: 'today', 1: 'tomorrow', 2: 'dayAfterTomorrow' };
  const key = named[diff];
  if (key) return { key, count: Math.abs(diff) };
  return diff < 0 ? { key: 'daysAgo', count: -diff } : { key: 'inDays', count: diff };
}
