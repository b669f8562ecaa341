import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateEmi } from "@/lib/loans/emi";
import { instalmentsToClear, prepaymentPlan, settlementQuote, type EarlyRepaymentRow } from "./early-repayment";
import { buildSchedule } from "./schedule";

const NONE = { lateFee: 0, interest: 0, principal: 0 };

/** A loan's schedule from the disbursement, its first `paidCount` instalments paid in full. */
function scheduleRows(principal: number, annualRate: number, months: number, disbursedOn: string, paidCount: number): EarlyRepaymentRow[] {
  const emi = calculateEmi({ principal, annualRate, months }).emi;
  return buildSchedule({ principal, annualRate, months, emi, disbursedOn }).map((r, i) => ({
    emiNumber: r.emiNumber,
    dueDate: r.dueDate,
    emiAmount: r.emiAmount,
    principalAmount: r.principal,
    interestAmount: r.interest,
    lateFee: 0,
    paid: i < paidCount ? { lateFee: 0, interest: r.interest, principal: r.principal } : NONE,
  }));
}

/** ৳12,000 at 24% a year (2% a month) over 3 months from 10 January 2026: EMI ৳4,161. */
function smallLoan(): EarlyRepaymentRow[] {
  return [
    { emiNumber: 1, dueDate: "2026-02-10", emiAmount: 4_161, principalAmount: 3_921, interestAmount: 240, lateFee: 0, paid: NONE },
    { emiNumber: 2, dueDate: "2026-03-10", emiAmount: 4_161, principalAmount: 3_999, interestAmount: 162, lateFee: 0, paid: NONE },
    { emiNumber: 3, dueDate: "2026-04-10", emiAmount: 4_162, principalAmount: 4_080, interestAmount: 82, lateFee: 0, paid: NONE },
  ];
}

describe("settlementQuote", () => {
  it("matches the schedule it is checked against", () => {
    const schedule = buildSchedule({ principal: 12_000, annualRate: 24, months: 3, emi: calculateEmi({ principal: 12_000, annualRate: 24, months: 3 }).emi, disbursedOn: "2026-01-10" });
    expect(schedule.map((r) => [r.emiAmount, r.principal, r.interest])).toEqual(smallLoan().map((r) => [r.emiAmount, r.principalAmount, r.interestAmount]));
  });

  it("a hand-computed case: the first instalment paid, settled 19 days into the second's 28-day period", () => {
    const rows = smallLoan();
    rows[0]!.paid = { lateFee: 0, interest: 240, principal: 3_921 };
    const quote = settlementQuote(rows, "2026-03-01", "2026-01-10");
    // Principal left 3,999 + 4,080; interest 162 × 19 / 28 = 109.9 → 110; nothing of the third's 82.
    expect(quote).toMatchObject({ principal: 8_079, interest: 110, lateFees: 0, total: 8_189, interestWaived: 134 });
    expect(quote.allocations).toEqual([
      { emiNumber: 2, lateFee: 0, interest: 110, principal: 3_999 },
      { emiNumber: 3, lateFee: 0, interest: 0, principal: 4_080 },
    ]);
    expect(quote.changes).toEqual([
      { emiNumber: 2, before: { emiAmount: 4_161, principalAmount: 3_999, interestAmount: 162 }, after: { emiAmount: 4_109, principalAmount: 3_999, interestAmount: 110 } },
      { emiNumber: 3, before: { emiAmount: 4_162, principalAmount: 4_080, interestAmount: 82 }, after: { emiAmount: 4_080, principalAmount: 4_080, interestAmount: 0 } },
    ]);
  });

  it("owes an overdue instalment whole, with its late fee, and the first period's interest from the disbursement", () => {
    const rows = smallLoan();
    rows[0]!.lateFee = 208;
    const quote = settlementQuote(rows, "2026-02-24", "2026-01-10");
    // The first is due in full with its fee; the second's period (10 Feb – 10 Mar, 28 days) has run 14 days: 81.
    expect(quote).toMatchObject({ principal: 12_000, interest: 240 + 81, lateFees: 208, total: 12_529 });
    // On the disbursement day itself nothing has accrued.
    expect(settlementQuote(smallLoan(), "2026-01-10", "2026-01-10")).toMatchObject({ principal: 12_000, interest: 0, total: 12_000, interestWaived: 484 });
  });

  it("keeps interest already paid ahead (never gives it back) and charges no more of it", () => {
    const rows = smallLoan();
    rows[0]!.paid = { lateFee: 0, interest: 240, principal: 3_921 };
    rows[1]!.paid = { lateFee: 0, interest: 162, principal: 38 };
    const quote = settlementQuote(rows, "2026-02-11", "2026-01-10");
    expect(quote).toMatchObject({ principal: 3_961 + 4_080, interest: 0, total: 8_041 });
    expect(quote.changes.map((c) => c.emiNumber)).toEqual([3]);
  });

  it("the quote always settles: allocations add up to the total, and principal is everything not yet paid (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 500_000 }), fc.integer({ min: 1, max: 36 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 1_200 }), (principal, months, paidCount, daysIn) => {
        const rows = scheduleRows(principal, 20, months, "2026-01-15", paidCount);
        const onDate = new Date(Date.parse("2026-01-15T00:00:00Z") + daysIn * 86_400_000).toISOString().slice(0, 10);
        const quote = settlementQuote(rows, onDate, "2026-01-15");
        const allocated = quote.allocations.reduce((s, a) => s + a.lateFee + a.interest + a.principal, 0);
        expect(allocated).toBe(quote.total);
        expect(quote.principal).toBe(rows.slice(paidCount).reduce((s, r) => s + r.principalAmount, 0));
        // Never more interest than the schedule's, and what is waived is exactly the difference.
        const scheduled = rows.slice(paidCount).reduce((s, r) => s + r.interestAmount, 0);
        expect(quote.interest + quote.interestWaived).toBe(scheduled);
      }),
    );
  });
});

