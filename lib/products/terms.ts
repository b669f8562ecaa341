import type { LoanType } from "@/lib/generated/prisma/enums";

/**
 * What the public forms need of a loan product: key, title, rate and limits. The one projection of a product
 * that crosses to the browser (descriptions, features and badges stay on the server). Pure.
 */
export type ProductTerms = {
  key: LoanType;
  title: string;
  annualRate: number;
  minAmount: number;
  maxAmount: number;
  minTenure: number;
  maxTenure: number;
};

export function productTerms({ key, title, annualRate, minAmount, maxAmount, minTenure, maxTenure }: ProductTerms): ProductTerms {
  return { key, title, annualRate, minAmount, maxAmount, minTenure, maxTenure };
}
