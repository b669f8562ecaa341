import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultFirstDueDate, LOAN_FREQUENCIES, loanPlan, loanStanding, type LoanTerms } from "./loan-plan";

const flat: LoanTerms = { principal: 10_000, ratePercent: 12, method: "flat", frequency: "weekly", instalmentCount: 46, firstDueDate: "2026-01-08" };

describe("loanPlan", () => {
  it("a flat service charge: the rate on the whole amount, spread evenly (within a taka) over the instalments", () => {
    const plan = loanPlan(flat);
    expect(plan.serviceCharge).toBe(1_200);
    expect(plan.totalRepayable).toBe(11_200);
    expect(plan.instalments).toHaveLength(46);
    // 11,200 / 46 = 243.47…: 22 instalments of 244 and 24 of 243.
    expect(plan.instalments.filter((r) => r.amount === 244)).toHaveLength(22);
    expect(plan.instalments.filter((r) => r.amount === 243)).toHaveLength(24);
    expect(plan.instalmentAmount).toBe(244);
    expect(plan.instalments[1]!.dueDate).toBe("2026-01-15");
    expect(plan.instalments[45]!.dueDate).toBe("2026-11-19");
  });

  it("a declining balance: the annual rate on what is still owed each period; the charge is less than flat at the same rate", () => {
    const plan = loanPlan({ ...flat, method: "declining", ratePercent: 24, frequency: "monthly", instalmentCount: 12, firstDueDate: "2026-01-31" });
    // 10,000 at 2% a month over 12 months: EMI 946 (calculateEmi), interest 1,347 in all.
    expect(plan.instalments[0]!.amount).toBe(946);
    expect(plan.instalments[0]!.charge).toBe(200);
    expect(plan.serviceCharge).toBe(plan.totalRepayable - 10_000);
    expect(plan.serviceCharge).toBeGreaterThan(1_300);
    expect(plan.serviceCharge).toBeLessThan(loanPlan({ ...flat, ratePercent: 24, instalmentCount: 12 }).serviceCharge);
    expect(plan.instalments.map((r) => r.dueDate).slice(0, 3)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31"]);
  });

  it("daily instalments fall on consecutive days; the first, by default, one period after the loan is paid out", () => {
    expect(defaultFirstDueDate("2026-03-31", "daily")).toBe("2026-04-01");
    expect(defaultFirstDueDate("2026-03-31", "weekly")).toBe("2026-04-07");
    expect(defaultFirstDueDate("2026-01-31", "monthly")).toBe("2026-02-28");
    const plan = loanPlan({ ...flat, frequency: "daily", instalmentCount: 3, firstDueDate: "2026-02-27" });
    expect(plan.instalments.map((r) => r.dueDate)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });

  it("any plan: the principal parts add up to what was paid out, the instalments to the total repayable", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom("flat" as const, "declining" as const),
        fc.constantFrom(...LOAN_FREQUENCIES),
        fc.integer({ min: 1, max: 400 }),
        (principal, ratePercent, method, frequency, instalmentCount) => {
          const plan = loanPlan({ principal, ratePercent, method, frequency, instalmentCount, firstDueDate: "2026-01-01" });
          expect(plan.instalments.reduce((s, r) => s + r.principal, 0)).toBe(principal);
          expect(plan.instalments.reduce((s, r) => s + r.amount, 0)).toBe(plan.totalRepayable);
          for (const r of plan.instalments) expect(r.charge).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("loanStanding", () => {
  const { instalments } = loanPlan({ principal: 1_000, ratePercent: 10, method: "flat", frequency: "daily", instalmentCount: 10, firstDueDate: "2026-05-01" });

  it("paid on time: nothing overdue, the next instalment whole", () => {
    expect(loanStanding(instalments, 330, "2026-05-03")).toEqual({ paid: 330, outstanding: 770, dueToDate: 330, overdue: 0, daysInArrears: 0, next: { number: 4, dueDate: "2026-05-04", amount: 110 } });
  });

  it("behind: overdue is what fell due and was not paid; days in arrears count from the oldest instalment not fully paid", () => {
    const standing = loanStanding(instalments, 150, "2026-05-05");
    expect(standing.overdue).toBe(550 - 150);
    expect(standing.next).toEqual({ number: 2, dueDate: "2026-05-02", amount: 70 });
    expect(standing.daysInArrears).toBe(3);
  });

  it("nothing paid before the first instalment is due is not arrears; repaid (or overpaid) leaves nothing", () => {
    expect(loanStanding(instalments, 0, "2026-04-30")).toMatchObject({ overdue: 0, daysInArrears: 0, outstanding: 1_100 });
    expect(loanStanding(instalments, 1_500, "2026-06-30")).toEqual({ paid: 1_100, outstanding: 0, dueToDate: 1_100, overdue: 0, daysInArrears: 0, next: null });
    expect(loanStanding(instalments, 1_000, "2026-06-30")).toMatchObject({ overdue: 100, daysInArrears: 51, next: { number: 10, amount: 100 } });
  });
});
