import { signOutStaff } from "@/lib/auth/sign-in-actions";

/**
 * The back office's and the society screen's sign-out: the field app's copy of this account leaves the phone first
 * (the outbox is sent; what cannot be is discarded only if the person agrees to `discardQuestion`). The IndexedDB code
 * is loaded only now, so those screens never download it; if it cannot be loaded (a deploy replaced it and the
 * network is gone), the page reloads rather than sign out and leave the phone's copy behind.
 */
export async function signOutClearingFieldData(accountId: string, discardQuestion: string): Promise<void> {
  let phoneData: typeof import("./phone-data");
  try {
    phoneData = await import("./phone-data");
  } catch {
    window.location.reload();
    return;
  }
  if (await phoneData.clearFieldDataBeforeSignOut(accountId, () => window.confirm(discardQuestion))) await signOutStaff();
}
