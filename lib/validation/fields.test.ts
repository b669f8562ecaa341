import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRealIsoDate, optionalBankAccount, requiredBankAccount } from "./fields";

describe("isRealIsoDate", () => {
  it("agrees with the calendar (a Date round trip) on every YYYY-MM-DD, leap years included", () => {
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }), (year, month, day) => {
        const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
        const date = new Date(`${value}T00:00:00Z`);
        expect(isRealIsoDate(value)).toBe(!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value);
      }),
      { numRuns: 5000 },
    );
  });

  it("knows the leap days and refuses other shapes", () => {
    expect(["2024-02-29", "2000-02-29", "2026-12-31"].map(isRealIsoDate)).toEqual([true, true, true]);
    expect(["1900-02-29", "2026-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-1-01", "২০২৬-০১-০১", " 2026-01-01"].map(isRealIsoDate)).toEqual(Array(8).fill(false));
  });
});

describe("bank account fields", () => {
  it("keeps a number typed in Bengali digits with ASCII digits; required or optional as asked", () => {
    expect(requiredBankAccount().parse(" ১৫০২২০৩৪৫৬ ")).toBe("1502203456");
    expect(requiredBankAccount().safeParse("  ").success).toBe(false);
    expect(optionalBankAccount().parse("")).toBeNull();
  });
});
