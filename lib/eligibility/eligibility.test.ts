import { describe, expect, it } from "vitest";
import { calculateEmi } from "@/lib/loans/emi";
import {
  DEBT_TO_INCOME_LIMIT,
  MAX_AMOUNT_STEP,
  amountToApplyFor,
  assessEligibility,
  maxMonthlyRepaymentsFor,
  type EligibilityInput,
} from "./index";

/** Instant Microloan as seeded: ৳5,000–50,000 at 18%. ৳50,000 over 12 months has an EMI of ৳4,584. */
const instant = { annualRate: 18, minAmount: 5_000, maxAmount: 50_000 };
const salary = { annualRate: 15, minAmount: 50_000, maxAmount: 1_000_000 };
const consumer = { annualRate: 16, minAmount: 100_000, maxAmount: 2_000_000 };
const business = { annualRate: 20, minAmount: 25_000, maxAmount: 500_000 };

function input(overrides: Partial<EligibilityInput> = {}): EligibilityInput {
  return { monthlyIncome: 30_000, existingMonthlyPayments: 0, amount: 50_000, months: 12, ...instant, ...overrides };
}

const emiOf = (principal: number, annualRate: number, months: number) =>
  calculateEmi({ principal, annualRate, months }).emi;

describe("DEBT_TO_INCOME_LIMIT", () => {
  it("is the spec's 40%", () => {
    expect(DEBT_TO_INCOME_LIMIT).toBe(0.4);
  });

  it("40% of income in whole taka, without float noise", () => {
    expect(maxMonthlyRepaymentsFor(11_460)).toBe(4_584);
    expect(maxMonthlyRepaymentsFor(11_459)).toBe(4_583); // 4,583.6 rounds down: a taka more would exceed 40%
    expect(maxMonthlyRepaymentsFor(3)).toBe(1); // 0.4 × 3 = 1.2000000000000002 in floating point
    expect(maxMonthlyRepaymentsFor(25_000)).toBe(10_000);
    expect(maxMonthlyRepaymentsFor(1)).toBe(0);
  });
});

