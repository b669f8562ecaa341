/**
 * The repayments screen's URL filters (/admin/repayments), forgiving like the other back-office lists: anything
 * unknown falls back to the default. Pure: the page and the tests parse the same thing.
 */
import { z } from "zod";
import { InstallmentStatus, LoanType } from "@/lib/generated/prisma/enums";
import { choiceParam, pageParam, searchParam } from "@/lib/validation/search-params";

/** The spec's tabs: four of instalments (membership computed from the dates on the day asked), then the collection log. */
export const REPAYMENT_TABS = ["due_today", "overdue", "upcoming", "paid", "collections"] as const;
export type RepaymentTab = (typeof REPAYMENT_TABS)[number];

/** An instalment's state as installmentStatus() computes it (partial = some money in, not all). */
export const REPAYMENT_STATUS_FILTERS = ["any", ...Object.values(InstallmentStatus)] as const;
export type RepaymentStatusFilter = (typeof REPAYMENT_STATUS_FILTERS)[number];
export const REPAYMENT_TYPE_FILTERS = ["any", ...Object.values(LoanType)] as const;

export const repaymentListFiltersSchema = z.object({
  tab: choiceParam(REPAYMENT_TABS, "due_today"),
  /** Member name, e-mail, phone (any form), member ID, loan number (LN-…) or receipt number (PAY-…). */
  q: searchParam,
  status: choiceParam(REPAYMENT_STATUS_FILTERS, "any"),
  loanType: choiceParam(REPAYMENT_TYPE_FILTERS, "any"),
  page: pageParam,
});
export type RepaymentListFilters = z.output<typeof repaymentListFiltersSchema>;
