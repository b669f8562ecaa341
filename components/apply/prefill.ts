import { EMPLOYMENT_TYPES } from "@/lib/applications/rules";
import { parseNumberInput } from "@/lib/format";
import { TENURE_OPTIONS } from "@/lib/loans/emi";
import { APPLY_PREFILL_PARAMS } from "./apply-href";
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
 * Links made by applyHref open /apply?type=&amount=&tenure=&income=&employment=&existing= . Anything that would not
 * pass the step's rules is dropped (a link must never preset an invalid form), the rest becomes the
 * form's starting values.
 */
export function prefillFromSearchParams(params: SearchParams, products: readonly ApplyProduct[]): ApplyPrefill {
  const prefill: ApplyPrefill = {};
  const product = products.find((p) => p.key === single(params[APPLY_PREFILL_PARAMS.loanType]));
  if (product) prefill.loanType = product.key;

  const amount = wholeNumber(single(params[APPLY_PREFILL_PARAMS.amount]));
  if (amount !== undefined && (!product || (amount >= product.minAmount && amount <= product.maxAmount))) {
    prefill.amount = String(amount);
  }

  const tenure = wholeNumber(single(params[APPLY_PREFILL_PARAMS.tenure]));
  if (
    tenure !== undefined &&
    (TENURE_OPTIONS as readonly number[]).includes(tenure) &&
    (!product || (tenure >= product.minTenure && tenure <= product.maxTenure))
  ) {
    prefill.tenure = String(tenure);
  }

  const income = wholeNumber(single(params[APPLY_PREFILL_PARAMS.monthlyIncome]));
  if (income !== undefined) prefill.monthlyIncome = String(income);

  const employment = single(params[APPLY_PREFILL_PARAMS.employmentType]);
  if ((EMPLOYMENT_TYPES as readonly string[]).includes(employment ?? "")) prefill.employmentType = employment;

  const existing = wholeNumber(single(params[APPLY_PREFILL_PARAMS.existingLoans]), { allowZero: true });
  if (existing !== undefined) prefill.existingLoans = String(existing);

  return prefill;
}
