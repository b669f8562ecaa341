import "server-only";
import { auth } from "./index";

/**
 * The StaffSession token of the current request, from the Auth.js cookie. The one seam between Auth.js
 * and the rest of the app (integration tests replace it to act as a given session).
 */
export async function currentSessionToken(): Promise<string | null> {
  const session = await auth();
  return session?.sid ?? null;
}
