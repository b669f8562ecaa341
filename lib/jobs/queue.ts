import "server-only";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * A PostgreSQL job queue (the Job table): work that must not hold up a request (OCR of a card photo) is
 * queued inside the transaction that causes it, claimed with FOR UPDATE SKIP LOCKED (several servers never
 * run one job at once), retried with backoff on failure, and claimed again when a run dies mid-job and its
 * lease passes. At least once, never lost. Handlers must therefore be idempotent.
 */

export type JobKind = "kyc.ocr" | "accounting.month-end";

/** How long a claimed job is reserved for the run that claimed it. OCR of one card takes about a second. */
export const JOB_LEASE_MS = 2 * 60_000;
const BASE_BACKOFF_MS = 10_000;
const MAX_ERROR_LENGTH = 500;

/**
 * `lastAttempt`: a failure now is final, so the handler can record that the work was given up. `signal` aborts when
 * the server is stopping: the job has been handed back, so the handler must not record a failure then.
 */
export type JobHandler = (payload: Prisma.JsonValue, attempt: { number: number; lastAttempt: boolean; signal?: AbortSignal }) => Promise<void>;
/** The kinds a run works (it claims only these); the server's own map has every kind (lib/jobs/runner.ts). */
export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

/** Queues a job inside the caller's transaction: it exists exactly when the change that needs it does. */
export async function enqueueJob(
  tx: Prisma.TransactionClient,
  job: { kind: JobKind; payload: Prisma.InputJsonValue; maxAttempts?: number; runAt?: Date },
): Promise<string> {
  const row = await tx.job.create({
    data: { kind: job.kind, payload: job.payload, maxAttempts: job.maxAttempts ?? 5, runAt: job.runAt },
    select: { id: true },
  });
  return row.id;
}

/** Backoff after the n-th failed attempt: 10 s, 20 s, 40 s, … */
export function retryDelayMs(attempts: number): number {
  return BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1);
}

type ClaimedJob = { id: string; kind: string; payload: Prisma.JsonValue; attempts: number; maxAttempts: number };

/**
 * Claims one due job: a queued one whose time has come, or a running one whose lease has passed (its run
 * died). The attempt is counted and the lease set in the same statement.
 */
export async function claimNextJob(now: Date, kinds?: readonly string[]): Promise<ClaimedJob | null> {
  const kindFilter = kinds && kinds.length > 0 ? kinds : null;
  const [job] = await prisma.$queryRaw<ClaimedJob[]>`
    UPDATE "Job" SET "status" = 'running', "attempts" = "attempts" + 1, "leaseUntil" = ${new Date(now.getTime() + JOB_LEASE_MS)}
    WHERE "id" = (
      SELECT "id" FROM "Job"
      WHERE (("status" = 'queued' AND "runAt" <= ${now}) OR ("status" = 'running' AND "leaseUntil" < ${now}))
        AND (${kindFilter}::text[] IS NULL OR "kind" = ANY(${kindFilter}::text[]))
      ORDER BY "runAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING "id", "kind", "payload", "attempts", "maxAttempts"`;
  return job ?? null;
}

/**
 * Records the outcome of a claimed attempt. Guarded on the attempt number: a run whose lease passed and
 * whose job was claimed again cannot overwrite the newer attempt's outcome.
 */
async function settleJob(job: ClaimedJob, outcome: { error: unknown } | null, now: Date): Promise<"done" | "retry" | "failed"> {
  const guard = { id: job.id, status: "running" as const, attempts: job.attempts };
  if (!outcome) {
    await prisma.job.updateMany({ where: guard, data: { status: "done", finishedAt: now, leaseUntil: null, lastError: null } });
    return "done";
  }
  const message = (outcome.error instanceof Error ? outcome.error.message : String(outcome.error)).slice(0, MAX_ERROR_LENGTH);
  const giveUp = job.attempts >= job.maxAttempts;
  await prisma.job.updateMany({
    where: guard,
    data: giveUp
      ? { status: "failed", finishedAt: now, leaseUntil: null, lastError: message }
      : { status: "queued", runAt: new Date(now.getTime() + retryDelayMs(job.attempts)), leaseUntil: null, lastError: message },
  });
  return giveUp ? "failed" : "retry";
}

export type JobRunSummary = { done: number; retried: number; failed: number; released?: number };

/**
 * Hands a claimed job back untouched (a server stopping mid-job): queued again at once, the attempt not
 * counted. Guarded like settleJob, so it never undoes a newer claim.
 */
export async function releaseJob(job: Pick<ClaimedJob, "id" | "attempts">, now: Date = new Date()): Promise<boolean> {
  const { count } = await prisma.job.updateMany({
    where: { id: job.id, status: "running", attempts: job.attempts },
    data: { status: "queued", attempts: { decrement: 1 }, runAt: now, leaseUntil: null },
  });
  return count === 1;
}

/** Resolves when `signal` aborts (never when there is none); `dispose` removes the listener. */
function abortion(signal: AbortSignal | undefined): { aborted: Promise<"aborted">; dispose: () => void } {
  let dispose = () => {};
  const aborted = new Promise<"aborted">((resolve) => {
    if (!signal) return;
    if (signal.aborted) return resolve("aborted");
    const onAbort = () => resolve("aborted");
    signal.addEventListener("abort", onAbort, { once: true });
    dispose = () => signal.removeEventListener("abort", onAbort);
  });
  return { aborted, dispose };
}

/**
 * Runs due jobs one after another until none is due or `limit` have run. When `signal` aborts (shutdown) no
 * further job is claimed, and a job still running is released for another server instead of being waited for.
 */
export async function runDueJobs(
  handlers: JobHandlers,
  options: { limit?: number; now?: () => Date; signal?: AbortSignal } = {},
): Promise<JobRunSummary> {
  const clock = options.now ?? (() => new Date());
  const summary: JobRunSummary = { done: 0, retried: 0, failed: 0 };
  const stopped = abortion(options.signal);
  try {
    for (let i = 0; i < (options.limit ?? 50) && !options.signal?.aborted; i++) {
      const job = await claimNextJob(clock(), Object.keys(handlers));
      if (!job) break;
      let outcome: { error: unknown } | null = null;
      const attempt = { number: job.attempts, lastAttempt: job.attempts >= job.maxAttempts, signal: options.signal };
      const work = Promise.resolve()
        .then(() => handlers[job.kind as JobKind]!(job.payload, attempt))
        .then(() => "finished" as const);
      try {
        if ((await Promise.race([work, stopped.aborted])) === "aborted") {
          // The handler's own outcome is dropped (its settle would be refused by the guard anyway).
          work.catch(() => undefined);
          if (await releaseJob(job, clock())) summary.released = (summary.released ?? 0) + 1;
          break;
        }
      } catch (error) {
        outcome = { error };
      }
      const result = await settleJob(job, outcome, clock());
      if (result === "done") summary.done += 1;
      else if (result === "retry") summary.retried += 1;
      else summary.failed += 1;
    }
  } finally {
    stopped.dispose();
  }
  return summary;
}
