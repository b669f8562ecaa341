import type { LoanType } from "@/lib/generated/prisma/enums";

/**
 * EMI (equated monthly instalment) arithmetic shared by the browser calculator and the server,
 * which recomputes every submitted application with it. Pure: no server imports, no I/O.
 */

/** The wizard's fixed tenure choices, in months. */
export const TENURE_OPTIONS = [6, 12, 18, 24, 36, 48, 60] as const;
export type TenureOption = (typeof TENURE_OPTIONS)[number];

/** Annual percent rate used when a loan type is unknown. */
export const DEFAULT_ANNUAL_RATE = 18;

/** Annual percent rate per loan type, for when a product row is missing from the database. */
export const CALCULATOR_RATES: Readonly<Record<LoanType, number>> = {
  instant: 18,
  salary: 15,
  consumer: 16,
  business: 20,
};

export type EmiInput = {
  /** Amount borrowed, whole taka. */
  principal: number;
  /** Annual interest rate in percent (18 means 18%). */
  annualRate: number;
  /** Number of monthly instalments. */
  months: number;
};

export type EmiCalculation = {
  principal: number;
  interestRate: number;
  months: number;
  /** Monthly instalment, rounded to whole taka. */
  emi: number;
  totalPayable: number;
  totalInterest: number;
};

function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive whole number, got ${value}`);
  }
}

/**
 * Amortised EMI: P·r·(1+r)^n / ((1+r)^n − 1) with r = annual / 12 / 100, rounded to whole taka.
 * Totals are derived from the rounded EMI so that what the borrower sees adds up exactly.
 */
export function calculateEmi({ principal, annualRate, months }: EmiInput): EmiCalculation {
  assertPositiveInteger("principal", principal);
  assertPositiveInteger("months", months);
  if (!Number.isFinite(annualRate) || annualRate < 0) {
    throw new RangeError(`annualRate must be a finite number of 0 or more, got ${annualRate}`);
  }

  const monthlyRate = annualRate / 12 / 100;
  let exactEmi: number;
  if (monthlyRate === 0) {
    exactEmi = principal / months;
  } else {
    const growth = Math.pow(1 + monthlyRate, months);
    exactEmi = (principal * monthlyRate * growth) / (growth - 1);
  }

  const emi = Math.round(exactEmi);
  const totalPayable = emi * months;
  return {
    principal,
    interestRate: annualRate,
    months,
    emi,
    totalPayable,
    totalInterest: totalPayable - principal,
  };
}
