/** Latency summary shared by the benchmarks (milliseconds in, milliseconds out). */
export type Stats = { n: number; mean: number; p50: number; p95: number; p99: number; max: number };

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    n: sorted.length,
    mean: sorted.reduce((s, v) => s + v, 0) / sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

/** The middle sample (the upper of the two middle ones for an even count). */
export function median(samples: number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

export function formatStats(s: Stats): string {
  const f = (v: number) => v.toFixed(1);
  return `n=${s.n} mean ${f(s.mean)} ms, p50 ${f(s.p50)}, p95 ${f(s.p95)}, p99 ${f(s.p99)}, max ${f(s.max)}`;
}

/** Calls `fn` `warmUp` times, then `rounds` times against the clock, and prints `label` with the summary. */
export async function timeCalls(label: string, fn: () => Promise<unknown>, options: { rounds: number; warmUp?: number; width?: number }): Promise<Stats> {
  for (let i = 0; i < (options.warmUp ?? 5); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  const summary = stats(samples);
  console.log(`  ${label.padEnd(options.width ?? 40)} ${formatStats(summary)}`);
  return summary;
}
