/** `1k`, `100k`, `1m` or a plain number → record count. */
export function parseScale(s: string | undefined): number {
  if (!s) return 1000;
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(s.trim());
  if (!m?.[1]) throw new Error(`Unknown scale '${s}': use e.g. 1k, 100k or 1m`);
  const n = Number(m[1]) * (m[2]?.toLowerCase() === 'k' ? 1_000 : m[2]?.toLowerCase() === 'm' ? 1_000_000 : 1);
  if (n < 1 || n > 5_000_000) throw new Error(`Scale ${s} out of range (1 to 5m)`);
  return Math.round(n);
}
