import { describe, expect, it } from "vitest";
import { CALCULATOR_RATES, DEFAULT_ANNUAL_RATE, TENURE_OPTIONS, calculateEmi } from "./emi";

describe("calculateEmi", () => {
  it("matches the spec's acceptance case: Instant Microloan 50,000 at 18% over 12 months", () => {
    expect(calculateEmi({ principal: 50_000, annualRate: 18, months: 12 })).toEqual({
      principal: 50_000,
      interestRate: 18,
      months: 12,
      emi: 4_584,
      totalPayable: 55_008,
      totalInterest: 5_008,
    });
  });

  // Expected EMIs computed independently with 50-digit decimal arithmetic (Python's decimal module).
  it.each([
    // principal, annual %, months, exact EMI (for reference), rounded EMI
    [500_000, 15, 36, 17_332.664, 17_333],
    [100_000, 20, 24, 5_089.58, 5_090],
    [1_000_000, 16, 60, 24_318.057, 24_318],
    [25_000, 20, 6, 4_413.07, 4_413],
    [200_000, 16, 24, 9_792.622, 9_793],
  ])("%i taka at %i%% over %i months (exact %f) -> EMI %i", (principal, annualRate, months, _exact, emi) => {
    const result = calculateEmi({ principal, annualRate, months });
    expect(result.emi).toBe(emi);
    expect(result.totalPayable).toBe(emi * months);
    expect(result.totalInterest).toBe(emi * months - principal);
  });

  it("rounds the EMI to the nearest whole taka, up and down", () => {
    // 8,884.879 rounds up; the textbook value for 1 lakh at 12% over a year.
    expect(calculateEmi({ principal: 100_000, annualRate: 12, months: 12 }).emi).toBe(8_885);
    // 1,755.252 rounds down.
    expect(calculateEmi({ principal: 10_000, annualRate: 18, months: 6 }).emi).toBe(1_755);
    // A single month is principal plus one month's interest: 5,000 × 1.015.
    expect(calculateEmi({ principal: 5_000, annualRate: 18, months: 1 }).emi).toBe(5_075);
  });

  it("derives the totals from the rounded EMI, not the exact one", () => {
    const result = calculateEmi({ principal: 100_000, annualRate: 12, months: 12 });
    expect(result.totalPayable).toBe(106_620);
    expect(result.totalInterest).toBe(6_620);
  });

  it("accepts a decimal annual rate", () => {
    // 1,00,000 at 12.5% over 12 months: exact EMI 8,908.29.
    expect(calculateEmi({ principal: 100_000, annualRate: 12.5, months: 12 }).emi).toBe(8_908);
  });

  it("splits the principal evenly at a zero rate", () => {
    expect(calculateEmi({ principal: 12_000, annualRate: 0, months: 12 })).toEqual({
      principal: 12_000,
      interestRate: 0,
      months: 12,
      emi: 1_000,
      totalPayable: 12_000,
      totalInterest: 0,
    });
    // 10,000 / 3 = 3,333.33 rounds to 3,333.
    expect(calculateEmi({ principal: 10_000, annualRate: 0, months: 3 }).emi).toBe(3_333);
  });

  it.each([
    ["zero principal", { principal: 0, annualRate: 18, months: 12 }],
    ["negative principal", { principal: -5_000, annualRate: 18, months: 12 }],
    ["fractional principal", { principal: 5_000.5, annualRate: 18, months: 12 }],
    ["NaN principal", { principal: Number.NaN, annualRate: 18, months: 12 }],
    ["zero months", { principal: 5_000, annualRate: 18, months: 0 }],
    ["negative months", { principal: 5_000, annualRate: 18, months: -6 }],
    ["fractional months", { principal: 5_000, annualRate: 18, months: 1.5 }],
    ["infinite months", { principal: 5_000, annualRate: 18, months: Number.POSITIVE_INFINITY }],
    ["negative rate", { principal: 5_000, annualRate: -1, months: 12 }],
    ["NaN rate", { principal: 5_000, annualRate: Number.NaN, months: 12 }],
  ])("throws RangeError on %s", (_label, input) => {
    expect(() => calculateEmi(input)).toThrow(RangeError);
  });
});

describe("calculator constants", () => {
  it("offers the wizard's fixed tenures", () => {
    expect(TENURE_OPTIONS).toEqual([6, 12, 18, 24, 36, 48, 60]);
  });

  it("has the spec's fallback rates", () => {
    expect(CALCULATOR_RATES).toEqual({ instant: 18, salary: 15, consumer: 16, business: 20 });
    expect(DEFAULT_ANNUAL_RATE).toBe(18);
  });
});
