import "server-only";
import { cookies } from "next/headers";
import { auth } from "./index";

/** The cookie holding the branch a head-office or area member of staff picked to work in (issue 41, decision 0257). */
export const BRANCH_PICK_COOKIE = "rb_branch";

/**
 * The StaffSession token of the current request, from the Auth.js cookie. The one seam between Auth.js
 * and the rest of the app (integration tests replace it to act as a given session).
 */
export async function currentSessionToken(): Promise<string | null> {
  const session = await auth();
  return session?.sid ?? null;
}

/** The branch picked in the back office's branch picker, or null for the consolidated view (checked by the guard). */
export async function currentBranchPick(): Promise<string | null> {
  return (await cookies()).get(BRANCH_PICK_COOKIE)?.value || null;
}

/** Remembers the picked branch on this browser (null: consolidated). A preference of the view, not a record: no audit. */
export async function setBranchPick(branchId: string | null): Promise<void> {
  const jar = await cookies();
  if (branchId === null) jar.delete(BRANCH_PICK_COOKIE);
  else jar.set(BRANCH_PICK_COOKIE, branchId, { httpOnly: true, sameSite: "lax", path: "/", secure: process.env.NODE_ENV === "production" });
}
