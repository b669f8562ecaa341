/**
 * Loan management's validation, shared by its dialogs and the server actions. Messages are keys of the
 * "validation" namespace; amounts arrive as typed text (Bengali digits too) and leave as whole taka.
 */
import { z } from "zod";
import { wholeTaka } from "@/lib/applications/schemas";
import { LoanStatus, LoanType, RiskLevel } from "@/lib/generated/prisma/enums";
import { calendarDay } from "@/lib/lending-rules/schemas";
import { DISBURSEMENT_CHANNELS } from "./disbursement-channel";
import { msg, optionalBankAccount, optionalText, requiredText, todayOrLaterDate } from "@/lib/validation/fields";
import { choiceParam, pageParam, searchParam } from "@/lib/validation/search-params";

/** A loan's public number, "LN-000123". */
export const loanNumberField = z
  .string(msg("required"))
  .trim()
  .regex(/^LN-\d{1,12}$/, msg("required"));

export const approveLoanSchema = z.object({ loanNumber: loanNumberField, amount: wholeTaka("invalidAmount") });

export const rejectLoanSchema = z.object({ loanNumber: loanNumberField, reason: requiredText(500) });

export const disburseLoanSchema = z
  .object({
    loanNumber: loanNumberField,
    /** Paid through (a form that does not ask: a bank transfer). */
    channel: z.enum(DISBURSEMENT_CHANNELS, msg("required")).default("bank_transfer"),
    /** The account (or wallet) paid into, and its bank or provider: asked for every channel but cash. */
    bankAccount: optionalBankAccount(),
    bankName: optionalText(100),
    /** Asia/Dhaka calendar date the money goes out. */
    scheduledDate: todayOrLaterDate,
    /**
     * The first instalment's date before days off move it: the earliest the rules allow (shown by the dialog) or later,
     * never earlier (the server checks against the rules); empty takes the earliest. Later ones follow monthly.
     */
    firstDueDate: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), calendarDay.optional()),
  })
  // Cash is handed over at the branch: there is no account to pay into (and none is kept when one was typed).
  .transform((v, ctx) => {
    if (v.channel === "cash") return { ...v, bankAccount: null, bankName: null };
    if (!v.bankAccount) ctx.addIssue({ code: "custom", path: ["bankAccount"], message: "required" });
    if (!v.bankName) ctx.addIssue({ code: "custom", path: ["bankName"], message: "required" });
    return v;
  });

export const MAX_LOAN_NOTE_LENGTH = 1000;

/** A note on the loan's history tab: not blank. */
export const addLoanNoteSchema = z.object({ loanNumber: loanNumberField, content: requiredText(MAX_LOAN_NOTE_LENGTH) });

/** The list's tabs (admin spec: Applications = pending_approval, Approved, Active = disbursed, All Loans). */
export const LOAN_TABS = ["applications", "approved", "active", "all"] as const;
export type LoanTab = (typeof LOAN_TABS)[number];
export const LOAN_STATUS_FILTERS = ["any", ...Object.values(LoanStatus)] as const;
export const LOAN_TYPE_FILTERS = ["any", ...Object.values(LoanType)] as const;
export const RISK_FILTERS = ["any", ...Object.values(RiskLevel)] as const;

/** URL search parameters of /admin/loans, forgiving: anything unknown falls back to the default. */
export const loanListFiltersSchema = z.object({
  tab: choiceParam(LOAN_TABS, "applications"),
  q: searchParam,
  status: choiceParam(LOAN_STATUS_FILTERS, "any"),
  loanType: choiceParam(LOAN_TYPE_FILTERS, "any"),
  risk: choiceParam(RISK_FILTERS, "any"),
  page: pageParam,
});
export type LoanListFilters = z.output<typeof loanListFiltersSchema>;
