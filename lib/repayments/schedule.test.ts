import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateEmi, TENURE_OPTIONS } from "@/lib/loans/emi";
import { addCalendarMonths, buildSchedule } from "./schedule";

describe("addCalendarMonths", () => {
  it("keeps the day of the month, or takes the month's last day when it has none", () => {
    expect(addCalendarMonths("2026-11-20", 1)).toBe("2026-12-20");
    expect(addCalendarMonths("2026-11-20", 2)).toBe("2027-01-20");
    expect(addCalendarMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addCalendarMonths("2028-01-31", 1)).toBe("2028-02-29"); // leap year
    expect(addCalendarMonths("2027-01-31", 2)).toBe("2027-03-31"); // from the anchor, not from 28 February
    expect(addCalendarMonths("2027-01-30", 3)).toBe("2027-04-30");
    expect(addCalendarMonths("2027-08-31", 1)).toBe("2027-09-30");
    expect(addCalendarMonths("2026-12-15", 60)).toBe("2031-12-15");
  });
});

describe("buildSchedule", () => {
  it("the spec's loan: 50,000 at 18% over 12 months from 20 November 2026", () => {
    const { emi } = calculateEmi({ principal: 50_000, annualRate: 18, months: 12 });
    const rows = buildSchedule({ principal: 50_000, annualRate: 18, months: 12, emi, disbursedOn: "2026-11-20" });
    expect(emi).toBe(4_584);
    expect(rows).toHaveLength(12);
    // Month 1: interest 1.5% of 50,000 = 750, principal 4,584 − 750 = 3,834.
    expect(rows[0]).toEqual({ emiNumber: 1, dueDate: "2026-12-20", scheduledDate: "2026-12-20", emiAmount: 4_584, principal: 3_834, interest: 750, balanceAfter: 46_166 });
    expect(rows[1]).toMatchObject({ dueDate: "2027-01-20", interest: 692, principal: 3_892, balanceAfter: 42_274 });
    expect(rows.slice(0, 11).every((r) => r.emiAmount === 4_584)).toBe(true);
    expect(rows[11]).toMatchObject({ emiNumber: 12, dueDate: "2027-11-20", balanceAfter: 0 });
    expect(rows.reduce((sum, r) => sum + r.principal, 0)).toBe(50_000);
  });

  it("a zero rate spreads the principal, the last instalment taking the remainder", () => {
    const rows = buildSchedule({ principal: 10_000, annualRate: 0, months: 6, emi: 1_667, disbursedOn: "2027-01-31" });
    expect(rows.map((r) => r.emiAmount)).toEqual([1_667, 1_667, 1_667, 1_667, 1_667, 1_665]);
    expect(rows.map((r) => r.dueDate)).toEqual(["2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30", "2027-07-31"]);
    expect(rows.every((r) => r.interest === 0)).toBe(true);
  });

  it("for any loan the products allow: principal adds up exactly, amounts are whole and non-negative, the balance only falls", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5_000, max: 5_000_000 }), // the smallest product minimum is 5,000
        fc.integer({ min: 0, max: 3_600 }).map((basisPoints) => basisPoints / 100),
        fc.constantFrom(...TENURE_OPTIONS),
        fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true }),
        (principal, annualRate, months, date) => {
          const { emi } = calculateEmi({ principal, annualRate, months });
          const rows = buildSchedule({ principal, annualRate, months, emi, disbursedOn: date.toISOString().slice(0, 10) });
          expect(rows).toHaveLength(months);
          expect(rows.reduce((sum, r) => sum + r.principal, 0)).toBe(principal);
          expect(rows.at(-1)!.balanceAfter).toBe(0);
          let previous = principal;
          for (const r of rows) {
            expect(Number.isInteger(r.emiAmount) && r.principal >= 0 && r.interest >= 0).toBe(true);
            expect(r.emiAmount).toBe(r.principal + r.interest);
            expect(r.balanceAfter).toBe(previous - r.principal);
            previous = r.balanceAfter;
          }
          // Every instalment but the last is the EMI the loan shows. The last differs by the rounding carried
          // along: at most one taka a month (EMI and interest each rounded by half a taka), grown by the interest.
          expect(rows.slice(0, -1).every((r) => r.emiAmount === emi)).toBe(true);
          expect(Math.abs(rows.at(-1)!.emiAmount - emi)).toBeLessThanOrEqual(months * Math.pow(1 + annualRate / 1_200, months));
          // Due dates are one calendar month apart and strictly increasing.
          expect(rows.every((r, i) => i === 0 || r.dueDate > rows[i - 1]!.dueDate)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
