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

export function formatStats(s: Stats): string {
  const f = (v: number) => v.toFixed(1);
  return `n=${s.n} mean ${f(s.mean)} ms, p50 ${f(s.p50)}, p95 ${f(s.p95)}, p99 ${f(s.p99)}, max ${f(s.max)}`;
}
