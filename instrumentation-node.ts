/**
 * The Node.js server's start (imported by instrumentation.ts only when NEXT_RUNTIME is "nodejs", so the Edge bundle
 * never sees a Node API): request ids and timing, the PostgreSQL job queue and the outbox (lib/jobs), the OCR warm-up
 * of a production server, the check that the staff two-step secrets open under this server's key, and a clean stop on
 * SIGTERM/SIGINT.
 */
import { installRequestContext } from "./lib/ops/request-context";
import { observeRequest } from "./lib/ops/metrics";
import { closeDatabase, startJobPolling, stopJobRunner } from "./lib/jobs/runner";
import { checkTotpSecretsAtStart } from "./lib/auth/totp-health";

/** The longest a stopping server waits for its background work and pool before it exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** A second stop signal this soon after the first is the same stop relayed by a parent process, not a second request. */
const DUPLICATE_SIGNAL_MS = 2_000;

export function registerNode(): void {
  // Every request gets an id (X-Request-Id, and in every log line it causes) and is timed for /api/metrics.
  installRequestContext((context, _request, response) => {
    observeRequest(context.method, context.path, response.statusCode, Number(process.hrtime.bigint() - context.startedAt) / 1e9);
  });
  startJobPolling();
  // A production server has its OCR ready before the first applicant's card (lib/kyc/ocr/engine.ts warmOcr).
  if (process.env.NODE_ENV === "production") {
    void import("./lib/kyc/ocr/engine").then(({ warmOcr }) => warmOcr("interactive"));
  }
  // A database whose staff two-step secrets were sealed under another key (a demo seeded without this server's key)
  // is named in the log now, with what to do, rather than at the first staff sign-in. Not awaited; never throws.
  void checkTotpSecretsAtStart();

  // Next.js answers the signal itself: it stops accepting connections, lets the requests under way finish,
  // then calls process.exit. The background work stops at once (nothing new is claimed, claimed work is handed
  // back); the exit waits for that and then closes the pool, so nothing queries a closing database. A second
  // signal (two seconds or more after the first), or the deadline, exits at once.
  const exit = process.exit.bind(process);
  let stopping: Promise<void> | null = null;
  let signalledAt = 0;
  const stop = () => {
    // A stop signal often arrives twice within moments: a process-group kill reaches this process and also the
    // launchers above it (npx, tsx, scripts/with-db.ts), which relay it. Only a later one is a person insisting.
    if (stopping) return Date.now() - signalledAt < DUPLICATE_SIGNAL_MS ? undefined : exit(1);
    signalledAt = Date.now();
    stopping = stopJobRunner().catch(() => undefined);
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_DEADLINE_MS).unref());
    const drained = stopping.then(closeDatabase);
    // Replaced for the rest of this process's life: whoever exits (Next.js, or the branch below) waits for the drain.
    process.exit = ((code?: number) => {
      void Promise.race([drained, deadline]).finally(() => exit(code));
    }) as typeof process.exit;
    // With NEXT_MANUAL_SIG_HANDLE Next.js leaves the signal to the app: nothing else would end the process.
    if (process.env.NEXT_MANUAL_SIG_HANDLE) process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
