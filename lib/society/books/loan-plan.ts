/**
 * A society's loan to a member (issue 28): the instalment plan and where the member stands on it. Pure; unit-tested
 * beside this file.
 *
 * Two ways societies charge: a flat service charge (the rate on the whole amount for the whole term, as most somitis
 * do) or a declining balance (the annual rate on what is still owed, each period). Either way the plan fixes the total
 * the member repays; the books carry that total on the member's loan account from the day it is paid out
 * (docs/decisions/0224-loan-plan-charge-booked-at-payout.md), so each instalment collected simply brings it down.
 */
import { calculateEmi } from "@/lib/loans/emi";
import { addCalendarDays, addCalendarMonths, amortise } from "@/lib/repayments/schedule";

export const LOAN_METHODS = ["flat", "declining"] as const;
export const LOAN_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type LoanMethod = (typeof LOAN_METHODS)[number];
export type LoanFrequency = (typeof LOAN_FREQUENCIES)[number];

/** Instalments a year, for a declining balance's rate per period. */
const PERIODS_PER_YEAR: Record<LoanFrequency, number> = { daily: 365, weekly: 52, monthly: 12 };

export type LoanTerms = {
  /** Whole taka paid out. */
  principal: number;
  /** Percent: of the whole amount (flat) or a year (declining). */
  ratePercent: number;
  method: LoanMethod;
  frequency: LoanFrequency;
  instalmentCount: number;
  /** YYYY-MM-DD, the first instalment's day. */
  firstDueDate: string;
};

export type PlannedInstalment = { number: number; dueDate: string; amount: number; principal: number; charge: number };
export type LoanPlan = { instalments: PlannedInstalment[]; serviceCharge: number; totalRepayable: number; instalmentAmount: number };

/** The day the n-th instalment (1-based) falls due. */
export function instalmentDueDate(firstDueDate: string, frequency: LoanFrequency, n: number): string {
  if (frequency === "monthly") return addCalendarMonths(firstDueDate, n - 1);
  return addCalendarDays(firstDueDate, (n - 1) * (frequency === "weekly" ? 7 : 1));
}

/** The first instalment's usual day: one period after the loan is paid out. */
export function defaultFirstDueDate(disbursedOn: string, frequency: LoanFrequency): string {
  return instalmentDueDate(disbursedOn, frequency, 2);
}

/** `total` split into `count` whole-taka parts that differ by at most 1 taka (the larger ones first). */
function evenParts(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

export function loanPlan(terms: LoanTerms): LoanPlan {
  const { principal, ratePercent, instalmentCount: count } = terms;
  if (!Number.isInteger(principal) || principal <= 0) throw new RangeError(`principal must be a positive whole number, got ${principal}`);
  if (!Number.isInteger(count) || count <= 0) throw new RangeError(`instalmentCount must be a positive whole number, got ${count}`);
  if (!Number.isFinite(ratePercent) || ratePercent < 0) throw new RangeError(`ratePercent must be 0 or more, got ${ratePercent}`);
  let rows: { amount: number; principal: number; charge: number }[];
  if (terms.method === "flat") {
    const serviceCharge = Math.round((principal * ratePercent) / 100);
    // The instalments within a taka of each other; each one's principal part as even, the charge what is left (never
    // below zero: both splits put their extra taka first).
    const principalParts = evenParts(principal, count);
    rows = evenParts(principal + serviceCharge, count).map((amount, i) => ({ amount, principal: principalParts[i]!, charge: amount - principalParts[i]! }));
  } else {
    // calculateEmi and amortise work in monthly rates (annual / 12): an annual rate scaled by 12 / periods a year
    // gives them the rate of one period of this plan.
    const scaledRate = (ratePercent * 12) / PERIODS_PER_YEAR[terms.frequency];
    const { emi } = calculateEmi({ principal, annualRate: scaledRate, months: count });
    rows = amortise({ principal, annualRate: scaledRate, months: count, emi: Math.max(emi, 1) }).map((r) => ({ amount: r.emiAmount, principal: r.principal, charge: r.interest }));
  }
  const instalments = rows.map((r, i) => ({ number: i + 1, dueDate: instalmentDueDate(terms.firstDueDate, terms.frequency, i + 1), ...r }));
  const serviceCharge = rows.reduce((s, r) => s + r.charge, 0);
  return { instalments, serviceCharge, totalRepayable: principal + serviceCharge, instalmentAmount: Math.max(...rows.map((r) => r.amount)) };
}

export type LoanStanding = {
  /** Paid towards this loan so far (never more than the total). */
  paid: number;
  outstanding: number;
  /** What should have been paid by today. */
  dueToDate: number;
  /** Due by today and not paid. */
  overdue: number;
  /** Days since the oldest instalment not fully paid fell due (0 when nothing is overdue). */
  daysInArrears: number;
  /** The next instalment not fully paid, with what is left of it; null when the loan is repaid. */
  next: { number: number; dueDate: string; amount: number } | null;
};

/**
 * Where a member stands on a plan, from what they have paid towards it (instalments are paid in order) and today's
 * date (Asia/Dhaka, YYYY-MM-DD).
 */
export function loanStanding(instalments: readonly PlannedInstalment[], paidTowards: number, today: string): LoanStanding {
  const total = instalments.reduce((s, r) => s + r.amount, 0);
  const paid = Math.min(Math.max(paidTowards, 0), total);
  let cumulative = 0;
  let dueToDate = 0;
  let next: LoanStanding["next"] = null;
  for (const row of instalments) {
    cumulative += row.amount;
    if (row.dueDate <= today) dueToDate = cumulative;
    if (!next && cumulative > paid) next = { number: row.number, dueDate: row.dueDate, amount: cumulative - Math.max(paid, cumulative - row.amount) };
  }
  const overdue = Math.max(0, dueToDate - paid);
  const daysInArrears = overdue > 0 && next ? Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${next.dueDate}T00:00:00Z`)) / 86_400_000) : 0;
  return { paid, outstanding: total - paid, dueToDate, overdue, daysInArrears, next };
}
