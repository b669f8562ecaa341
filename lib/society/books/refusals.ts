import { fail, type ActionResult } from "@/lib/auth/action-result";
import { isBeforeOpening, isOpeningAfterEntries, isPeriodClosed, isSavingsBelowZero } from "@/lib/db-errors";

/**
 * What the books' triggers refused, as an action's typed answer (keys of adminCommon.reasons): an entry dated in a
 * closed period or before the opening balance, an opening after entries, or savings taken below zero. Null for any
 * other error, which the caller rethrows.
 */
export function booksRefusal(error: unknown): ActionResult<never> | null {
  if (isPeriodClosed(error)) return fail("conflict", { reason: "periodClosed" });
  if (isSavingsBelowZero(error)) return fail("conflict", { reason: "savingsAlreadyWithdrawn" });
  if (isBeforeOpening(error)) return fail("conflict", { reason: "beforeOpening" });
  if (isOpeningAfterEntries(error)) return fail("conflict", { reason: "openingAfterEntries" });
  return null;
}

/** Thrown inside a books transaction to roll back what it did so far and answer with a refusal (withBooksRefusals). */
export class BooksRefusal extends Error {
  constructor(readonly result: ActionResult<never>) {
    super("refused");
  }
}

/** Runs a books transaction, answering what the books' triggers refused (above) instead of throwing it. */
export async function withBooksRefusals<T>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BooksRefusal) return error.result;
    const refused = booksRefusal(error);
    if (refused) return refused;
    throw error;
  }
}
