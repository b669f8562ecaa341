/**
 * The phone's side of the wire: fetching the day's sheet into IndexedDB and sending the outbox to the versioned
 * sync route (never a server action), in batches, one sync at a time across the phone's tabs (Web Locks). What the
 * server answers decides each entry's fate (lib/society/field/outbox.ts): recorded or already recorded leaves the
 * outbox (and joins the stored sheet, with its receipt), refused stays with the reason. A failed or cut-off request
 * changes nothing here: the entries stay waiting, and sending them again is safe because the server records each
 * id once.
 */
import { fieldPagePath } from "@/lib/society/field/app-shell";
import { awaitsOffice, readSyncResults, syncBatches, withRecorded, type OutboxEntry } from "@/lib/society/field/outbox";
import type { FieldSheet } from "@/lib/society/field/queries";
import { FIELD_SYNC_VERSION, MAX_SYNC_BATCH } from "@/lib/society/field/constants";
import type { FieldSyncResponse } from "@/lib/society/field/schemas";
import { accountEntries, deviceId, fieldDb, lastSyncKey, sheetKey } from "./store";

/** How a sync or sheet fetch ended, for the status line. */
export type WireProblem = "offline" | "signedOut" | "noAccess" | "noWorkerLinked" | "updateNeeded" | "failed";
export type SyncReport = { ok: true; recorded: number; refused: number } | { ok: false; problem: WireProblem };

/**
 * The society no longer lets this account in (the route answers 404 to a signed-in account without a grant): its
 * sheet leaves the phone and its waiting entries turn to "needs attention"; they go back to waiting as soon as a
 * sheet is fetched again (access restored).
 */
async function forgetSociety(accountId: string, societyId: string): Promise<void> {
  await fieldDb.transaction("rw", fieldDb.sheets, fieldDb.outbox, async () => {
    await fieldDb.sheets.where("societyId").equals(societyId).filter((s) => s.accountId === accountId).delete();
    await accountEntries(accountId, societyId).filter((e) => e.state === "waiting").modify({ state: "attention", reason: "noAccess" });
  });
}

/** 401: the session ended (sign in again, nothing is lost). 404: no access to the society. Anything else: retry later. */
function problemOf(status: number): WireProblem {
  if (status === 401) return "signedOut";
  if (status === 404) return "noAccess";
  return "failed";
}

/** Fetches a worker's sheet (the account's own when workerId is null) and keeps it on the phone. */
export async function refreshSheet(accountId: string, societyId: string, workerId: string | null): Promise<{ ok: true; sheet: FieldSheet } | { ok: false; problem: WireProblem }> {
  const query = workerId ? `?worker=${encodeURIComponent(workerId)}` : "";
  let sheet: FieldSheet;
  try {
    const response = await fetch(`${fieldPagePath(societyId)}/sheet${query}`, { cache: "no-store" });
    if (response.status === 409) return { ok: false, problem: "noWorkerLinked" };
    if (response.status === 404 && workerId) return { ok: false, problem: "failed" };
    if (!response.ok) {
      const problem = problemOf(response.status);
      if (problem === "noAccess") await forgetSociety(accountId, societyId);
      return { ok: false, problem };
    }
    sheet = (await response.json()) as FieldSheet;
  } catch {
    // No network, or an answer cut off or not ours (a captive portal's page).
    return { ok: false, problem: "offline" };
  }
  if (sheet.version !== FIELD_SYNC_VERSION) return { ok: false, problem: "updateNeeded" };
  await fieldDb.transaction("rw", fieldDb.sheets, fieldDb.outbox, async () => {
    await fieldDb.sheets.put({ key: sheetKey(accountId, societyId, workerId), accountId, societyId, sheet, fetchedAt: new Date().toISOString() });
    // Access is back: what was set aside for it waits to be sent again.
    await accountEntries(accountId, societyId).filter((e) => e.reason === "noAccess").modify({ state: "waiting", reason: undefined });
  });
  return { ok: true, sheet };
}

/**
 * Sends every waiting entry of this account in the society; one sync at a time on this phone (other tabs wait
 * their turn). With `report`, the phone also tells the server what it holds when nothing waits (after a discard).
 */
export async function syncOutbox(accountId: string, societyId: string, options: { report?: boolean } = {}): Promise<SyncReport> {
  const run = () => sendWaiting(accountId, societyId, options.report ?? false);
  return typeof navigator !== "undefined" && navigator.locks ? navigator.locks.request(`field-sync:${societyId}`, run) : run();
}

