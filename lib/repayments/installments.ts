/**
 * What an instalment's state and late fee are, computed from its dates and the money applied to it (admin spec
 * sections 5 and 6): nothing here is stored as a second truth that could drift from the payments. Pure.
 */
import type { InstallmentStatus } from "@/lib/generated/prisma/enums";
import { daysBetween } from "@/lib/loans/calendar";
import { addCalendarDays } from "./schedule";

/** The product's late-fee rule; the defaults are the spec's (115 on an EMI of 2,292, after three days). */
export type LateFeePolicy = { percentOfEmi: number; graceDays: number };
export const DEFAULT_LATE_FEE_POLICY: LateFeePolicy = { percentOfEmi: 5, graceDays: 3 };

/** The fee for one late instalment: a share of its EMI, rounded to whole taka (half up: 114.6 → 115). */
export function lateFeeFor(emiAmount: number, policy: LateFeePolicy = DEFAULT_LATE_FEE_POLICY): number {
  return Math.round((emiAmount * policy.percentOfEmi) / 100);
}

/** The day after which an unpaid instalment is charged its late fee: its due date plus the grace days. */
export function graceEndsOn(dueDate: string, policy: LateFeePolicy = DEFAULT_LATE_FEE_POLICY): string {
  return addCalendarDays(dueDate, policy.graceDays);
}

export type InstallmentFacts = {
  /** YYYY-MM-DD. */
  dueDate: string;
  emiAmount: number;
  /** The late fee charged so far (0 or the one fee). */
  lateFee: number;
  /** Everything applied to this instalment, fee included. */
  paidAmount: number;
};

/**
 * Its state on `today` (Asia/Dhaka, YYYY-MM-DD): paid once the EMI and any fee are covered; partial when some
 * money came in; otherwise upcoming, due today or overdue by the calendar.
 */
export function installmentStatus(installment: InstallmentFacts, today: string): InstallmentStatus {
  if (installment.paidAmount >= installment.emiAmount + installment.lateFee) return "paid";
  if (installment.paidAmount > 0) return "partial";
  if (today < installment.dueDate) return "upcoming";
  return today === installment.dueDate ? "due_today" : "overdue";
}

/**
 * The late fee this instalment should carry on `today`: once, when its EMI was not paid in full by the end of
 * the grace period; a fee already charged stays (it is never charged twice, nor taken back by paying later).
 */
export function lateFeeDue(
  installment: InstallmentFacts & { /** When the EMI itself was covered, YYYY-MM-DD; null while it is not. */ emiCoveredOn: string | null },
  today: string,
  policy: LateFeePolicy = DEFAULT_LATE_FEE_POLICY,
): number {
  if (installment.lateFee > 0) return installment.lateFee;
  const lastFreeDay = graceEndsOn(installment.dueDate, policy);
  if (today <= lastFreeDay) return 0;
  if (installment.emiCoveredOn !== null && installment.emiCoveredOn <= lastFreeDay) return 0;
  return lateFeeFor(installment.emiAmount, policy);
}

/** An instalment as stored. */
export type StoredInstallment = { dueDate: string; emiAmount: number; lateFee: number; paidAmount: number; status: InstallmentStatus };

export type InstallmentNow = {
  /** installmentStatus() on `today`. */
  state: InstallmentStatus;
  /** The fee charged, or the one a payment today would charge (lateFeeDue); a paid instalment keeps the one it paid. */
  lateFee: number;
  /** EMI plus that fee, less what was paid. */
  owed: number;
  /** Whole days past the due date while not paid; 0 otherwise. */
  daysOverdue: number;
};

/** What one instalment is and owes on `today` (Asia/Dhaka, YYYY-MM-DD) under its loan type's rule. Pure. */
export function installmentNow(row: StoredInstallment, today: string, policy: LateFeePolicy): InstallmentNow {
  if (row.status === "paid") return { state: "paid", lateFee: row.lateFee, owed: 0, daysOverdue: 0 };
  // The EMI part is covered only by a payment that also paid a fee charged then (else the row would be paid).
  const lateFee = lateFeeDue({ ...row, emiCoveredOn: row.paidAmount >= row.emiAmount ? row.dueDate : null }, today, policy);
  const state = installmentStatus({ ...row, lateFee }, today);
  return {
    state,
    lateFee,
    owed: Math.max(0, row.emiAmount + lateFee - row.paidAmount),
    daysOverdue: state !== "paid" && row.dueDate < today ? daysBetween(row.dueDate, today) : 0,
  };
}
