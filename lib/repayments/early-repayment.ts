/**
 * Paying a loan off early (issue 50, point 5; decision 0266), pure:
 * - a settlement on a date owes every fee charged or due by then, the interest of instalments already due, the
 *   current instalment's interest for the days of its period that have passed (its scheduled interest pro rata by
 *   days: the declining balance's interest to that date), and all the principal left; no later interest;
 * - a partial prepayment is taken with the current instalment: it pays that instalment in full, the rest is principal
 *   ahead of the schedule taking effect from the next instalment (the current period's interest stays as scheduled),
 *   and the instalments after it are amortised again on the lower balance: the same number at a lower instalment, or
 *   the same instalment over fewer (the product decides).
 * Calendar dates are Asia/Dhaka YYYY-MM-DD strings.
 */
import { calculateEmi } from "@/lib/loans/emi";
import { daysBetween } from "@/lib/loans/calendar";
import type { Allocation } from "./allocation";
import { amortise } from "./schedule";

/** What is paid of an instalment so far, by part (standing payments only). */
export type PaidParts = { lateFee: number; interest: number; principal: number };

export type EarlyRepaymentRow = {
  emiNumber: number;
  dueDate: string;
  emiAmount: number;
  principalAmount: number;
  interestAmount: number;
  /** The fee charged, or due on the date asked about (lateFeeDue). */
  lateFee: number;
  paid: PaidParts;
};

/** One instalment's amounts before and after a change; `after` null: the instalment is no longer needed. */
export type InstalmentAmounts = { emiAmount: number; principalAmount: number; interestAmount: number };
export type InstalmentChange = { emiNumber: number; before: InstalmentAmounts; after: InstalmentAmounts | null };

/** What a schedule change keeps (LoanScheduleChange.changes): each instalment's amounts and dates, and the loan's EMI and count. */
export type StoredScheduleChange = {
  instalments: (InstalmentChange & { dueDate: string; scheduledDate: string })[];
  loan: { before: { emi: number; tenure: number }; after: { emi: number; tenure: number } };
};

export type SettlementQuote = {
  onDate: string;
  principal: number;
  interest: number;
  lateFees: number;
  total: number;
  /** The interest the schedule had after `onDate` that a settlement then does not charge. */
  interestWaived: number;
  allocations: Allocation[];
  changes: InstalmentChange[];
};

const amountsOf = (row: EarlyRepaymentRow): InstalmentAmounts => ({ emiAmount: row.emiAmount, principalAmount: row.principalAmount, interestAmount: row.interestAmount });
const byNumber = (rows: readonly EarlyRepaymentRow[]) => [...rows].sort((a, b) => a.emiNumber - b.emiNumber);

/**
 * The amount that settles the loan on `onDate` (not before `disbursedOn`), and how it is allocated. An instalment's
 * interest already paid is kept (never given back); the current period's accrual is its scheduled interest times the
 * days passed over the days of the period (from the previous due date, or the disbursement, to its due date).
 */
export function settlementQuote(rows: readonly EarlyRepaymentRow[], onDate: string, disbursedOn: string): SettlementQuote {
  const sorted = byNumber(rows);
  const currentIndex = sorted.findIndex((row) => row.dueDate > onDate);
  const allocations: Allocation[] = [];
  const changes: InstalmentChange[] = [];
  let principal = 0;
  let interest = 0;
  let lateFees = 0;
  let interestWaived = 0;
  sorted.forEach((row, index) => {
    let interestAmount = row.interestAmount;
    if (currentIndex !== -1 && index >= currentIndex) {
      if (index === currentIndex) {
        const periodStart = index === 0 ? disbursedOn : sorted[index - 1]!.dueDate;
        const periodDays = Math.max(1, daysBetween(periodStart, row.dueDate));
        const passed = Math.min(periodDays, Math.max(0, daysBetween(periodStart, onDate)));
        interestAmount = Math.round((row.interestAmount * passed) / periodDays);
      } else {
        interestAmount = 0;
      }
      interestAmount = Math.min(row.interestAmount, Math.max(interestAmount, row.paid.interest));
    }
    interestWaived += row.interestAmount - interestAmount;
    const owed = {
      emiNumber: row.emiNumber,
      lateFee: Math.max(0, row.lateFee - row.paid.lateFee),
      interest: Math.max(0, interestAmount - row.paid.interest),
      principal: Math.max(0, row.principalAmount - row.paid.principal),
    };
    principal += owed.principal;
    interest += owed.interest;
    lateFees += owed.lateFee;
    if (owed.lateFee + owed.interest + owed.principal > 0) allocations.push(owed);
    if (interestAmount !== row.interestAmount) {
      changes.push({ emiNumber: row.emiNumber, before: amountsOf(row), after: { emiAmount: row.principalAmount + interestAmount, principalAmount: row.principalAmount, interestAmount } });
    }
  });
  return { onDate, principal, interest, lateFees, total: principal + interest + lateFees, interestWaived, allocations, changes };
}

