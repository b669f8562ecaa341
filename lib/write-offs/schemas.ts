/** The write-off forms' validation (issue 50, point 4), shared by the dialogs and the server actions. */
import { z } from "zod";
import { loanNumberField } from "@/lib/loans/schemas";
import { isRealIsoDate, msg, pastOrTodayDate, requiredText, typedNumber } from "@/lib/validation/fields";

const writeOffIdField = z.string().trim().min(1).max(64);

/** A loan officer (or a manager) proposes a loan's write-off on one of the policy's days, saying why. */
export const proposeWriteOffSchema = z.object({ loanNumber: loanNumberField, writeOffDate: pastOrTodayDate, reason: requiredText(500) });
export type ProposeWriteOffValues = z.input<typeof proposeWriteOffSchema>;

/** The head office approves with the board resolution's reference; it moves money on the books, so the button has a key. */
export const approveWriteOffSchema = z.object({ writeOffId: writeOffIdField, boardResolution: requiredText(120), idempotencyKey: z.uuid() });
export type ApproveWriteOffValues = z.input<typeof approveWriteOffSchema>;

export const rejectWriteOffSchema = z.object({ writeOffId: writeOffIdField, reason: requiredText(500) });
export type RejectWriteOffValues = z.input<typeof rejectWriteOffSchema>;

/** The days a write-off may be dated that the policy screen offers: each month's last day ("MM-DD"; 28 February). */
export const MONTH_END_DAYS = ["01-31", "02-28", "03-31", "04-30", "05-31", "06-30", "07-31", "08-31", "09-30", "10-31", "11-30", "12-31"] as const;

/** A day every year has, as "MM-DD" (no 29 February: the database refuses it too). */
const isYearlyDay = (v: string) => /^\d{2}-\d{2}$/.test(v) && isRealIsoDate(`2001-${v}`);

/**
 * A super admin's write-off policy (decision 0267: the regulator changes it by circular): how many months a loan must
 * have been bad, whether it must be fully provisioned, and the days a write-off may be dated (at least one).
 */
export const writeOffPolicySchema = z.object({
  badForMonths: typedNumber(0, 240, 0, "invalidMonths"),
  requireFullyProvisioned: z.boolean(),
  allowedDays: z.preprocess(
    (v) => (v === false || v === undefined || v === null ? [] : typeof v === "string" ? [v] : v),
    z
      .array(z.string().refine(isYearlyDay, msg("invalidDate")))
      .min(1, msg("chooseWriteOffDay"))
      .transform((days) => [...new Set(days)].sort()),
  ),
});
export type WriteOffPolicyValues = z.input<typeof writeOffPolicySchema>;