async function sendWaiting(accountId: string, societyId: string, report: boolean): Promise<SyncReport> {
  const entries = await accountEntries(accountId, societyId).toArray();
  const batches = syncBatches(entries, MAX_SYNC_BATCH);
  if (batches.length === 0 && report) batches.push([]);
  const attention = entries.filter((e) => e.state === "attention").length;
  let waitingAfter = entries.length - attention;
  // Entries awaiting the office are sent again (counted as needing attention until the answer says otherwise).
  let awaitingSent = 0;
  let recorded = 0;
  let refused = 0;
  // What the screen reports: refusals of entries sent for the first time (an entry still awaiting the office is no news).
  let newlyRefused = 0;
  for (const batch of batches) {
    const awaiting = batch.filter(awaitsOffice).length;
    waitingAfter -= batch.length - awaiting;
    awaitingSent += awaiting;
    const body = {
      version: FIELD_SYNC_VERSION,
      deviceId: await deviceId(),
      pending: waitingAfter,
      // The server adds what this batch refuses.
      attention: attention - awaitingSent + refused,
      entries: batch.map(({ id, workerId, memberId, date, installment, savings, recordedAt }) => ({ id, workerId, memberId, date, installment, savings, recordedAt })),
    };
    let answer: FieldSyncResponse;
    try {
      const response = await fetch(`${fieldPagePath(societyId)}/sync`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), cache: "no-store" });
      if (response.status === 400) {
        const refusal = (await response.json().catch(() => null)) as { version?: number } | null;
        return { ok: false, problem: refusal?.version !== FIELD_SYNC_VERSION ? "updateNeeded" : "failed" };
      }
      if (!response.ok) {
        const problem = problemOf(response.status);
        if (problem === "noAccess") await forgetSociety(accountId, societyId);
        return { ok: false, problem };
      }
      answer = (await response.json()) as FieldSyncResponse;
    } catch {
      // No network, or the answer was cut off after the server committed: the entries stay waiting and the next
      // sync finds them recorded.
      return { ok: false, problem: "offline" };
    }
    const outcome = readSyncResults(answer.results);
    const sent = new Map<string, OutboxEntry>(batch.map((e) => [e.id, e]));
    const done = outcome.done.flatMap((d) => (sent.has(d.id) ? [{ ...sent.get(d.id)!, receipt: d.receipt }] : []));
    await fieldDb.transaction("rw", fieldDb.outbox, fieldDb.sheets, fieldDb.meta, async () => {
      await fieldDb.outbox.bulkDelete(done.map((d) => d.id));
      for (const r of outcome.refused) await fieldDb.outbox.update(r.id, { state: "attention", reason: r.reason, recordedReceipt: r.receipt });
      const sheets = await fieldDb.sheets.where("societyId").equals(societyId).filter((s) => s.accountId === accountId).toArray();
      for (const stored of sheets) {
        const sheet = withRecorded(stored.sheet, done);
        if (sheet !== stored.sheet) await fieldDb.sheets.put({ ...stored, sheet });
      }
      await fieldDb.meta.put({ key: lastSyncKey(societyId), value: answer.syncedAt });
    });
    recorded += done.length;
    refused += outcome.refused.length;
    newlyRefused += outcome.refused.filter((r) => !awaitsOffice(sent.get(r.id) ?? { state: "waiting" })).length;
  }
  return { ok: true, recorded, refused: newlyRefused };
}

/** Closes the worker's day: the cash counted against what the server has; answered with the typed result. */
export async function sendHandover(societyId: string, input: { date: string; counted: string; note: string; idempotencyKey: string }): Promise<{ ok: true } | { ok: false; problem: WireProblem | "noteRequired" | "alreadySubmitted" | "invalid" }> {
  let response: Response;
  let answer: { ok: boolean; error?: { code: string; reason?: string; fieldErrors?: Record<string, string> } } | null;
  try {
    response = await fetch(`${fieldPagePath(societyId)}/handover`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ version: FIELD_SYNC_VERSION, date: input.date, counted: input.counted, note: input.note || undefined, idempotencyKey: input.idempotencyKey }),
      cache: "no-store",
    });
    answer = response.status === 400 ? null : ((await response.json().catch(() => null)) as typeof answer);
  } catch {
    return { ok: false, problem: "offline" };
  }
  if (response.status === 400) return { ok: false, problem: "invalid" };
  if (response.status === 422 && answer?.error) {
    if (answer.error.fieldErrors?.note) return { ok: false, problem: "noteRequired" };
    if (answer.error.reason === "alreadySubmitted") return { ok: false, problem: "alreadySubmitted" };
    if (answer.error.reason === "noWorkerLinked") return { ok: false, problem: "noWorkerLinked" };
  }
  if (!response.ok || !answer?.ok) return { ok: false, problem: problemOf(response.status) };
  return { ok: true };
}
