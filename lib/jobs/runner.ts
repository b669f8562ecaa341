import "server-only";
import { after } from "next/server";
import { env } from "@/lib/env";
import { processKycOcrJob } from "@/lib/kyc/ocr-job";
import { runDueJobs, type JobHandlers } from "./queue";

/** Every kind of job and what runs it. */
export const JOB_HANDLERS: JobHandlers = { "kyc.ocr": processKycOcrJob };

/** How often a server looks for due jobs on its own (retries, jobs left by a server that stopped). */
const POLL_INTERVAL_MS = 15_000;

let running: Promise<void> | null = null;

/** One run at a time per process: a second call while one runs joins it. Nothing when JOB_RUNNER=off. */
export function runJobsNow(): Promise<void> {
  if (env().JOB_RUNNER === "off") return Promise.resolve();
  running ??= runDueJobs(JOB_HANDLERS)
    .then(() => undefined)
    .catch((error) => console.error("[jobs] run failed", error))
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

let polling: ReturnType<typeof setInterval> | null = null;

/** Called once per server process from instrumentation.ts. */
export function startJobPolling(): void {
  if (polling || env().JOB_RUNNER === "off") return;
  polling = setInterval(() => void runJobsNow(), POLL_INTERVAL_MS);
  polling.unref();
  void runJobsNow();
}
