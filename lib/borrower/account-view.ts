/** Pure figures of the borrower's page (unit-tested beside this file). */
import type { InstallmentView } from "./types";

/** What a loan still owes: every instalment's EMI and late fee less what was paid on it. */
export function outstandingOf(installments: Pick<InstallmentView, "emiAmount" | "lateFee" | "paid">[]): number {
  return installments.reduce((sum, i) => sum + Math.max(0, i.emiAmount + i.lateFee - i.paid), 0);
}

/**
 * The first instalment not paid in full: its date (after holidays), what it still owes, and whether it is late (its day
 * has passed, partly paid or not).
 */
export function nextInstallment(installments: InstallmentView[], today: string): { emiNumber: number; date: string; amount: number; overdue: boolean } | null {
  const next = installments.find((i) => i.paid < i.emiAmount + i.lateFee);
  return next ? { emiNumber: next.emiNumber, date: next.scheduledDate, amount: next.emiAmount + next.lateFee - next.paid, overdue: next.scheduledDate < today } : null;
}

/** The link in a message we sent (a KYC request's resubmission page), absolute or a path. */
export function linkInMessage(body: string): string | null {
  const match = /(https?:\/\/[^\s]+|\/kyc\/resubmit\?token=[\w-]+)/.exec(body);
  return match ? match[1]!.replace(/[.,;:)]+$/, "") : null;
}