type PaidInstalment = { emiNumber: number; dueDate: Date | string; emiAmount: number; principalAmount: number; interestAmount: number; lateFee: number };
type OwedInstalment = { row: PaidInstalment; dueDate: string; lateFee: number; owed: { lateFee: number; interest: number; principal: number } };

/**
 * The rows the early-repayment rules read: paid instalments whole, the others with the fee due on the date and what
 * standing payments put in each (from the payment path's own reading of what is owed: service.ts owedOn).
 */
export function settlementRows(paid: readonly PaidInstalment[], owed: readonly OwedInstalment[]): EarlyRepaymentRow[] {
  const iso = (d: Date | string) => (typeof d === "string" ? d : d.toISOString().slice(0, 10));
  return [
    ...paid.map((r) => ({
      emiNumber: r.emiNumber,
      dueDate: iso(r.dueDate),
      emiAmount: r.emiAmount,
      principalAmount: r.principalAmount,
      interestAmount: r.interestAmount,
      lateFee: r.lateFee,
      paid: { lateFee: r.lateFee, interest: r.interestAmount, principal: r.principalAmount },
    })),
    ...owed.map((s) => ({
      emiNumber: s.row.emiNumber,
      dueDate: s.dueDate,
      emiAmount: s.row.emiAmount,
      principalAmount: s.row.principalAmount,
      interestAmount: s.row.interestAmount,
      lateFee: s.lateFee,
      paid: { lateFee: s.lateFee - s.owed.lateFee, interest: s.row.interestAmount - s.owed.interest, principal: s.row.principalAmount - s.owed.principal },
    })),
  ];
}

/** What the settlement form shows: the quote without its allocation. */
export type SettlementFigures = Omit<SettlementQuote, "allocations" | "changes">;

export type PrepaymentMode = "lower_instalment" | "shorter_term";

export type PrepaymentPlan =
  | {
      ok: true;
      /** The current instalment: paid in full with the prepayment, its principal grown by the amount ahead. */
      emiNumber: number;
      allocation: Allocation;
      /** The principal paid ahead of the schedule (the amount less what the current instalment owed). */
      ahead: number;
      changes: InstalmentChange[];
      /** The instalment after the change (the first one after the current), and how many there are then. */
      nextEmi: number;
      instalments: number;
    }
  /** Something due by the date is unpaid: paid first. */
  | { ok: false; error: "arrears" }
  /** Not more than the current instalment owes: an ordinary payment, not a prepayment. */
  | { ok: false; error: "notAboveCurrent"; minAmount: number }
  /** An instalment after the current one already holds money (paid ahead): nothing after it is amortised again. */
  | { ok: false; error: "paidAhead" }
  /** Nothing is left after the current instalment, or the amount clears (nearly) all of it: a settlement, not a prepayment. */
  | { ok: false; error: "settleInstead"; maxAmount: number }
  | { ok: false; error: "notPositive" };

const fullyPaid = (row: EarlyRepaymentRow) => row.paid.lateFee + row.paid.interest + row.paid.principal >= row.emiAmount + row.lateFee;

