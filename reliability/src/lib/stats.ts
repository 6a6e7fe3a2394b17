// Counters of one harness run and the violations it found; printed as the summary at the end.

export const stats = {
  requests: 0,
  refusals: 0,
  serverErrors: 0,
  crashesSurvived: 0,
  acknowledgedLost: 0,
  invariantViolations: 0,
};

export const violations: string[] = [];

/** Records a violation (an invariant broken, a 5xx, a write lost …) with what proves it. */
export function violation(section: string, message: string) {
  stats.invariantViolations++;
  violations.push(`[${section}] ${message}`);
  console.log(`  ✖ ${section}: ${message}`);
}

/** Counts one answer: 5xx are violations of their own kind. */
export function countAnswer(section: string, what: string, status: number, body?: string) {
  stats.requests++;
  if (status >= 500) {
    stats.serverErrors++;
    violations.push(`[${section}] ${status} from ${what}${body ? `: ${body.slice(0, 200)}` : ''}`);
    console.log(`  ✖ ${section}: ${status} from ${what}`);
  } else if (status >= 400) stats.refusals++;
}

export function printSummary(seconds: number) {
  const line = (k: string, v: number | string) => console.log(`  ${k.padEnd(32)} ${v}`);
  console.log('\n══ Reliability summary ══');
  line('requests tried', stats.requests);
  line('refusals (4xx)', stats.refusals);
  line('5xx (must be 0)', stats.serverErrors);
  line('crashes survived', stats.crashesSurvived);
  line('acknowledged writes lost (0)', stats.acknowledgedLost);
  line('invariant violations (0)', stats.invariantViolations);
  line('seconds', seconds.toFixed(1));
  if (violations.length) {
    console.log('\nViolations:');
    const seen = new Map<string, number>();
    for (const v of violations) seen.set(v, (seen.get(v) ?? 0) + 1);
    const all = [...seen];
    for (const [v, n] of all.slice(0, 80)) console.log(`  - ${v}${n > 1 ? ` (×${n})` : ''}`);
    if (all.length > 80) console.log(`  … and ${all.length - 80} more`);
  }
}

export const failed = () => stats.serverErrors > 0 || stats.acknowledgedLost > 0 || stats.invariantViolations > 0;
