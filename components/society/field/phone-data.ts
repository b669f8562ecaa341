/**
 * Signing out clears the field app's copy on this phone (the day's sheets, the worker's cached page), after the
 * outbox is sent; what cannot be sent is discarded only when the person says so. Loaded on demand by the sign-out
 * buttons, so screens without the field app never download IndexedDB code.
 */
import { FIELD_CACHES } from "@/lib/society/field/app-shell";
import { fieldDb } from "./store";
import { syncOutbox } from "./sync";

/** True when sign-out may go on: nothing was held, everything was sent, or the person chose to discard the rest. */
export async function clearFieldDataBeforeSignOut(confirmDiscard: () => boolean): Promise<boolean> {
  if (typeof indexedDB === "undefined") return true;
  const societies = new Set((await fieldDb.outbox.toArray()).filter((e) => e.state === "waiting").map((e) => e.societyId));
  for (const societyId of societies) await syncOutbox(societyId);
  if ((await fieldDb.outbox.count()) > 0 && !confirmDiscard()) return false;
  await fieldDb.delete();
  if (typeof caches !== "undefined") await caches.delete(FIELD_CACHES.pages);
  return true;
}
