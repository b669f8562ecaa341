import "server-only";
import { env } from "@/lib/env";
import { dhakaToday } from "@/lib/format";
import type { JobHandler } from "@/lib/jobs/queue";
import { monthEndOf } from "./schemas";
import { queueMonthEndJob, runMonthEndAsSystem } from "./service";

/**
 * The month-end run on its own (issue 50, point 3; decision 0268): from day MONTH_END_RUN_DAY of the next month (Asia/
 * Dhaka), the job queue runs an ended month's interest accrual, classification and provisioning unless someone has run
 * it from the button first. Months go in order: a month missed (a server down, a job that failed) is run before the
 * next; a failed job is tried again an hour after it gave up. A month is never run twice (the database's unique day
 * decides), so two servers queuing it at once is harmless.
 */
export { MONTH_END_JOB } from "./service";

/** The last day of the month before `today`'s. */
export function previousMonthEnd(today: string): string {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  first.setUTCDate(0);
  return monthEndOf(first.toISOString().slice(0, 10));
}

/**
 * The latest month end whose run is due on `today`: last month's from day `runDay` of this month (the days before are
 * for collections of the month's last days entered late), else the month before it.
 */
export function dueMonthEnd(today: string, runDay: number): string {
  const last = previousMonthEnd(today);
  return Number(today.slice(8, 10)) >= runDay ? last : previousMonthEnd(last);
}

/** The due month end this process found run (nothing is read again for it). */
let settledFor: string | null = null;

/**
 * Queues the next month-end run that is due (months in order: one missed is run before the next), unless it has run
 * or a job for it is waiting. Reads nothing more once the due month has run. MONTH_END_RUN=off: nothing.
 */
export async function queueMonthEndRun(now = new Date()): Promise<"off" | "upToDate" | "waiting" | "queued"> {
  const config = env();
  if (config.MONTH_END_RUN === "off") return "off";
  const due = dueMonthEnd(dhakaToday(now), config.MONTH_END_RUN_DAY);
  if (settledFor === due) return "upToDate";
  const outcome = await queueMonthEndJob(due, now);
  if (outcome === "upToDate") settledFor = due;
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
