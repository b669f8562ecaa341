/** The fixed tenure choices a product offers, and moving a chosen tenure to a product that lacks it. Pure. */
import { TENURE_OPTIONS } from "./emi";

/** The fixed tenures (6…60 months) inside a product's range, in order; empty when none falls inside. */
export function tenuresWithin(minTenure: number, maxTenure: number): number[] {
  return TENURE_OPTIONS.filter((months) => months >= minTenure && months <= maxTenure);
}

/** The choice nearest to `target` (the shorter of two equally near); undefined when there is no choice. */
export function closestTenure(choices: readonly number[], target: number): number | undefined {
  return choices.reduce<number | undefined>(
    (best, months) => (best === undefined || Math.abs(months - target) < Math.abs(best - target) ? months : best),
    undefined,
  );
}
