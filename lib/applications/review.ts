/**
 * Application review as a state table (admin spec section 4): which decision may follow which status.
 * Pure, so the dialog shows only allowed buttons and the server guards its UPDATE with the same table.
 */
import type { ApplicationStatus } from "@/lib/generated/prisma/enums";

export const REVIEW_DECISIONS = ["under_review", "approved", "rejected"] as const satisfies readonly ApplicationStatus[];
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const REVIEW_TRANSITIONS: Readonly<Record<ApplicationStatus, readonly ReviewDecision[]>> = {
  pending: ["under_review", "approved", "rejected"],
  under_review: ["approved", "rejected"],
  approved: [],
  rejected: [],
};

export function allowedDecisions(status: ApplicationStatus): readonly ReviewDecision[] {
  return REVIEW_TRANSITIONS[status];
}

/** The statuses from which `decision` may be taken: the guard of the UPDATE. */
export function statusesAllowing(decision: ReviewDecision): ApplicationStatus[] {
  return (Object.keys(REVIEW_TRANSITIONS) as ApplicationStatus[]).filter((s) => REVIEW_TRANSITIONS[s].includes(decision));
}

export const EMI_TO_INCOME_LIMIT_PERCENT = 40;

/** EMI as a share of monthly income, in percent (one decimal); null without an income. */
export function emiToIncomePercent(emi: number, monthlyIncome: number): number | null {
  return monthlyIncome > 0 ? Math.round((emi / monthlyIncome) * 1000) / 10 : null;
}

/**
 * Debt-to-income: (EMI + monthly payments on other loans) over monthly income, in percent with one decimal. The
 * prototype divided existing loans by 12 because it stored a total; the wizard asks for monthly payments (the
 * figure the eligibility rule adds to the EMI), so they count in full (docs/decisions/0037-existing-loans.md).
 */
export function debtToIncomePercent(emi: number, existingLoans: number | null, monthlyIncome: number): number | null {
  if (monthlyIncome <= 0) return null;
  return Math.round(((emi + (existingLoans ?? 0)) / monthlyIncome) * 1000) / 10;
}
