import { Prisma } from "@/lib/generated/prisma/client";

/** A unique constraint refused the write (Prisma P2002): someone else holds the value, or a concurrent twin won. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** A foreign key refused the write (Prisma P2003): the record it names does not exist. */
export function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003";
}

/** The society's books are closed for the entry's date (the SocietyJournalEntry_period_open trigger refused it). */
export function isPeriodClosed(error: unknown): boolean {
  return error instanceof Error && /books of society .* are closed through/.test(error.message);
}

/** The lender's books of a branch are closed for the line's date (the LenderJournalLine_period_open trigger refused it). */
export function isBranchBooksClosed(error: unknown): boolean {
  return error instanceof Error && /books of branch .* are closed through/.test(error.message);
}

/** A member's savings would go below zero on the books (SocietyJournalLine_savings_not_negative refused it). */
export function isSavingsBelowZero(error: unknown): boolean {
  return error instanceof Error && /savings of member .* would go below zero/.test(error.message);
}

/** A posting dated on or before the society's opening balance (SocietyJournalEntry_opening_first refused it). */
export function isBeforeOpening(error: unknown): boolean {
  return error instanceof Error && /books of society .* open after/.test(error.message);
}

/** An opening balance after entries already posted on or before its day (SocietyJournalEntry_opening_first). */
export function isOpeningAfterEntries(error: unknown): boolean {
  return error instanceof Error && /the opening balance comes first/.test(error.message);
}

/** A write-off whose amount is not the loan's principal on the books, or of a loan moved since its day (LoanWriteOff_posted). */
export function isWriteOffNotOnBooks(error: unknown): boolean {
  return error instanceof Error && /a write-off takes a running loan's principal on the books/.test(error.message);
}

/** A payment on a written-off loan dated before its write-off day (LoanPayment_recovery_after_write_off). */
export function isRecoveryBeforeWriteOff(error: unknown): boolean {
  return error instanceof Error && /a payment on a written-off loan is dated on or after its write-off day/.test(error.message);
}
