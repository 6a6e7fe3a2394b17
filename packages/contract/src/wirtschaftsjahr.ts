/** The fiscal year's start (STAT-005), without zod: the web's first load reads it. */

/** The fiscal-year start month (STAT-005), 1..12, default 1. */
export const WIRTSCHAFTSJAHR_PARAMETER = 'PFA.WIRTSCHAFTSJAHRBEGINN';
/** The month a fiscal year starts from the parameter's text: a whole number 1..12, anything else 1. */
export function wirtschaftsjahrBeginn(wert: string | null | undefined): number {
  const n = Number(wert);
  return Number.isInteger(n) && n >= 1 && n <= 12 ? n : 1;
}
