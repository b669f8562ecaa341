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

/** Runs a books transaction, answering what the books' triggers refused (above) instead of throwing it. */
export async function withBooksRefusals<T>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await run();
  } catch (error) {
    const refused = booksRefusal(error);
    if (refused) return refused;
    throw error;
  }
}
