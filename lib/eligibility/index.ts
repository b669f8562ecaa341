/**
 * Loan eligibility by debt-to-income: the new EMI plus the applicant's existing monthly loan
 * payments must stay at or below 40% of monthly income. Pure (no server imports), shared by the
 * /eligibility page and its tests; uses the same EMI function the server uses for applications.
 */
import { calculateEmi } from "@/lib/loans/emi";

/** Total monthly loan repayments may be at most this share of monthly income (40%). */
export const DEBT_TO_INCOME_LIMIT = 0.4;

/**
 * The largest eligible amount is rounded down to this many taka: a figure like ৳1,23,456 looks
 * computed rather than offered, and every product minimum in use is a multiple of 500.
 */
export const MAX_AMOUNT_STEP = 500;

export type EligibilityInput = {
  /** Whole taka per month; must be positive. */
  monthlyIncome: number;
  /** Whole taka per month already paid on other loans; 0 when none. */
  existingMonthlyPayments: number;
  /** Annual percent (18 means 18%). */
  annualRate: number;
  /** Desired amount, whole taka. */
  amount: number;
  months: number;
  /** The product's amount range, whole taka. */
  minAmount: number;
  maxAmount: number;
};

export type EligibilityAssessment = {
  /** EMI of the desired amount, whole taka (as calculateEmi rounds it). */
  emi: number;
  /** emi + existing monthly payments. */
  totalMonthlyRepayments: number;
  /** The most the applicant may repay per month in total: 40% of income, whole taka. */
  maxMonthlyRepayments: number;
  /**
   * totalMonthlyRepayments / monthlyIncome as a fraction (0.4 = 40%). Usually 0..1; above 1 when
   * repayments exceed income, which is reported as it is rather than hidden.
   */
  ratio: number;
  /** True when totalMonthlyRepayments <= 40% of income. */
  eligible: boolean;
  /**
   * The largest amount of this product (a multiple of MAX_AMOUNT_STEP, or the product's maxAmount
   * itself) whose EMI at this tenure keeps total repayments within the limit; null when not even
   * the product's minimum fits.
   */
  maxEligibleAmount: number | null;
};

function assertWholeTaka(name: string, value: number, { allowZero }: { allowZero: boolean }): void {
  if (!Number.isInteger(value) || value < 0 || (!allowZero && value === 0)) {
    throw new RangeError(`${name} must be a ${allowZero ? "non-negative" : "positive"} whole number, got ${value}`);
  }
}

/**
 * 40% of income in whole taka. Repayments are whole taka, so "repayments <= 0.4 × income" is the
 * same as "repayments <= floor(0.4 × income)"; rounding to paisa first removes float noise
 * (0.4 × 3 = 1.2000000000000002).
 */
export function maxMonthlyRepaymentsFor(monthlyIncome: number): number {
  return Math.floor(Math.round(monthlyIncome * DEBT_TO_INCOME_LIMIT * 100) / 100);
}

/** The principal whose exact (unrounded) EMI equals `emi`: the annuity formula solved for P. */
function principalForExactEmi(emi: number, annualRate: number, months: number): number {
  const monthlyRate = annualRate / 12 / 100;
  if (monthlyRate === 0) return emi * months;
  const growth = Math.pow(1 + monthlyRate, months);
  return (emi * (growth - 1)) / (monthlyRate * growth);
}

/**
 * Largest principal in [minAmount, maxAmount] whose rounded EMI is at most `availableEmi`, rounded
 * down to MAX_AMOUNT_STEP (the product maximum itself is returned as is when it fits).
 */
function largestFittingAmount(
  availableEmi: number,
  { annualRate, months, minAmount, maxAmount }: Omit<EligibilityInput, "monthlyIncome" | "existingMonthlyPayments" | "amount">,
): number | null {
  if (availableEmi <= 0) return null;
  const fits = (principal: number) => calculateEmi({ principal, annualRate, months }).emi <= availableEmi;

  if (fits(maxAmount)) return maxAmount;
  // calculateEmi rounds half up, so any exact EMI below availableEmi + 0.5 still rounds to a fitting one.
  const estimate = Math.floor(principalForExactEmi(availableEmi + 0.5, annualRate, months));
  let candidate = Math.floor(Math.min(estimate, maxAmount) / MAX_AMOUNT_STEP) * MAX_AMOUNT_STEP;
  // The inverse is exact up to float error, so this steps down once at most in practice.
  while (candidate >= minAmount && candidate > 0 && !fits(candidate)) candidate -= MAX_AMOUNT_STEP;
  if (candidate >= minAmount && candidate > 0) return candidate;
  // Only reachable when the minimum is not a multiple of the step: offer the minimum if it fits.
  return fits(minAmount) ? minAmount : null;
}

export function assessEligibility(input: EligibilityInput): EligibilityAssessment {
  const { monthlyIncome, existingMonthlyPayments, annualRate, amount, months, minAmount, maxAmount } = input;
  assertWholeTaka("monthlyIncome", monthlyIncome, { allowZero: false });
  assertWholeTaka("existingMonthlyPayments", existingMonthlyPayments, { allowZero: true });
  assertWholeTaka("minAmount", minAmount, { allowZero: false });
  assertWholeTaka("maxAmount", maxAmount, { allowZero: false });
  if (minAmount > maxAmount) throw new RangeError(`minAmount ${minAmount} is above maxAmount ${maxAmount}`);

  // calculateEmi validates amount, months and annualRate.
  const { emi } = calculateEmi({ principal: amount, annualRate, months });
  const totalMonthlyRepayments = emi + existingMonthlyPayments;
  const maxMonthlyRepayments = maxMonthlyRepaymentsFor(monthlyIncome);

  return {
    emi,
    totalMonthlyRepayments,
    maxMonthlyRepayments,
    ratio: totalMonthlyRepayments / monthlyIncome,
    eligible: totalMonthlyRepayments <= maxMonthlyRepayments,
    maxEligibleAmount: largestFittingAmount(maxMonthlyRepayments - existingMonthlyPayments, {
      annualRate,
      months,
      minAmount,
      maxAmount,
    }),
  };
}

/** The amount to carry to /apply: the desired one when it fits, else the largest that does. */
export function amountToApplyFor(desiredAmount: number, assessment: EligibilityAssessment): number {
  if (assessment.eligible || assessment.maxEligibleAmount === null) return desiredAmount;
  return Math.min(desiredAmount, assessment.maxEligibleAmount);
}
