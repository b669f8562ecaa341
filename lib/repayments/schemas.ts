/** The Record Manual Payment form's validation (admin spec section 6), shared by the dialog and the server action. */
import { z } from "zod";
import { wholeTaka } from "@/lib/applications/schemas";
import { PaymentMethod } from "@/lib/generated/prisma/enums";
import { loanNumberField } from "@/lib/loans/schemas";
import { msg, optionalText, pastOrTodayDate, requiredText } from "@/lib/validation/fields";

/** A payment's receipt number, "PAY-000124" (lib/ids/allocate.ts). */
export const paymentNumberField = z
  .string(msg("required"))
  .trim()
  .regex(/^PAY-\d{1,12}$/, msg("required"));

export const PAYMENT_METHODS: readonly PaymentMethod[] = Object.values(PaymentMethod);

export const recordPaymentSchema = z.object({
  /** The customer's user number or user code, as the member list shows it. */
  memberId: requiredText(40),
  loanNumber: loanNumberField,
  amount: wholeTaka("invalidAmount"),
  method: z.enum(PAYMENT_METHODS, msg("required")),
  /** Asia/Dhaka calendar date the money was received (default today on the form). */
  paymentDate: pastOrTodayDate,
  /** bKash/Nagad/Rocket TrxID, bank reference or receipt book number; one per method. */
  reference: optionalText(60),
  notes: optionalText(500),
  /** One per opening of the form: a double submit records one payment. */
  idempotencyKey: z.uuid(),
});
export type RecordPaymentInput = z.output<typeof recordPaymentSchema>;

/** Asking for a payment's reversal (recorded against the wrong loan or with the wrong amount): why, in a few words. */
export const requestReversalSchema = z.object({
  paymentNumber: paymentNumberField,
  reason: requiredText(500),
});
export type RequestReversalValues = z.input<typeof requestReversalSchema>;

/** A second person approves a reversal: it moves money, so the button's key makes a repeat one approval. */
export const approveReversalSchema = z.object({
  reversalId: z.string().trim().min(1).max(64),
  idempotencyKey: z.uuid(),
});

export const rejectReversalSchema = z.object({
  reversalId: z.string().trim().min(1).max(64),
  reason: requiredText(500),
});
export type RejectReversalValues = z.input<typeof rejectReversalSchema>;

/** The money part of a payment form (how, when, which reference), shared by the settlement and prepayment forms. */
const paymentReceiptFields = {
  loanNumber: loanNumberField,
  method: z.enum(PAYMENT_METHODS, msg("required")),
  paymentDate: pastOrTodayDate,
  reference: optionalText(60),
  notes: optionalText(500),
  idempotencyKey: z.uuid(),
};

/** What it takes to settle a loan on a date (the form asks again when the date changes). */
export const settlementQuoteSchema = z.object({ loanNumber: loanNumberField, onDate: pastOrTodayDate });

/**
 * Settling a loan early: `amount` is the settlement amount the form showed; the server computes it again and refuses
 * a different one (the date or a payment changed it), so nobody settles for a figure they did not see.
 */
export const settleLoanSchema = z.object({ ...paymentReceiptFields, amount: wholeTaka("invalidAmount") });
export type SettleLoanInput = z.output<typeof settleLoanSchema>;

/** A partial prepayment: an amount of principal paid ahead of the schedule. */
export const prepayLoanSchema = z.object({ ...paymentReceiptFields, amount: wholeTaka("invalidAmount") });
export type PrepayLoanInput = z.output<typeof prepayLoanSchema>;
