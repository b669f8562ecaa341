import { signOutStaff } from "@/lib/auth/sign-in-actions";

/**
 * Every sign-out button of the staff areas: the field app's copy leaves the phone first (the outbox is sent;
 * what cannot be is discarded only if the person agrees to `discardQuestion`). The IndexedDB code is loaded only
 * now, so screens without the field app never download it.
 */
export async function signOutClearingFieldData(discardQuestion: string): Promise<void> {
  const { clearFieldDataBeforeSignOut } = await import("./phone-data");
  if (await clearFieldDataBeforeSignOut(() => window.confirm(discardQuestion))) await signOutStaff();
}
