/**
 * Signing out clears this account's copy of the field app on the phone (its sheets, its entries, the cached field
 * page), after its outbox is sent; what cannot be sent is discarded only when the person says so, and only what they
 * were asked about: anything recorded meanwhile (another tab) stops the sign-out. Loaded on demand by the back office's
 * and the society screen's sign-out buttons, so those screens never download IndexedDB code.
 */
import { FIELD_CACHES } from "@/lib/society/field/app-shell";
import { fieldDb } from "./store";
import { syncOutbox } from "./sync";

/** True when sign-out may go on: nothing was held, everything was sent, or the person discarded exactly what was left. */
export async function clearFieldDataBeforeSignOut(accountId: string, confirmDiscard: () => boolean): Promise<boolean> {
  if (typeof indexedDB === "undefined") return true;
  const mine = () => fieldDb.outbox.filter((e) => e.accountId === accountId).toArray();
  const societies = new Set([...(await mine()).map((e) => e.societyId), ...(await fieldDb.sheets.filter((s) => s.accountId === accountId).toArray()).map((s) => s.societyId)]);
  // Send what waits, and tell the server what stays (its dashboard shows entries still on phones).
  for (const societyId of societies) await syncOutbox(accountId, societyId, { report: true });
  const asked = (await mine()).map((e) => e.id).sort();
  if (asked.length > 0 && !confirmDiscard()) return false;
  const cleared = await fieldDb.transaction("rw", fieldDb.outbox, fieldDb.sheets, async () => {
    const now = (await mine()).map((e) => e.id).sort();
    if (now.join() !== asked.join()) return false;
    await fieldDb.outbox.bulkDelete(now);
    await fieldDb.sheets.filter((s) => s.accountId === accountId).delete();
    return true;
  });
  if (!cleared) return false;
  // The server's dashboard counts what phones hold: tell it this phone holds nothing of this account now, while the
  // session (and the phone's id) still exist. Offline, the office sees the report grow old instead.
  if (asked.length > 0) for (const societyId of societies) await syncOutbox(accountId, societyId, { report: true });
  if ((await fieldDb.outbox.count()) === 0) await fieldDb.delete();
  if (typeof caches !== "undefined") await caches.delete(FIELD_CACHES.pages);
  return true;
}
