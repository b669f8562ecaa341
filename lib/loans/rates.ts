/**
 * Interest rates as the regulator reads them (issue 26): products state a yearly rate on the declining balance,
 * charged monthly; the effective yearly rate is what that compounds to over twelve months. Pure.
 */

/** The effective yearly rate, percent with two decimals, of a nominal yearly rate charged monthly: (1 + r/12)^12 − 1. */
export function effectiveAnnualRate(nominalPercent: number): number {
  const monthly = nominalPercent / 100 / 12;
  return Math.round(((1 + monthly) ** 12 - 1) * 10_000) / 100;
}

/** Whether a product's nominal yearly rate is within the ceiling (both percent; the ceiling itself is allowed). */
export function withinRateCeiling(nominalPercent: number, ceilingPercent: number): boolean {
  return Math.round(nominalPercent * 100) <= Math.round(ceilingPercent * 100);
}
