import "server-only";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { poolStats } from "@/lib/db";
import { backgroundWorkCounts } from "./queries";
import { routeLabel } from "./route-label";

/**
 * The Prometheus metrics of this process (GET /api/metrics): request durations by route, background work waiting and
 * failed, field-app sync entries by outcome, the database pool, and Node's own (memory, event loop, GC).
 * One registry per process, kept across dev reloads.
 */
function createMetrics() {
  const registry = new Registry();
  registry.setDefaultLabels({ service: "rinbondhu" });
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern, method and status class.",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const fieldSyncEntries = new Counter({
    name: "field_sync_entries_total",
    help: "Collections sent by the field app, by what the server did with them.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const jobs = new Gauge({ name: "job_queue_jobs", help: "Jobs in the queue by status (queued, running, failed).", labelNames: ["status"] as const, registers: [registry] });
  const outbox = new Gauge({ name: "outbox_messages", help: "Outbox messages not sent, by status (pending, failed).", labelNames: ["status"] as const, registers: [registry] });
  const pool = new Gauge({ name: "db_pool_connections", help: "Database pool connections by state (total, idle, waiting callers, max).", labelNames: ["state"] as const, registers: [registry] });
  const scrapeErrors = new Counter({ name: "metrics_collect_errors_total", help: "Scrapes whose database figures could not be read.", registers: [registry] });

  /** Reads what lives in the database just before a scrape: one grouped count per table. */
  async function collectFromDatabase(): Promise<void> {
    const stats = poolStats();
    pool.set({ state: "total" }, stats.total);
    pool.set({ state: "idle" }, stats.idle);
    pool.set({ state: "waiting" }, stats.waiting);
    if (stats.max !== undefined) pool.set({ state: "max" }, stats.max);
    try {
      const counts = await backgroundWorkCounts();
      for (const status of ["queued", "running", "failed"]) jobs.set({ status }, counts.jobs[status] ?? 0);
      for (const status of ["pending", "failed"]) outbox.set({ status }, counts.outbox[status] ?? 0);
    } catch {
      scrapeErrors.inc();
    }
  }

  return { registry, requestDuration, fieldSyncEntries, collectFromDatabase };
}

const globalForMetrics = globalThis as unknown as { metrics?: ReturnType<typeof createMetrics> };
const metrics = (globalForMetrics.metrics ??= createMetrics());

/** Called for every finished request (instrumentation.ts). */
export function observeRequest(method: string, path: string, statusCode: number, seconds: number): void {
  metrics.requestDuration.observe({ route: routeLabel(path, statusCode), method, status: `${Math.floor(statusCode / 100)}xx` }, seconds);
}

export function countFieldSyncEntries(outcomes: readonly string[]): void {
  for (const outcome of outcomes) metrics.fieldSyncEntries.inc({ outcome });
}

/** The text Prometheus reads. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  await metrics.collectFromDatabase();
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}
