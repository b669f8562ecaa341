import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocatePayment, totalOwed, type InstallmentOwed } from "./allocation";

const owed: InstallmentOwed[] = [
  { emiNumber: 2, lateFee: 0, interest: 692, principal: 3_892 },
  { emiNumber: 1, lateFee: 229, interest: 750, principal: 3_834 },
  { emiNumber: 3, lateFee: 0, interest: 634, principal: 3_950 },
];

describe("allocatePayment", () => {
  it("pays the oldest instalment first: its late fee, then interest, then principal", () => {
    expect(allocatePayment(1_000, owed)).toEqual({
      ok: true,
      allocations: [{ emiNumber: 1, lateFee: 229, interest: 750, principal: 21 }],
      settlesLoan: false,
    });
    expect(allocatePayment(5_500, owed)).toEqual({
      ok: true,
      allocations: [
        { emiNumber: 1, lateFee: 229, interest: 750, principal: 3_834 },
        { emiNumber: 2, lateFee: 0, interest: 687, principal: 0 },
      ],
      settlesLoan: false,
    });
  });

  it("refuses more than the loan owes, and nothing or a fraction", () => {
    expect(totalOwed(owed)).toBe(13_981);
    expect(allocatePayment(13_982, owed)).toEqual({ ok: false, error: "exceedsOwed", owed: 13_981 });
    expect(allocatePayment(0, owed)).toEqual({ ok: false, error: "notPositive" });
    expect(allocatePayment(10.5, owed)).toEqual({ ok: false, error: "notPositive" });
    expect(allocatePayment(13_981, owed)).toMatchObject({ ok: true, settlesLoan: true });
  });

  it("for any payment up to what is owed: every taka lands once, no part above what it owed, oldest first", () => {
    const installment = fc.record({
      lateFee: fc.integer({ min: 0, max: 500 }),
      interest: fc.integer({ min: 0, max: 5_000 }),
      principal: fc.integer({ min: 0, max: 50_000 }),
    });
    fc.assert(
      fc.property(fc.array(installment, { minLength: 1, maxLength: 12 }), fc.double({ min: 0, max: 1, noNaN: true }), (parts, share) => {
        const list = parts.map((p, i) => ({ emiNumber: i + 1, ...p }));
        const owedNow = totalOwed(list);
        fc.pre(owedNow > 0);
        const amount = Math.max(1, Math.round(owedNow * share));
        const result = allocatePayment(amount, list);
        if (!result.ok) throw new Error(result.error);
        const sum = result.allocations.reduce((s, a) => s + a.lateFee + a.interest + a.principal, 0);
        expect(sum).toBe(amount);
        expect(result.settlesLoan).toBe(amount === owedNow);
        for (const a of result.allocations) {
          const due = list[a.emiNumber - 1]!;
          expect(a.lateFee <= due.lateFee && a.interest <= due.interest && a.principal <= due.principal).toBe(true);
          // Within an instalment: interest only once the fee is covered, principal only once the interest is.
          if (a.interest > 0) expect(a.lateFee).toBe(due.lateFee);
          if (a.principal > 0) expect(a.interest).toBe(due.interest);
        }
        // Only the last instalment touched may be left partly unpaid.
        for (const a of result.allocations.slice(0, -1)) {
          const due = list[a.emiNumber - 1]!;
          expect(a.lateFee + a.interest + a.principal).toBe(due.lateFee + due.interest + due.principal);
        }
      }),
      { numRuns: 500 },
    );
  });
});
