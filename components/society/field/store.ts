/**
 * What the field app keeps on the phone, in IndexedDB (Dexie): the outbox of collections not yet on the server,
 * the last sheet the server sent for each worker the phone opened, and the phone's own id and last sync time. Only
 * what the field screen shows: no NID numbers, photos or phone numbers (the sheet has none). One database for the
 * whole origin, shared by every tab: a change in one tab shows in the others (Dexie's live queries).
 */
import Dexie, { type EntityTable } from "dexie";
import { v7 as uuidv7 } from "uuid";
import type { OutboxEntry } from "@/lib/society/field/outbox";
import type { FieldSheet } from "@/lib/society/field/queries";

export type StoredSheet = {
  /** `${accountId}:${societyId}:${workerId or "own"}` */
  key: string;
  accountId: string;
  societyId: string;
  sheet: FieldSheet;
  fetchedAt: string;
};

type Meta = { key: string; value: string };

export const fieldDb = new Dexie("rinbondhu-field") as Dexie & {
  outbox: EntityTable<OutboxEntry, "id">;
  sheets: EntityTable<StoredSheet, "key">;
  meta: EntityTable<Meta, "key">;
};

fieldDb.version(1).stores({
  outbox: "id, societyId, [societyId+state]",
  sheets: "key, societyId",
  meta: "key",
});

export function sheetKey(accountId: string, societyId: string, workerId: string | null): string {
  return `${accountId}:${societyId}:${workerId ?? "own"}`;
}

/** This account's entries for a society (another account's, on a shared phone, are neither shown nor sent). */
export function accountEntries(accountId: string, societyId: string) {
  return fieldDb.outbox.where("societyId").equals(societyId).filter((e) => e.accountId === accountId);
}

/** The phone's own id, made the first time the field app opens here (the server's last-sync report is per phone). */
export async function deviceId(): Promise<string> {
  return fieldDb.transaction("rw", fieldDb.meta, async () => {
    const existing = await fieldDb.meta.get("deviceId");
    if (existing) return existing.value;
    const id = uuidv7();
    await fieldDb.meta.put({ key: "deviceId", value: id });
    return id;
  });
}

export const lastSyncKey = (societyId: string) => `lastSync:${societyId}`;

/** A collection the worker just recorded: an id made here (UUID v7, time-ordered) and the moment it was recorded. */
export async function recordCollection(entry: Omit<OutboxEntry, "id" | "recordedAt" | "state">): Promise<OutboxEntry> {
  const row: OutboxEntry = { ...entry, id: uuidv7(), recordedAt: new Date().toISOString(), state: "waiting" };
  await fieldDb.outbox.add(row);
  return row;
}

/** The worker corrected a refused entry: it waits to be sent again, with the same id (the server never had it). */
export async function resendEntry(id: string, amounts: { installment: number; savings: number }): Promise<void> {
  await fieldDb.outbox.update(id, { ...amounts, state: "waiting", reason: undefined });
}

/** The worker discarded a refused or waiting entry: explicitly, never by the app on its own. */
export async function discardEntry(id: string): Promise<void> {
  await fieldDb.outbox.delete(id);
}

/** How many entries this phone still holds for a society (all societies when none is given). */
export async function heldEntries(societyId?: string): Promise<number> {
  return societyId ? fieldDb.outbox.where("societyId").equals(societyId).count() : fieldDb.outbox.count();
}
