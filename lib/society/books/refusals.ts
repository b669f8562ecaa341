import { fail, type ActionResult } from "@/lib/auth/action-result";
import { isPeriodClosed, isSavingsBelowZero } from "@/lib/db-errors";

/**
 * What the books' triggers refused, as an action's typed answer (keys of adminCommon.reasons): an entry dated in a
 * closed period, or savings taken below zero. Null for any other error, which the caller rethrows.
 */
export function booksRefusal(error: unknown): ActionResult<never> | null {
  if (isPeriodClosed(error)) return fail("conflict", { reason: "periodClosed" });
  if (isSavingsBelowZero(error)) return fail("conflict", { reason: "savingsAlreadyWithdrawn" });
  return null;
}
