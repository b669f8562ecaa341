import "server-only";
import { cache } from "react";
import { BORROWER_SESSION_COOKIE } from "./limits";
import { readCookie } from "./cookies";
import { loadBorrowerSession, type BorrowerIdentity } from "./session";

/**
 * The signed-in borrower of the current request, or null; read once per request. Pages, route handlers and actions of
 * /account ask this and nothing else: a borrower session opens no staff or society screen (those read their own
 * cookie through lib/auth).
 */
export const getBorrower = cache(async (): Promise<BorrowerIdentity | null> => {
  const token = await readCookie(BORROWER_SESSION_COOKIE);
  return token ? loadBorrowerSession(token) : null;
});
