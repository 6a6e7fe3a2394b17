export const LATENCY_RUNS = 200;
export const LATENCY_WARMUP = 20;
export interface Latency {
  p50: number;
  p95: number;
  bytes: number;
}

/** Sequential request latencies (ms) after a warm-up: the numbers a single user feels. */
export async function latencies(url: string, headers: Record<string, string>, n = LATENCY_RUNS, warmup = LATENCY_WARMUP): Promise<Latency> {
  let bytes = 0;
  for (let i = 0; i < warmup; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { p50: at(0.5), p95: at(0.95), bytes };
}
