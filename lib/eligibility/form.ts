/**
 * The /eligibility form's rules: text fields as typed (Bengali or ASCII digits, commas, ৳) in,
 * clean numbers or message keys (the "eligibility.errors" namespace) out. Pure, unit-tested.
 */
// Types only: schemas.ts builds zod schemas at load time, and this file ships to the browser.
// The employment list itself comes in as an argument (the server page passes EMPLOYMENT_TYPES).
import type { EMPLOYMENT_TYPES } from "@/lib/applications/rules";
import type { ProductTerms } from "@/lib/products/terms";
import { parseNumberInput } from "@/lib/format";

/** The same ceiling the application schemas put on money fields. */
const MAX_TAKA = 1_000_000_000;

export type EmploymentTypeKey = (typeof EMPLOYMENT_TYPES)[number];

/** What the form needs to know about a loan product; `tenures` are the fixed choices it offers. */
export type EligibilityProduct = ProductTerms & { tenures: readonly number[] };

export type EligibilityFormValues = {
  income: string;
  existing: string;
  employment: string;
  loanType: string;
  amount: string;
  tenure: string;
};
export type EligibilityField = keyof EligibilityFormValues;

export type EligibilityErrorKey =
  | "incomeRequired"
  | "incomeInvalid"
  | "existingInvalid"
  | "employmentRequired"
  | "loanTypeRequired"
  | "amountRequired"
  | "amountInvalid"
  | "amountOutOfRange"
  | "tenureRequired";

export type EligibilityFormData = {
  monthlyIncome: number;
  existingMonthlyPayments: number;
  employmentType: EmploymentTypeKey;
  product: EligibilityProduct;
  amount: number;
  months: number;
};

export type EligibilityFormResult =
  | { ok: true; data: EligibilityFormData }
  | { ok: false; errors: Partial<Record<EligibilityField, EligibilityErrorKey>> };

/** Whole taka from typed text: undefined when empty, null when not a whole number in range. */
function wholeTaka(text: string, { allowZero }: { allowZero: boolean }): number | null | undefined {
  if (text.trim() === "") return undefined;
  const value = parseNumberInput(text);
  if (value === null || !Number.isInteger(value) || value > MAX_TAKA) return null;
  return value > 0 || (allowZero && value === 0) ? value : null;
}

export function parseEligibilityForm(
  values: EligibilityFormValues,
  products: readonly EligibilityProduct[],
  employmentTypes: readonly EmploymentTypeKey[],
): EligibilityFormResult {
  const isEmploymentType = (value: string): value is EmploymentTypeKey =>
    (employmentTypes as readonly string[]).includes(value);
  const errors: Partial<Record<EligibilityField, EligibilityErrorKey>> = {};

  const income = wholeTaka(values.income, { allowZero: false });
  if (income === undefined) errors.income = "incomeRequired";
  else if (income === null) errors.income = "incomeInvalid";

  // Optional: empty means no other loans.
  const existing = wholeTaka(values.existing, { allowZero: true }) ?? (values.existing.trim() === "" ? 0 : null);
  if (existing === null) errors.existing = "existingInvalid";

  const employment = values.employment;
  if (!isEmploymentType(employment)) errors.employment = "employmentRequired";

  const product = products.find((p) => p.key === values.loanType);
  if (!product) errors.loanType = "loanTypeRequired";

  const amount = wholeTaka(values.amount, { allowZero: false });
  if (amount === undefined) errors.amount = "amountRequired";
  else if (amount === null) errors.amount = "amountInvalid";
  else if (product && (amount < product.minAmount || amount > product.maxAmount)) errors.amount = "amountOutOfRange";

  // Without a product there is nothing to choose from yet; the loan type's message covers it.
  const chosen = values.tenure === "" ? null : Number(values.tenure);
  const months = product && chosen !== null && product.tenures.includes(chosen) ? chosen : null;
  if (product && months === null) errors.tenure = "tenureRequired";

  if (
    Object.keys(errors).length > 0 ||
    income == null ||
    existing === null ||
    !isEmploymentType(employment) ||
    !product ||
    amount == null ||
    months === null
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    data: { monthlyIncome: income, existingMonthlyPayments: existing, employmentType: employment, product, amount, months },
  };
}
