import "server-only";
import { after } from "next/server";
import { prisma } from "@/lib/db";
import { processMonthEndJob, queueMonthEndRun } from "@/lib/accounting/month-end";
import { env } from "@/lib/env";
import { processKycOcrJob } from "@/lib/kyc/ocr-job";
import { log } from "@/lib/ops/logger";
import { deliverPendingMessages } from "@/lib/outbox/service";
import { runDueJobs, type JobHandler, type JobKind } from "./queue";

const jobsLog = log.child({ area: "jobs" });

/** Every kind of job and what runs it. */
export const JOB_HANDLERS: Record<JobKind, JobHandler> = { "kyc.ocr": processKycOcrJob, "accounting.month-end": processMonthEndJob };

/**
 * How often a server looks for due work on its own: jobs (retries, jobs left by a server that stopped) and
 * outbox messages (first tries and retries with backoff, whatever queued them).
 */
const POLL_INTERVAL_MS = 15_000;

let running: Promise<void> | null = null;
let polling: ReturnType<typeof setInterval> | null = null;
/**
 * When the poll timer last fired, and since when the run under way has been going: the readiness check reads them. On
 * globalThis because instrumentation.ts (which polls) and the routes (the check) are bundled apart, each with its own
 * copy of this module.
 */
const beat = ((globalThis as unknown as { jobRunnerBeat?: { lastTickAt: number | null; runStartedAt: number | null } }).jobRunnerBeat ??= {
  lastTickAt: null,
  runStartedAt: null,
});
/** A run this long is stuck (a job's lease is 5 minutes, a gateway call 10 s). */
const STUCK_RUN_MS = 10 * 60_000;
/** Aborted once the process is shutting down: nothing new is claimed, claimed work is handed back. */
const shutdown = new AbortController();

/** One run at a time per process: a second call while one runs joins it. Nothing when JOB_RUNNER=off or stopping. */
export function runJobsNow(): Promise<void> {
  if (env().JOB_RUNNER === "off" || shutdown.signal.aborted) return Promise.resolve();
  running ??= (async () => {
    beat.runStartedAt = Date.now();
    // A month that has ended is queued for its month-end run (once; a failure here never stops the other work).
    await queueMonthEndRun().catch((error) => jobsLog.error({ err: error }, "month-end run not queued"));
    await runDueJobs(JOB_HANDLERS, { signal: shutdown.signal });
    await deliverPendingMessages({ signal: shutdown.signal });
  })()
    .catch((error) => {
      if (!shutdown.signal.aborted) jobsLog.error({ err: error }, "job run failed");
    })
    .finally(() => {
      running = null;
      beat.runStartedAt = null;
    });
  return running;
}

/** Starts due jobs once the response has been sent (outside a request: at once), never awaited by the caller. */
export function runJobsAfterResponse(): void {
  if (env().JOB_RUNNER === "off") return;
  try {
    after(() => runJobsNow());
  } catch {
    void runJobsNow();
  }
}

/** Called once per server process from instrumentation.ts. */
export function startJobPolling(): void {
  if (polling || env().JOB_RUNNER === "off") return;
  polling = setInterval(() => {
    beat.lastTickAt = Date.now();
    void runJobsNow();
  }, POLL_INTERVAL_MS);
  polling.unref();
  beat.lastTickAt = Date.now();
  void runJobsNow();
}

/**
 * Whether this process's background work is alive: "off" when JOB_RUNNER=off (another process does it), "ok" when
 * the poll timer fired recently and no run is stuck, otherwise what is wrong.
 */
export function jobRunnerHealth(now = Date.now()): "ok" | "off" | "not started" | "stalled" | "stuck" {
  if (env().JOB_RUNNER === "off") return "off";
  if (beat.lastTickAt === null) return "not started";
  if (now - beat.lastTickAt > 3 * POLL_INTERVAL_MS) return "stalled";
  if (beat.runStartedAt !== null && now - beat.runStartedAt > STUCK_RUN_MS) return "stuck";
  return "ok";
}

/**
 * Shutdown: stops polling and lets the run under way hand back what it claimed (a job mid-run is released for
 * another server, unsent messages become due again). Safe to call twice.
 */
export async function stopJobRunner(): Promise<void> {
  if (polling) clearInterval(polling);
  polling = null;
  shutdown.abort();
  await running;
}

/** Closes the database pool: the last thing a stopping server does, after its requests and its background work. */
export async function closeDatabase(): Promise<void> {
  await prisma.$disconnect().catch(() => undefined);
}
