/**
 * The phone's side of the wire: fetching the day's sheet into IndexedDB and sending the outbox to the versioned
 * sync route (never a server action), in batches, one sync at a time across the phone's tabs (Web Locks). What the
 * server answers decides each entry's fate (lib/society/field/outbox.ts): recorded or already recorded leaves the
 * outbox, refused stays with the reason. A failed or cut-off request changes nothing here: the entries stay
 * waiting, and sending them again is safe because the server records each id once.
 */
import { FIELD_SYNC_VERSION, MAX_SYNC_BATCH, type FieldSyncResponse } from "@/lib/society/field/schemas";
import { readSyncResults, syncBatches } from "@/lib/society/field/outbox";
import type { FieldSheet } from "@/lib/society/field/queries";
import { fieldPagePath } from "@/lib/society/field/app-shell";
import { deviceId, fieldDb, lastSyncKey, sheetKey } from "./store";

/** How a sync or sheet fetch ended, for the status line. */
export type WireProblem = "offline" | "signedOut" | "noAccess" | "noWorkerLinked" | "updateNeeded" | "failed";
export type SyncReport = { ok: true; recorded: number; refused: number } | { ok: false; problem: WireProblem };

/** The society no longer lets this account in (grant removed, society gone): the sheet leaves the phone. */
async function forgetSociety(societyId: string): Promise<void> {
  await fieldDb.transaction("rw", fieldDb.sheets, fieldDb.outbox, async () => {
    await fieldDb.sheets.where("societyId").equals(societyId).delete();
    // Entries stay, visibly: the worker discards them, or they go once access is back.
    await fieldDb.outbox.where("[societyId+state]").equals([societyId, "waiting"]).modify({ state: "attention", reason: "noAccess" });
  });
}

function problemOf(status: number): WireProblem {
  if (status === 401) return "signedOut";
  if (status === 403 || status === 404) return "noAccess";
  return "failed";
}

/** Fetches a worker's sheet (the account's own when workerId is null) and keeps it on the phone. */
export async function refreshSheet(societyId: string, workerId: string | null): Promise<{ ok: true; sheet: FieldSheet } | { ok: false; problem: WireProblem }> {
  const query = workerId ? `?worker=${encodeURIComponent(workerId)}` : "";
  let response: Response;
  try {
    response = await fetch(`${fieldPagePath(societyId)}/sheet${query}`, { cache: "no-store" });
  } catch {
    return { ok: false, problem: "offline" };
  }
  if (response.status === 409) return { ok: false, problem: "noWorkerLinked" };
  if (response.status === 404 && workerId) return { ok: false, problem: "failed" };
  if (!response.ok) {
    const problem = problemOf(response.status);
    if (problem === "noAccess") await forgetSociety(societyId);
    return { ok: false, problem };
  }
  const sheet = (await response.json()) as FieldSheet;
  if (sheet.version !== FIELD_SYNC_VERSION) return { ok: false, problem: "updateNeeded" };
  await fieldDb.sheets.put({ key: sheetKey(societyId, workerId), societyId, sheet, fetchedAt: new Date().toISOString() });
  return { ok: true, sheet };
}

/** Sends every waiting entry of the society; one sync at a time on this phone (other tabs wait their turn). */
export async function syncOutbox(societyId: string): Promise<SyncReport> {
  const run = () => sendWaiting(societyId);
  return typeof navigator !== "undefined" && navigator.locks ? navigator.locks.request(`field-sync:${societyId}`, run) : run();
}

async function sendWaiting(societyId: string): Promise<SyncReport> {
  const entries = await fieldDb.outbox.where("societyId").equals(societyId).toArray();
  const batches = syncBatches(entries, MAX_SYNC_BATCH);
  const attention = entries.filter((e) => e.state === "attention").length;
  let waitingAfter = entries.length - attention;
  let recorded = 0;
  let refused = 0;
  for (const batch of batches) {
    waitingAfter -= batch.length;
    const body = {
      version: FIELD_SYNC_VERSION,
      deviceId: await deviceId(),
      pending: waitingAfter,
      attention: attention + refused,
      entries: batch.map(({ id, workerId, memberId, date, installment, savings, recordedAt }) => ({ id, workerId, memberId, date, installment, savings, recordedAt })),
    };
    let response: Response;
    try {
      response = await fetch(`${fieldPagePath(societyId)}/sync`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), cache: "no-store" });
    } catch {
      return { ok: false, problem: "offline" };
    }
    if (response.status === 400) {
      const answer = (await response.json().catch(() => null)) as { version?: number } | null;
      return { ok: false, problem: answer?.version !== FIELD_SYNC_VERSION ? "updateNeeded" : "failed" };
    }
    if (!response.ok) {
      const problem = problemOf(response.status);
      if (problem === "noAccess") await forgetSociety(societyId);
      return { ok: false, problem };
    }
    let answer: FieldSyncResponse;
    try {
      answer = (await response.json()) as FieldSyncResponse;
    } catch {
      // The answer was cut off after the server committed: the entries stay waiting and the next sync finds them recorded.
      return { ok: false, problem: "offline" };
    }
    const outcome = readSyncResults(answer.results);
    await fieldDb.transaction("rw", fieldDb.outbox, fieldDb.meta, async () => {
      await fieldDb.outbox.bulkDelete(outcome.done.map((d) => d.id));
      for (const r of outcome.refused) await fieldDb.outbox.update(r.id, { state: "attention", reason: r.reason });
      await fieldDb.meta.put({ key: lastSyncKey(societyId), value: answer.syncedAt });
    });
    recorded += outcome.done.length;
    refused += outcome.refused.length;
  }
  return { ok: true, recorded, refused };
}

/** Closes the worker's day: the cash counted against what the server has; answered with the typed result. */
export async function sendHandover(societyId: string, input: { date: string; counted: string; note: string }): Promise<{ ok: true } | { ok: false; problem: WireProblem | "noteRequired" | "alreadySubmitted" | "invalid" }> {
  let response: Response;
  try {
    response = await fetch(`${fieldPagePath(societyId)}/handover`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ version: FIELD_SYNC_VERSION, date: input.date, counted: input.counted, note: input.note || undefined }),
      cache: "no-store",
    });
  } catch {
    return { ok: false, problem: "offline" };
  }
  if (response.status === 400) return { ok: false, problem: "invalid" };
  const answer = (await response.json().catch(() => null)) as { ok: boolean; error?: { code: string; reason?: string; fieldErrors?: Record<string, string> } } | null;
  if (response.status === 422 && answer?.error) {
    if (answer.error.fieldErrors?.note) return { ok: false, problem: "noteRequired" };
    if (answer.error.reason === "alreadySubmitted") return { ok: false, problem: "alreadySubmitted" };
    if (answer.error.reason === "noWorkerLinked") return { ok: false, problem: "noWorkerLinked" };
  }
  if (!response.ok || !answer?.ok) return { ok: false, problem: problemOf(response.status) };
  return { ok: true };
}
