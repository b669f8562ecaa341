import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateEmi, TENURE_OPTIONS } from "@/lib/loans/emi";
import { buildSchedule } from "@/lib/repayments/schedule";
import { branchDaysOff, daysBetween, earliestFirstScheduledDate, installmentDates, isDayOff, nextWorkingDay, weekdayOf, type DaysOff } from "./calendar";
import { effectiveAnnualRate, withinRateCeiling } from "./rates";

const bangladesh = (holidays: string[] = []): DaysOff => ({ weekly: [5, 6], holidays: new Set(holidays) });
const isoDate = fc
  .date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2035-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("days off", () => {
  it("Friday and Saturday are off; a due date on them moves to Sunday", () => {
    expect(weekdayOf("2026-11-27")).toBe(5);
    expect(isDayOff("2026-11-27", bangladesh())).toBe(true);
    expect(nextWorkingDay("2026-11-27", bangladesh())).toBe("2026-11-29");
    expect(nextWorkingDay("2026-11-28", bangladesh())).toBe("2026-11-29");
    expect(nextWorkingDay("2026-11-29", bangladesh())).toBe("2026-11-29");
  });

  it("a holiday moves it to the next working day, over a weekend that follows", () => {
    // Victory Day, Wednesday 16 December 2026; a holiday on Thursday 17 then carries it past Friday and Saturday.
    expect(nextWorkingDay("2026-12-16", bangladesh(["2026-12-16"]))).toBe("2026-12-17");
    expect(nextWorkingDay("2026-12-16", bangladesh(["2026-12-16", "2026-12-17"]))).toBe("2026-12-20");
  });
});

describe("a branch's days off (decision 0259)", () => {
  const lender = bangladesh(["2026-12-16"]);

  it("the nearest office with weekly days off of its own decides them; holidays of every office add up", () => {
    const head = { weeklyDaysOff: [], holidays: [] };
    const area = { weeklyDaysOff: [4, 5], holidays: ["2026-12-20"] };
    const branch = { weeklyDaysOff: [5], holidays: ["2026-12-21"] };
    expect(branchDaysOff(lender, [head, area, branch])).toEqual({ weekly: [5], holidays: new Set(["2026-12-16", "2026-12-20", "2026-12-21"]) });
    expect(branchDaysOff(lender, [head, area, { weeklyDaysOff: [], holidays: [] }]).weekly).toEqual([4, 5]);
    // The lender's own when no office sets any, and its holidays untouched by a branch's.
    const plain = branchDaysOff(lender, [head, { weeklyDaysOff: [], holidays: ["2026-12-21"] }]);
    expect(plain.weekly).toEqual([5, 6]);
    expect(lender.holidays).toEqual(new Set(["2026-12-16"]));
    // A branch open on Saturday: Saturday 19 December stays; its holiday on Monday 21 moves to Tuesday 22.
    expect(nextWorkingDay("2026-12-19", branchDaysOff(lender, [head, branch]))).toBe("2026-12-19");
    expect(nextWorkingDay("2026-12-21", branchDaysOff(lender, [head, branch]))).toBe("2026-12-22");
    expect(nextWorkingDay("2026-12-19", lender)).toBe("2026-12-20");
  });
});

describe("the first instalment", () => {
  it("is one month after the disbursement, or later when the minimum days say so, at month ends too", () => {
    expect(earliestFirstScheduledDate("2026-11-20", 15)).toBe("2026-12-20");
    expect(earliestFirstScheduledDate("2027-01-31", 15)).toBe("2027-02-28");
    expect(earliestFirstScheduledDate("2028-01-31", 15)).toBe("2028-02-29");
    expect(earliestFirstScheduledDate("2027-01-31", 30)).toBe("2027-03-02");
    expect(earliestFirstScheduledDate("2027-01-30", 29)).toBe("2027-02-28");
  });

  it("is never fewer than the minimum days after the disbursement, nor less than a month", () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 0, max: 90 }), (disbursedOn, minDays) => {
        const first = earliestFirstScheduledDate(disbursedOn, minDays);
        expect(daysBetween(disbursedOn, first)).toBeGreaterThanOrEqual(Math.max(minDays, 28));
      }),
      { numRuns: 500 },
    );
  });
});

describe("a schedule over days off", () => {
  it("never falls due on a day off, keeps the number of instalments, and its principal still adds up", () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.constantFrom(...TENURE_OPTIONS),
        fc.integer({ min: 5_000, max: 2_000_000 }),
        fc.uniqueArray(isoDate, { maxLength: 60 }),
        fc.subarray([0, 1, 2, 3, 4, 5, 6], { maxLength: 3 }),
        (first, months, principal, holidays, weekly) => {
          const daysOff: DaysOff = { weekly, holidays: new Set(holidays) };
          const dates = installmentDates(first, months, daysOff);
          const { emi } = calculateEmi({ principal, annualRate: 18, months });
          const rows = buildSchedule({ principal, annualRate: 18, months, emi, disbursedOn: first, dates });
          expect(rows).toHaveLength(months);
          expect(rows.reduce((sum, r) => sum + r.principal, 0)).toBe(principal);
          for (const [i, r] of rows.entries()) {
            expect(isDayOff(r.dueDate, daysOff)).toBe(false);
            expect(r.dueDate >= r.scheduledDate).toBe(true);
            // Moved only as far as the days off in a row: never onto the next month's date.
            if (i > 0) expect(r.dueDate > rows[i - 1]!.dueDate).toBe(true);
            if (!isDayOff(r.scheduledDate, daysOff)) expect(r.dueDate).toBe(r.scheduledDate);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("rates", () => {
  it("the effective yearly rate of a monthly declining-balance rate", () => {
    expect(effectiveAnnualRate(24)).toBe(26.82);
    expect(effectiveAnnualRate(18)).toBe(19.56);
    expect(effectiveAnnualRate(0)).toBe(0);
  });

  it("the ceiling itself is allowed, a hundredth above it is not", () => {
    expect(withinRateCeiling(24, 24)).toBe(true);
    expect(withinRateCeiling(23.99, 24)).toBe(true);
    expect(withinRateCeiling(24.01, 24)).toBe(false);
    expect(withinRateCeiling(27, 24)).toBe(false);
  });
});
