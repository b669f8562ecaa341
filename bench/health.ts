/**
 * `npm run build && npm run bench:health`: how fast the production server answers its health endpoints, probed one
 * request at a time as a load balancer does (BENCH_ROUNDS each, default 500, after 20 warm-up requests), and the
 * metrics endpoint, on the demo database. The goal for both health endpoints: p99 under 50 ms.
 */
import { startProductionApp } from "./prepare-app";
import { timeCalls } from "./stats";

const rounds = Number(process.env.BENCH_ROUNDS ?? 500);
const metricsToken = "bench-metrics-token-0123456789abcdef0123";
process.env.METRICS_TOKEN = metricsToken;
const app = await startProductionApp();
try {
  const probe = (path: string, headers: Record<string, string> = {}) => async () => {
    const response = await fetch(`${app.baseUrl}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  };
  // The job runner's first beat comes with the server; readiness waits for nothing else.
  console.log(`Health endpoints, ${rounds} requests each, one at a time (ms, client side):`);
  for (const [label, path, headers] of [
    ["GET /api/health/live", "/api/health/live", {}],
    ["GET /api/health/ready", "/api/health/ready", {}],
    ["GET /api/metrics", "/api/metrics", { authorization: `Bearer ${metricsToken}` }],
  ] as const) {
    const result = await timeCalls(label, probe(path, headers), { rounds, warmUp: 20, width: 24 });
    if (path.startsWith("/api/health")) console.log(`  ${label}: p99 ${result.p99.toFixed(1)} ms ${result.p99 < 50 ? "meets" : "MISSES"} the 50 ms goal`);
  }
} finally {
  await app.stop();
}
