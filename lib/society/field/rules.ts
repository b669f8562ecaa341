/**
 * The field app's rules, pure: whether the server takes an entry as the society stands at sync time, and which
 * members of a day's sheet were collected more than once (two phones, or a phone and the office).
 */
import { addCalendarDays } from "@/lib/repayments/schedule";
import { fieldEntrySchema, MAX_ENTRY_AGE_DAYS, RECORDED_AT_MAX_AGE_MS, RECORDED_AT_MAX_AHEAD_MS, type FieldEntry, type FieldRefusal } from "./schemas";

/** The member as the server finds it now (null: not in this society any more). */
export type MemberNow = { id: string; workerId: string; status: "active" | "inactive" } | null;

/**
 * moved: the entry is the caller's own, for an active member the office has moved to another worker since: kept on the
 * server for an admin's approval (its cash is in the caller's hand).
 */
export type EntryDecision =
  | { ok: true; entry: FieldEntry }
  | { ok: false; reason: "memberMoved"; entry: FieldEntry; toWorkerId: string }
  | { ok: false; reason: Exclude<FieldRefusal, "memberMoved"> };

/**
 * One entry against the society now: a well-formed entry, for a member still in the society and active, still
 * collected by the worker the entry names, which must be the caller's own worker unless the caller is an admin;
 * dated today or up to MAX_ENTRY_AGE_DAYS back (Dhaka days; a phone's clock a day ahead is tolerated), and recorded
 * within the window of the server's time `now` (RECORDED_AT_MAX_AHEAD_MS ahead, RECORDED_AT_MAX_AGE_MS back).
 */
export function decideEntry(
  raw: unknown,
  member: (id: string) => MemberNow,
  caller: { admin: boolean; ownWorkerId: string | null },
  today: string,
  now: Date,
): EntryDecision {
  const parsed = fieldEntrySchema.safeParse(raw);
  if (!parsed.success) {
    const amountIssue = parsed.error.issues.some((i) => i.message === "collectionTooLarge");
    return { ok: false, reason: amountIssue ? "amountOutOfRange" : "invalid" };
  }
  const entry = parsed.data;
  if (!caller.admin && !caller.ownWorkerId) return { ok: false, reason: "noWorkerLinked" };
  if (entry.date > addCalendarDays(today, 1) || entry.date < addCalendarDays(today, -MAX_ENTRY_AGE_DAYS)) return { ok: false, reason: "dateOutOfRange" };
  const recordedAt = Date.parse(entry.recordedAt);
  if (recordedAt > now.getTime() + RECORDED_AT_MAX_AHEAD_MS || recordedAt < now.getTime() - RECORDED_AT_MAX_AGE_MS) return { ok: false, reason: "recordedAtOutOfRange" };
  const found = member(entry.memberId);
  if (!found) return { ok: false, reason: "memberNotFound" };
  if (found.status !== "active") return { ok: false, reason: "memberInactive" };
  if (!caller.admin && entry.workerId !== caller.ownWorkerId) return { ok: false, reason: "memberNotYours" };
  if (found.workerId !== entry.workerId) return { ok: false, reason: "memberMoved", entry, toWorkerId: found.workerId };
  return { ok: true, entry };
}

/** Whether a resent entry carries other figures than the collection recorded under its id (a changed resend). */
export function differsFromRecorded(raw: unknown, recorded: { memberId: string; date: string; installment: number; savings: number }): boolean {
  const parsed = fieldEntrySchema.safeParse(raw);
  if (!parsed.success) return false;
  const e = parsed.data;
  return e.memberId !== recorded.memberId || e.date !== recorded.date || e.installment !== recorded.installment || e.savings !== recorded.savings;
}

/** The id of an entry whose body could not be read at all (so the phone can still match the answer). */
export function entryIdOf(raw: unknown): string | null {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === "string" && id.length > 0 && id.length <= 64 ? id : null;
}

export { membersCollectedTwice } from "./collected-twice";
