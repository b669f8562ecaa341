/**
 * Loan management's validation, shared by its dialogs and the server actions. Messages are keys of the
 * "validation" namespace; amounts arrive as typed text (Bengali digits too) and leave as whole taka.
 */
import { z } from "zod";
import { wholeTaka } from "@/lib/applications/schemas";
import { msg, requiredText, todayOrLaterDate } from "@/lib/validation/fields";

/** A loan's public number, "LN-000123". */
export const loanNumberField = z
  .string(msg("required"))
  .trim()
  .regex(/^LN-\d{1,12}$/, msg("required"));

export const approveLoanSchema = z.object({ loanNumber: loanNumberField, amount: wholeTaka("invalidAmount") });

export const rejectLoanSchema = z.object({ loanNumber: loanNumberField, reason: requiredText(500) });

export const disburseLoanSchema = z.object({
  loanNumber: loanNumberField,
  bankAccount: requiredText(40),
  bankName: requiredText(100),
  /** Asia/Dhaka calendar date the money goes out; the schedule counts its months from it. */
  scheduledDate: todayOrLaterDate,
});