describe("prepaymentPlan", () => {
  /** ৳120,000 at 24% over 12 months, the first two instalments paid. */
  const yearLoan = () => scheduleRows(120_000, 24, 12, "2026-01-10", 2);

  it("lower instalment: it pays the current instalment in full, the rest is principal ahead; the nine after it get a lower EMI", () => {
    const rows = yearLoan();
    const plan = prepaymentPlan(rows, "2026-03-20", 30_000, "lower_instalment", 24);
    if (!plan.ok) throw new Error(plan.error);
    const ahead = 30_000 - rows[2]!.emiAmount;
    expect(plan).toMatchObject({ emiNumber: 3, ahead, instalments: 12 });
    expect(plan.allocation).toEqual({ emiNumber: 3, lateFee: 0, interest: rows[2]!.interestAmount, principal: rows[2]!.principalAmount + ahead });
    const balanceAfterThird = rows.slice(3).reduce((s, r) => s + r.principalAmount, 0);
    expect(plan.nextEmi).toBe(calculateEmi({ principal: balanceAfterThird - ahead, annualRate: 24, months: 9 }).emi);
    expect(plan.nextEmi).toBeLessThan(rows[3]!.emiAmount);
    // The principal still adds up to what was lent.
    const after = plan.changes.map((c) => c.after);
    expect(after.every((a) => a !== null)).toBe(true);
    const principalAfter = rows.slice(0, 2).reduce((s, r) => s + r.principalAmount, 0) + after.reduce((s, a) => s + a!.principalAmount, 0);
    expect(principalAfter).toBe(120_000);
    // The current period's interest stays as scheduled.
    expect(plan.changes[0]!.after).toEqual({ emiAmount: rows[2]!.emiAmount + ahead, principalAmount: rows[2]!.principalAmount + ahead, interestAmount: rows[2]!.interestAmount });
  });

  it("shorter term: the same EMI over fewer instalments; the ones no longer needed are dropped", () => {
    const rows = yearLoan();
    const plan = prepaymentPlan(rows, "2026-03-20", 30_000, "shorter_term", 24);
    if (!plan.ok) throw new Error(plan.error);
    const balance = rows.slice(3).reduce((s, r) => s + r.principalAmount, 0) - plan.ahead;
    const months = instalmentsToClear(balance, 24, rows[3]!.emiAmount);
    expect(months).toBeLessThan(9);
    expect(plan.instalments).toBe(3 + months);
    expect(plan.nextEmi).toBe(rows[3]!.emiAmount);
    expect(plan.changes.filter((c) => c.after === null).map((c) => c.emiNumber)).toEqual(rows.slice(3 + months).map((r) => r.emiNumber));
    const kept = plan.changes.flatMap((c) => (c.after ? [c.after.principalAmount] : []));
    expect(rows.slice(0, 2).reduce((s, r) => s + r.principalAmount, 0) + kept.reduce((s, p) => s + p, 0)).toBe(120_000);
  });

  it("refuses with arrears, at or below what the current instalment owes, with money already ahead, and near the whole loan (settle instead)", () => {
    expect(prepaymentPlan(yearLoan(), "2026-04-10", 20_000, "lower_instalment", 24)).toEqual({ ok: false, error: "arrears" });
    const rows = yearLoan();
    expect(prepaymentPlan(rows, "2026-03-20", rows[2]!.emiAmount, "lower_instalment", 24)).toEqual({ ok: false, error: "notAboveCurrent", minAmount: rows[2]!.emiAmount + 1 });
    // The most: at least one taka an instalment left after it, so the new EMI is never zero.
    const afterThird = rows.slice(3).reduce((s, r) => s + r.principalAmount, 0);
    const most = rows[2]!.emiAmount + afterThird - 9;
    expect(prepaymentPlan(rows, "2026-03-20", most + 1, "lower_instalment", 24)).toEqual({ ok: false, error: "settleInstead", maxAmount: most });
    const atMost = prepaymentPlan(rows, "2026-03-20", most, "lower_instalment", 24);
    if (!atMost.ok) throw new Error(atMost.error);
    // ৳9 left over nine months: an EMI of ৳1 clears it in nine; never an instalment of nothing.
    expect(atMost.changes.flatMap((c) => (c.after ? [c.after.emiAmount] : [])).every((emi) => emi >= 1)).toBe(true);
    // ৳14 left: the EMI (৳2) clears it in seven; the last two are no longer needed.
    const fourteen = prepaymentPlan(rows, "2026-03-20", most - 5, "lower_instalment", 24);
    if (!fourteen.ok) throw new Error(fourteen.error);
    expect(fourteen.changes.slice(1).map((c) => c.after?.emiAmount ?? null)).toEqual([2, 2, 2, 2, 2, 2, 2, null, null]);
    expect(fourteen.instalments).toBe(10);
    expect(prepaymentPlan(rows, "2026-03-20", 0, "lower_instalment", 24)).toEqual({ ok: false, error: "notPositive" });
    const ahead = rows.map((r, i) => (i === 4 ? { ...r, paid: { lateFee: 0, interest: r.interestAmount, principal: 0 } } : r));
    expect(prepaymentPlan(ahead, "2026-03-20", 20_000, "lower_instalment", 24)).toEqual({ ok: false, error: "paidAhead" });
    const lastOnly = rows.map((r, i) => (i < 11 ? { ...r, paid: { lateFee: 0, interest: r.interestAmount, principal: r.principalAmount } } : r));
    expect(prepaymentPlan(lastOnly, "2026-12-01", 100, "shorter_term", 24)).toMatchObject({ ok: false, error: "settleInstead" });
  });

  it("any amount it takes leaves a schedule that adds up to the loan, with no instalment below one taka (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 500_000 }), fc.integer({ min: 3, max: 36 }), fc.integer({ min: 0, max: 1_000_000 }), fc.boolean(), (principal, months, amount, shorter) => {
        const rows = scheduleRows(principal, 24, months, "2026-01-10", 1);
        const plan = prepaymentPlan(rows, "2026-02-11", amount, shorter ? "shorter_term" : "lower_instalment", 24);
        if (!plan.ok) return;
        const kept = plan.changes.flatMap((c) => (c.after ? [c.after] : []));
        expect(rows[0]!.principalAmount + kept.reduce((s, a) => s + a.principalAmount, 0)).toBe(principal);
        expect(kept.every((a) => a.emiAmount >= 1 && a.principalAmount >= 0)).toBe(true);
        expect(plan.allocation.lateFee + plan.allocation.interest + plan.allocation.principal).toBe(amount);
      }),
    );
  });
});