describe("assessEligibility", () => {
  it("reports the EMI, the total and the ratio for a comfortable case", () => {
    const result = assessEligibility(input({ monthlyIncome: 30_000, existingMonthlyPayments: 2_000 }));
    expect(result.emi).toBe(4_584);
    expect(result.totalMonthlyRepayments).toBe(6_584);
    expect(result.maxMonthlyRepayments).toBe(12_000);
    expect(result.ratio).toBeCloseTo(6_584 / 30_000, 10);
    expect(result.eligible).toBe(true);
  });

  it("total repayments of exactly 40% of income are eligible; one taka of income less is not", () => {
    const atLimit = assessEligibility(input({ monthlyIncome: 11_460 }));
    expect(atLimit.totalMonthlyRepayments).toBe(4_584);
    expect(atLimit.ratio).toBe(0.4);
    expect(atLimit.eligible).toBe(true);

    const justOver = assessEligibility(input({ monthlyIncome: 11_459 }));
    expect(justOver.eligible).toBe(false);
    expect(justOver.ratio).toBeGreaterThan(0.4);
  });

  it("the boundary holds with existing payments too", () => {
    // 40% of 20,000 = 8,000 = 4,584 + 3,416.
    expect(assessEligibility(input({ monthlyIncome: 20_000, existingMonthlyPayments: 3_416 })).eligible).toBe(true);
    expect(assessEligibility(input({ monthlyIncome: 20_000, existingMonthlyPayments: 3_417 })).eligible).toBe(false);
  });

  it("existing payments already above 40% leave nothing: not eligible, no amount fits", () => {
    const result = assessEligibility(input({ monthlyIncome: 20_000, existingMonthlyPayments: 9_000, amount: 5_000 }));
    expect(result.eligible).toBe(false);
    expect(result.maxEligibleAmount).toBeNull();
  });

  it("existing payments of exactly 40% leave nothing either", () => {
    const result = assessEligibility(input({ monthlyIncome: 20_000, existingMonthlyPayments: 8_000, amount: 5_000 }));
    expect(result.eligible).toBe(false);
    expect(result.maxEligibleAmount).toBeNull();
  });

  it("repayments above income give a ratio above 1, not a clipped one", () => {
    const result = assessEligibility(input({ monthlyIncome: 5_000, existingMonthlyPayments: 4_000 }));
    expect(result.totalMonthlyRepayments).toBe(8_584);
    expect(result.ratio).toBeCloseTo(1.7168, 10);
  });

  it("the largest amount is capped at the product's maximum", () => {
    const result = assessEligibility(input({ monthlyIncome: 200_000, amount: 10_000 }));
    expect(result.eligible).toBe(true);
    expect(result.maxEligibleAmount).toBe(50_000);
  });

  it("a product maximum that is not a multiple of the step is returned as is when it fits", () => {
    const result = assessEligibility(input({ monthlyIncome: 200_000, amount: 10_000, maxAmount: 49_999 }));
    expect(result.maxEligibleAmount).toBe(49_999);
  });

  it("the largest amount when the desired one does not fit: a step multiple that fits, the next does not", () => {
    // 40% of 10,000 = 4,000 a month for 12 months at 18%.
    const result = assessEligibility(input({ monthlyIncome: 10_000 }));
    expect(result.eligible).toBe(false);
    expect(result.maxEligibleAmount).toBe(43_500);
    expect(emiOf(43_500, 18, 12)).toBeLessThanOrEqual(4_000);
    expect(emiOf(44_000, 18, 12)).toBeGreaterThan(4_000);
  });

  it("when not even the product minimum fits, there is no largest amount", () => {
    // The EMI of ৳5,000 over 6 months at 18% is ৳878; 40% of 2,000 is 800.
    const result = assessEligibility(input({ monthlyIncome: 2_000, amount: 5_000, months: 6 }));
    expect(emiOf(5_000, 18, 6)).toBe(878);
    expect(result.eligible).toBe(false);
    expect(result.maxEligibleAmount).toBeNull();
  });

  it("exactly the product minimum is offered when it is all that fits", () => {
    // 40% of 2,195 = 878, the EMI of the ৳5,000 minimum over 6 months.
    const result = assessEligibility(input({ monthlyIncome: 2_195, amount: 10_000, months: 6 }));
    expect(result.maxEligibleAmount).toBe(5_000);
  });

  it("a minimum that is not a multiple of the step is offered when it fits and nothing larger on the grid does", () => {
    // Min 5,100: the next step down (5,000) is below the minimum, so the minimum itself is the answer.
    const emiMin = emiOf(5_100, 18, 6);
    const result = assessEligibility(
      input({ monthlyIncome: Math.ceil(emiMin / 0.4), amount: 20_000, months: 6, minAmount: 5_100 }),
    );
    expect(emiOf(5_500, 18, 6)).toBeGreaterThan(maxMonthlyRepaymentsFor(Math.ceil(emiMin / 0.4)));
    expect(result.maxEligibleAmount).toBe(5_100);
  });

  it("handles a 0% rate (the inverse formula's special case)", () => {
    const result = assessEligibility(
      input({ annualRate: 0, monthlyIncome: 10_000, amount: 60_000, months: 12, maxAmount: 100_000 }),
    );
    expect(result.emi).toBe(5_000);
    expect(result.eligible).toBe(false);
    // 4,000 a month over 12 months at 0%: up to ৳48,005 still rounds to 4,000; the step grid gives 48,000.
    expect(result.maxEligibleAmount).toBe(48_000);
  });

  it("matches a brute-force search over many products, incomes, tenures and existing payments", () => {
    const products = [instant, salary, consumer, business];
    const tenures = [6, 12, 18, 24, 36, 48, 60];
    const incomes = [3_000, 9_999, 15_000, 27_500, 40_000, 61_234, 120_000, 350_000];
    const existings = [0, 1_000, 5_500, 12_000];
    for (const product of products) {
      for (const months of tenures) {
        for (const monthlyIncome of incomes) {
          for (const existingMonthlyPayments of existings) {
            const result = assessEligibility({
              ...product,
              monthlyIncome,
              existingMonthlyPayments,
              months,
              amount: product.minAmount,
            });
            const limit = maxMonthlyRepaymentsFor(monthlyIncome) - existingMonthlyPayments;
            const fits = (p: number) => emiOf(p, product.annualRate, months) <= limit;
            // Reference: scan the step grid downwards from the cap.
            let expected: number | null = fits(product.maxAmount) ? product.maxAmount : null;
            if (expected === null) {
              for (let p = Math.floor(product.maxAmount / MAX_AMOUNT_STEP) * MAX_AMOUNT_STEP; p >= product.minAmount; p -= MAX_AMOUNT_STEP) {
                if (fits(p)) {
                  expected = p;
                  break;
                }
              }
            }
            expect(result.maxEligibleAmount, `${JSON.stringify({ product, months, monthlyIncome, existingMonthlyPayments })}`).toBe(expected);
            expect(result.eligible).toBe(fits(product.minAmount));
          }
        }
      }
    }
  });

  it("rejects zero, negative and fractional income", () => {
    expect(() => assessEligibility(input({ monthlyIncome: 0 }))).toThrow(RangeError);
    expect(() => assessEligibility(input({ monthlyIncome: -5_000 }))).toThrow(RangeError);
    expect(() => assessEligibility(input({ monthlyIncome: 12_000.5 }))).toThrow(RangeError);
    expect(() => assessEligibility(input({ monthlyIncome: Number.NaN }))).toThrow(RangeError);
  });

  it("rejects negative or fractional existing payments but accepts zero", () => {
    expect(() => assessEligibility(input({ existingMonthlyPayments: -1 }))).toThrow(RangeError);
    expect(() => assessEligibility(input({ existingMonthlyPayments: 10.5 }))).toThrow(RangeError);
    expect(assessEligibility(input({ existingMonthlyPayments: 0 })).totalMonthlyRepayments).toBe(4_584);
  });

  it("rejects a zero amount, zero months and an inverted product range", () => {
    expect(() => assessEligibility(input({ amount: 0 }))).toThrow(RangeError);
    expect(() => assessEligibility(input({ months: 0 }))).toThrow(RangeError);
    expect(() => assessEligibility(input({ minAmount: 60_000, maxAmount: 50_000 }))).toThrow(RangeError);
  });
});

describe("amountToApplyFor", () => {
  it("keeps the desired amount when it fits", () => {
    expect(amountToApplyFor(50_000, assessEligibility(input({ monthlyIncome: 30_000 })))).toBe(50_000);
  });

  it("offers the largest fitting amount when the desired one does not fit", () => {
    expect(amountToApplyFor(50_000, assessEligibility(input({ monthlyIncome: 10_000 })))).toBe(43_500);
  });

  it("keeps the desired amount when nothing fits (staff decide; the page says it is unlikely)", () => {
    const result = assessEligibility(input({ monthlyIncome: 2_000, months: 6 }));
    expect(amountToApplyFor(50_000, result)).toBe(50_000);
  });
});
