import { APPLY_HREF } from "@/components/layout/nav";
import type { ApplyPrefill } from "./types";

/** The query parameter of /apply for each value it can preset (read by prefillFromSearchParams). */
export const APPLY_PREFILL_PARAMS = {
  loanType: "type",
  amount: "amount",
  tenure: "tenure",
  monthlyIncome: "income",
  employmentType: "employment",
  existingLoans: "existing",
} as const satisfies Record<keyof ApplyPrefill, string>;

/**
 * The /apply link that presets these values: product cards, /loans and /calculator (the product, and the
 * calculator's amount and tenure), /eligibility (also income and other loans). Empty values are left out.
 * Kept free of imports beyond the path, so the pages that link here load nothing of the wizard.
 */
export function applyHref(prefill: ApplyPrefill): string {
  const params = new URLSearchParams();
  for (const [field, name] of Object.entries(APPLY_PREFILL_PARAMS) as [keyof ApplyPrefill, string][]) {
    const value = prefill[field];
    if (value !== undefined && value !== "") params.set(name, value);
  }
  const query = params.toString();
  return query ? `${APPLY_HREF}?${query}` : APPLY_HREF;
}
