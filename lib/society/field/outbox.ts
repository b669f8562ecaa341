/**
 * The phone's side of the field app, pure: what each member's row shows (the server's sheet merged with what is
 * still on the phone), the cash in hand, and what a sync's answer does to the outbox. No storage, no network:
 * components/society/field/ keeps the outbox in IndexedDB and calls these.
 */
import type { FieldSheet } from "./queries";
import type { FieldEntryResult, FieldRefusal } from "./schemas";

/** Why an entry needs attention: the server's reason, or the phone's own when the society no longer lets this account in. */
export type PhoneRefusal = FieldRefusal | "noAccess";

/** One collection on the phone, as recorded there, until the server has it. */
export type OutboxEntry = {
  id: string;
  /** The staff account that recorded it: a phone shared by two accounts shows and sends each its own. */
  accountId: string;
  societyId: string;
  workerId: string;
  memberId: string;
  /** Shown while offline: the member's name as the sheet had it when recorded. */
  memberName: string;
  date: string;
  installment: number;
  savings: number;
  recordedAt: string;
  /** waiting: not sent yet (or the send failed); attention: the server refused it, with the reason. */
  state: "waiting" | "attention";
  reason?: PhoneRefusal;
  /** differsFromRecorded: the receipt of the collection the server has under this id. */
  recordedReceipt?: string;
};

/**
 * Refusals a resend can cure (the worker corrects the amounts, or the office changes the member or the account);
 * for the others "send again" is not offered: the entry is discarded once its cash is handed over.
 */
const RESENDABLE: ReadonlySet<PhoneRefusal> = new Set<PhoneRefusal>(["invalid", "amountOutOfRange", "instalmentBeyondLoan", "memberInactive", "noWorkerLinked"]);

export function canResend(reason: PhoneRefusal | undefined): boolean {
  return reason === undefined || RESENDABLE.has(reason);
}

/**
 * Cash the worker holds for refused entries: not on the server's sheet, still in her hand until the entry is resolved.
 * A changed resend is not held: the server has that collection (its receipt is on the sheet).
 */
export function heldCash(outbox: readonly OutboxEntry[]): number {
  return outbox.filter((e) => e.state === "attention" && e.reason !== "differsFromRecorded").reduce((sum, e) => sum + e.installment + e.savings, 0);
}

export type MemberRow = FieldSheet["members"][number] & {
  /** paid: the server has a collection today; waiting: only on this phone; attention: refused, to look at. */
  status: "due" | "paid" | "waiting" | "attention";
  receipts: string[];
  collectedToday: number;
  flagged: boolean;
};

export function memberRows(sheet: Pick<FieldSheet, "members" | "collections" | "flagged">, outbox: readonly OutboxEntry[]): MemberRow[] {
  return sheet.members.map((m) => {
    const server = sheet.collections.filter((c) => c.memberId === m.id);
    const local = outbox.filter((e) => e.memberId === m.id);
    const status = local.some((e) => e.state === "attention") ? "attention" : local.length > 0 ? "waiting" : server.length > 0 ? "paid" : "due";
    return {
      ...m,
      status,
      receipts: server.map((c) => c.receipt),
      collectedToday: [...server, ...local].reduce((sum, c) => sum + c.installment + c.savings, 0),
      flagged: sheet.flagged.includes(m.id),
    };
  });
}

/** What the server recorded today as this worker's (the hand-over's expected figure). */
export function recordedCash(sheet: Pick<FieldSheet, "collections">): number {
  return sheet.collections.filter((c) => c.mine).reduce((sum, c) => sum + c.installment + c.savings, 0);
}

/** Cash in the worker's hand today: what the server recorded as theirs, what waits on the phone, and what is held back. */
export function cashInHand(sheet: Pick<FieldSheet, "collections">, outbox: readonly OutboxEntry[]): number {
  const waiting = outbox.filter((e) => e.state === "waiting").reduce((sum, e) => sum + e.installment + e.savings, 0);
  return recordedCash(sheet) + waiting + heldCash(outbox);
}

export type SyncOutcome = {
  /** The server has these (recorded now, or before): they leave the outbox. */
  done: { id: string; receipt: string }[];
  /** Refused: they stay on the phone with the reason until edited and resent, or discarded. */
  refused: { id: string; reason: FieldRefusal; receipt?: string }[];
};

/** What a sync's answer means for the entries sent; an entry the answer does not mention stays waiting. */
export function readSyncResults(results: readonly FieldEntryResult[]): SyncOutcome {
  const outcome: SyncOutcome = { done: [], refused: [] };
  for (const r of results) {
    if (r.status === "refused") outcome.refused.push({ id: r.id, reason: r.reason, ...(r.receipt ? { receipt: r.receipt } : {}) });
    else outcome.done.push({ id: r.id, receipt: r.receipt });
  }
  return outcome;
}

/** A refused entry the server keeps for the office's decision: sent again at every sync until it is decided. */
export function awaitsOffice(entry: Pick<OutboxEntry, "state" | "reason">): boolean {
  return entry.state === "attention" && entry.reason === "memberMoved";
}

/**
 * The waiting entries, and those awaiting the office's decision (so the phone learns it), in the order they were
 * recorded, in batches the server takes.
 */
export function syncBatches(outbox: readonly OutboxEntry[], size: number): OutboxEntry[][] {
  const waiting = outbox.filter((e) => e.state === "waiting" || awaitsOffice(e)).sort((a, b) => a.recordedAt.localeCompare(b.recordedAt) || a.id.localeCompare(b.id));
  const batches: OutboxEntry[][] = [];
  for (let i = 0; i < waiting.length; i += size) batches.push(waiting.slice(i, i + size));
  return batches;
}

/**
 * The sheet as it stands once the server has recorded `done` (receipt numbers known): the phone shows the members
 * paid and the cash in hand right away, even when the sheet cannot be fetched again (a flickering signal).
 */
export function withRecorded<S extends Pick<FieldSheet, "date" | "worker" | "collections">>(sheet: S, done: readonly (OutboxEntry & { receipt: string })[]): S {
  const known = new Set(sheet.collections.map((c) => c.receipt));
  const added = done
    .filter((e) => e.workerId === sheet.worker?.id && e.date === sheet.date && e.receipt && !known.has(e.receipt))
    .map((e) => ({ memberId: e.memberId, receipt: e.receipt, installment: e.installment, savings: e.savings, recordedAt: e.recordedAt, mine: true }));
  return added.length === 0 ? sheet : { ...sheet, collections: [...sheet.collections, ...added] };
}
