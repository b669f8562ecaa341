import "server-only";
import { env } from "@/lib/env";
import { dhakaToday } from "@/lib/format";
import type { JobHandler } from "@/lib/jobs/queue";
import { monthEndOf } from "./schemas";
import { queueMonthEndJob, runMonthEndAsSystem } from "./service";

/**
 * The month-end run on its own (issue 50, point 3; decision 0268): once a month has ended (Asia/Dhaka), the job queue
 * runs its interest accrual, classification and provisioning unless someone has run it from the button first. A
 * server that was down at midnight queues it when it next looks; a month is never run twice (the database's unique day
 * decides), so two servers queuing it at once is harmless. The button stays for a month the job could not run (the
 * period closed, a later month run first): the job's error says why.
 */
export { MONTH_END_JOB } from "./service";

/** The last day of the month before `today`'s. */
export function previousMonthEnd(today: string): string {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  first.setUTCDate(0);
  return monthEndOf(first.toISOString().slice(0, 10));
}

/** The month end already looked after by this process (a run or a job exists for it): not asked again until the next. */
let settledFor: string | null = null;

/**
 * Queues the month-end run for the month that ended last, when it has not run and no job for it exists. Cheap after
 * the first look each month (nothing is read again for that month in this process). MONTH_END_RUN=off: nothing.
 */
export async function queueMonthEndRun(now = new Date()): Promise<"off" | "settled" | "queued"> {
  if (env().MONTH_END_RUN === "off") return "off";
  const asOf = previousMonthEnd(dhakaToday(now));
  if (settledFor === asOf) return "settled";
  const outcome = await queueMonthEndJob(asOf);
  settledFor = asOf;
  return outcome;
}

/** Forgets what this process has looked after (tests start each case afresh). */
export function forgetMonthEndLook(): void {
  settledFor = null;
}

/**
 * The job: runs the month as the system. A month someone has run meanwhile is done; one that cannot be run (its period
 * closed, a later month run) fails with the reason, kept on the job for whoever looks, and retried with backoff.
 */
export const processMonthEndJob: JobHandler = async (payload) => {
  const asOf = (payload as { asOf?: unknown } | null)?.asOf;
  if (typeof asOf !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new Error(`a month-end job needs a month's last day, not ${JSON.stringify(asOf)}`);
  const result = await runMonthEndAsSystem(asOf);
  if (result.ok || (result.error.code === "conflict" && result.error.reason === "provisioningAlreadyRun")) return;
  throw new Error(`the month-end run of ${asOf} was refused: ${result.error.code}${result.error.reason ? ` (${result.error.reason})` : ""}`);
};