/** How many instalments of `emi` clear `balance` at the monthly rate (the last one takes what is left). */
export function instalmentsToClear(balance: number, annualRate: number, emi: number): number {
  const monthlyRate = annualRate / 12 / 100;
  let left = balance;
  let count = 0;
  while (left > 0) {
    const interest = Math.round(left * monthlyRate);
    if (emi - interest <= 0) throw new RangeError(`an instalment of ${emi} never clears ${balance}`);
    left -= Math.min(emi - interest, left);
    count++;
  }
  return count;
}

/**
 * A partial prepayment of `amount` on `onDate`, taken with the current instalment (the first not paid in full): every
 * instalment due by then must be paid; the amount first pays what the current one owes (so it is paid in full and never
 * late), the rest is principal ahead of the schedule on it, and the instalments after it are amortised again on what is
 * left. At least one taka an instalment must be left after it (else: settle).
 */
export function prepaymentPlan(rows: readonly EarlyRepaymentRow[], onDate: string, amount: number, mode: PrepaymentMode, annualRate: number): PrepaymentPlan {
  if (!Number.isInteger(amount) || amount <= 0) return { ok: false, error: "notPositive" };
  const sorted = byNumber(rows);
  const currentIndex = sorted.findIndex((row) => !fullyPaid(row));
  if (currentIndex === -1) return { ok: false, error: "settleInstead", maxAmount: 0 };
  const current = sorted[currentIndex]!;
  if (current.dueDate <= onDate) return { ok: false, error: "arrears" };
  const later = sorted.slice(currentIndex + 1);
  if (later.some((row) => row.paid.lateFee + row.paid.interest + row.paid.principal > 0)) return { ok: false, error: "paidAhead" };
  const owed = {
    lateFee: Math.max(0, current.lateFee - current.paid.lateFee),
    interest: Math.max(0, current.interestAmount - current.paid.interest),
    principal: Math.max(0, current.principalAmount - current.paid.principal),
  };
  const currentOwes = owed.lateFee + owed.interest + owed.principal;
  const balance = later.reduce((sum, row) => sum + row.principalAmount, 0);
  const maxAmount = currentOwes + balance - later.length;
  if (later.length === 0 || amount > maxAmount) return { ok: false, error: "settleInstead", maxAmount: Math.max(0, maxAmount) };
  if (amount <= currentOwes) return { ok: false, error: "notAboveCurrent", minAmount: currentOwes + 1 };

  const ahead = amount - currentOwes;
  const left = balance - ahead;
  // Lower instalment: the same number at the EMI for what is left, fewer when that EMI, rounded, clears it sooner (a
  // tiny balance: never an instalment of nothing). Shorter term: the same EMI over as many as clear it.
  const emi = mode === "lower_instalment" ? Math.max(1, calculateEmi({ principal: left, annualRate, months: later.length }).emi) : later[0]!.emiAmount;
  const months = Math.min(later.length, instalmentsToClear(left, annualRate, emi));
  const amortised = amortise({ principal: left, annualRate, months, emi });
  const changes: InstalmentChange[] = [
    {
      emiNumber: current.emiNumber,
      before: amountsOf(current),
      after: { emiAmount: current.emiAmount + ahead, principalAmount: current.principalAmount + ahead, interestAmount: current.interestAmount },
    },
    ...later.map((row, i) => {
      const next = amortised[i];
      return { emiNumber: row.emiNumber, before: amountsOf(row), after: next ? { emiAmount: next.emiAmount, principalAmount: next.principal, interestAmount: next.interest } : null };
    }),
  ];
  return {
    ok: true,
    emiNumber: current.emiNumber,
    allocation: { emiNumber: current.emiNumber, lateFee: owed.lateFee, interest: owed.interest, principal: owed.principal + ahead },
    ahead,
    changes,
    nextEmi: amortised[0]!.emiAmount,
    instalments: currentIndex + 1 + months,
  };
}
