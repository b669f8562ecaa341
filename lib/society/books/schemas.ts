/** The books' forms (shared by the form and the server action). */
import { z } from "zod";
import { idempotencyKey } from "@/lib/idempotency/schemas";
import { wholeTaka } from "@/lib/applications/schemas";
import { confirmCashBelowZero, recordId } from "@/lib/society/schemas";
import { dhakaToday } from "@/lib/format";
import { isRealIsoDate, msg, pastOrTodayDate, requiredText, todayOrLaterDate, typedNumber } from "@/lib/validation/fields";
import { LOAN_FREQUENCIES, LOAN_METHODS } from "./loan-plan";

/** Close the books through a day (today or earlier): nothing dated on or before it can be posted afterwards. */
export const closeBooksSchema = z.object({ through: pastOrTodayDate });

/** A member takes savings out: whole taka, more than zero (Bengali digits accepted). */
export const withdrawalSchema = z.object({ memberId: recordId, amount: wholeTaka("invalidAmount"), idempotencyKey, confirmCashBelowZero });

/** A second person approves a withdrawal waiting above the society's limit. */
export const approveWithdrawalSchema = z.object({ withdrawalId: recordId, idempotencyKey, confirmCashBelowZero });

/** Or refuses it, saying why. */
export const rejectWithdrawalSchema = z.object({ withdrawalId: recordId, note: requiredText(300) });

/** An account of the society's chart, by its code (1000, 4101, …). */
const accountCode = z.string().regex(/^\d{4}$/);

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isRealIsoDate);

/** The books tab's period (dates inclusive; this month to today unless given) and, for the cash book, a worker. */
export const booksQuerySchema = z
  .object({
    from: isoDay.optional().catch(undefined),
    to: isoDay.optional().catch(undefined),
    worker: recordId.optional().catch(undefined),
    account: accountCode.optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  })
  .transform((v) => {
    const today = dhakaToday();
    const to = v.to && v.to <= today ? v.to : today;
    const from = v.from && v.from <= to ? v.from : `${to.slice(0, 7)}-01`;
    return { from, to, worker: v.worker || null, account: v.account ?? null, page: (v.page ?? 1) - 1 };
  });

/** The society's withdrawal rules (admins): the least a member's savings keep, and the most paid without a second person. */
export const withdrawalRulesSchema = z.object({
  minimumSavingsBalance: wholeTaka("invalidAmount", { allowZero: true }),
  withdrawalApprovalLimit: wholeTaka("invalidAmount", { allowZero: true }),
});

/** The longest plan accepted: two years of daily instalments. */
export const MAX_LOAN_INSTALMENTS = 730;

/**
 * A loan from the society's fund to a member, with its plan: the amount, the charge (a flat rate on the whole amount,
 * or a yearly rate on a declining balance), how often and how many instalments, and the first instalment's day.
 */
export const memberLoanSchema = z.object({
  memberId: recordId,
  principal: wholeTaka("invalidAmount"),
  ratePercent: typedNumber(0, 100, 0),
  method: z.enum(LOAN_METHODS, msg("required")),
  frequency: z.enum(LOAN_FREQUENCIES, msg("required")),
  instalmentCount: typedNumber(1, MAX_LOAN_INSTALMENTS, 0),
  firstDueDate: todayOrLaterDate,
  idempotencyKey,
  confirmCashBelowZero,
});
export type MemberLoanInput = z.input<typeof memberLoanSchema>;
export type MemberLoanValues = z.output<typeof memberLoanSchema>;

/** An admin reverses an income or expense entered by mistake: a reversal entry pointing at it, dated today. */
export const reverseIncomeExpenseSchema = z.object({ incomeExpenseId: recordId, idempotencyKey, confirmCashBelowZero });

/** The chart of accounts: an admin names an account as the society calls it. */
export const accountLabelSchema = z.object({ code: accountCode, label: requiredText(60) });

/** Or adds an income or expense category account (the fixed types; the system accounts exist already). */
export const ACCOUNT_KINDS_ADDED = ["income_category", "expense_category"] as const;
export const addAccountSchema = z.object({ kind: z.enum(ACCOUNT_KINDS_ADDED, msg("required")), name: requiredText(60) });

/** The most one side of an opening balance may add up to (whole taka; ৳100 crore). */
export const MAX_OPENING_SIDE = 1_000_000_000;

/** The most members one opening balance carries (a large society's register). */
export const MAX_OPENING_MEMBERS = 5000;

/** An opening figure: whole taka, zero or more; a blank box is zero (most members have one of the two figures). */
const openingTaka = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? 0 : v), wholeTaka("invalidAmount", { allowZero: true }));

/**
 * A society's opening balances, as they stood at the end of a day (today or earlier): cash in hand, bank, share capital,
 * and each member's savings and loan still owed. What they leave over is the reserve (openingReserve). Blank is zero.
 */
export const openingBalanceSchema = z.object({
  // Before today: the day's own collections (sheets, phones) come after the opening, never on its day.
  asOf: pastOrTodayDate.refine((v) => v < dhakaToday(), msg("invalidDate")),
  cashInHand: openingTaka,
  bank: openingTaka,
  shareCapital: openingTaka,
  members: z
    .array(z.object({ memberId: recordId, savings: openingTaka, loan: openingTaka }))
    .max(MAX_OPENING_MEMBERS)
    .refine((rows) => new Set(rows.map((r) => r.memberId)).size === rows.length, msg("invalidAmount")),
  idempotencyKey,
})
  .refine((v) => v.cashInHand + v.bank + v.shareCapital + v.members.reduce((sum, m) => sum + m.savings + m.loan, 0) > 0, { path: ["cashInHand"], message: "required" })
  // The journal's amounts are 32-bit: each side of the opening stays well inside them.
  .refine((v) => v.cashInHand + v.bank + v.members.reduce((sum, m) => sum + m.loan, 0) <= MAX_OPENING_SIDE && v.shareCapital + v.members.reduce((sum, m) => sum + m.savings, 0) <= MAX_OPENING_SIDE, {
    path: ["cashInHand"],
    message: "invalidAmount",
  });
export type OpeningBalanceInput = z.input<typeof openingBalanceSchema>;
export type OpeningBalanceValues = z.output<typeof openingBalanceSchema>;

/** A second person posts the opening balances another entered … */
export const approveOpeningBalanceSchema = z.object({ openingId: recordId, idempotencyKey });

/** … or refuses them, saying why. */
export const rejectOpeningBalanceSchema = z.object({ openingId: recordId, note: requiredText(300) });
