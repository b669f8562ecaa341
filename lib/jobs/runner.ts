import "server-only";
import { after } from "next/server";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { processKycOcrJob } from "@/lib/kyc/ocr-job";
import { deliverPendingMessages } from "@/lib/outbox/service";
import { runDueJobs, type JobHandlers } from "./queue";

/** Every kind of job and what runs it. */
export const JOB_HANDLERS: JobHandlers = { "kyc.ocr": processKycOcrJob };

/**
 * How often a server looks for due work on its own: jobs (retries, jobs left by a server that stopped) and
 * outbox messages (first tries and retries with backoff, whatever queued them).
 */
const POLL_INTERVAL_MS = 15_000;

let running: Promise<void> | null = null;
let polling: ReturnType<typeof setInterval> | null = null;
/** Aborted once the process is shutting down: nothing new is claimed, claimed work is handed back. */
const shutdown = new AbortController();

/** One run at a time per process: a second call while one runs joins it. Nothing when JOB_RUNNER=off or stopping. */
export function runJobsNow(): Promise<void> {
  if (env().JOB_RUNNER === "off" || shutdown.signal.aborted) return Promise.resolve();
  running ??= (async () => {
    await runDueJobs(JOB_HANDLERS, { signal: shutdown.signal });
    await deliverPendingMessages({ signal: shutdown.signal });
  })()
    .catch((error) => {
      if (!shutdown.signal.aborted) console.error("[jobs] run failed", error);
    })
    .finally(() => {
      running = null;
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
  polling = setInterval(() => void runJobsNow(), POLL_INTERVAL_MS);
  polling.unref();
  void runJobsNow();
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
