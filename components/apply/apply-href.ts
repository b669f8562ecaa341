import { APPLY_HREF } from "@/components/layout/nav";
import type { ApplyPrefill } from "./types";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";

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
 * In the reader's language (the /en prefix for English). Kept free of imports beyond the paths, so the pages that link here load nothing of the wizard.
 */
export function applyHref(prefill: ApplyPrefill, locale: Locale): string {
  const params = new URLSearchParams();
  for (const [field, name] of Object.entries(APPLY_PREFILL_PARAMS) as [keyof ApplyPrefill, string][]) {
    const value = prefill[field];
    if (value !== undefined && value !== "") params.set(name, value);
  }
  const query = params.toString();
  return localizedPath(query ? `${APPLY_HREF}?${query}` : APPLY_HREF, locale);
}
