/** The write-off forms' validation (issue 50, point 4), shared by the dialogs and the server actions. */
import { z } from "zod";
import { loanNumberField } from "@/lib/loans/schemas";
import { pastOrTodayDate, requiredText } from "@/lib/validation/fields";

const writeOffIdField = z.string().trim().min(1).max(64);

/** A loan officer (or a manager) proposes a loan's write-off on one of the policy's days, saying why. */
export const proposeWriteOffSchema = z.object({ loanNumber: loanNumberField, writeOffDate: pastOrTodayDate, reason: requiredText(500) });
export type ProposeWriteOffValues = z.input<typeof proposeWriteOffSchema>;

/** The head office approves with the board resolution's reference; it moves money on the books, so the button has a key. */
export const approveWriteOffSchema = z.object({ writeOffId: writeOffIdField, boardResolution: requiredText(120), idempotencyKey: z.uuid() });
export type ApproveWriteOffValues = z.input<typeof approveWriteOffSchema>;

export const rejectWriteOffSchema = z.object({ writeOffId: writeOffIdField, reason: requiredText(500) });
export type RejectWriteOffValues = z.input<typeof rejectWriteOffSchema>;
