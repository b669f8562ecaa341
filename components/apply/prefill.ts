import { EMPLOYMENT_TYPES } from "@/lib/applications/schemas";
import { parseNumberInput } from "@/lib/format";
import { TENURE_OPTIONS } from "@/lib/loans/emi";
import type { ApplyPrefill, ApplyProduct } from "./types";

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function wholeNumber(value: string | undefined, { allowZero = false } = {}): number | undefined {
  if (value === undefined) return undefined;
  const n = parseNumberInput(value);
  return n !== null && Number.isSafeInteger(n) && (allowZero ? n >= 0 : n > 0) ? n : undefined;
}

/**
 * /eligibility opens /apply?type=&amount=&tenure=&income=&employment=&existing= . Anything that would not
 * pass the step's rules is dropped (a link must never preset an invalid form), the rest becomes the
 * form's starting values.
 */
export function prefillFromSearchParams(params: SearchParams, products: readonly ApplyProduct[]): ApplyPrefill {
  const prefill: ApplyPrefill = {};
  const product = products.find((p) => p.key === single(params.type));
  if (product) prefill.loanType = product.key;

  const amount = wholeNumber(single(params.amount));
  if (amount !== undefined && (!product || (amount >= product.minAmount && amount <= product.maxAmount))) {
    prefill.amount = String(amount);
  }

  const tenure = wholeNumber(single(params.tenure));
  if (
    tenure !== undefined &&
    (TENURE_OPTIONS as readonly number[]).includes(tenure) &&
    (!product || (tenure >= product.minTenure && tenure <= product.maxTenure))
  ) {
    prefill.tenure = String(tenure);
  }

  const income = wholeNumber(single(params.income));
  if (income !== undefined) prefill.monthlyIncome = String(income);

  const employment = single(params.employment);
  if ((EMPLOYMENT_TYPES as readonly string[]).includes(employment ?? "")) prefill.employmentType = employment;

  const existing = wholeNumber(single(params.existing), { allowZero: true });
  if (existing !== undefined) prefill.existingLoans = String(existing);

  return prefill;
}
