/**
 * The application's fixed lists and age rule, without zod: the wizard's first load imports these (its
 * validation arrives later, see components/apply/lazy-validation.ts) and the schemas build on them.
 */
export const LOAN_TYPES = ["instant", "salary", "consumer", "business"] as const;
export type LoanTypeKey = (typeof LOAN_TYPES)[number];
/** The wizard offers the public spec's four employment types. */
export const EMPLOYMENT_TYPES = ["salaried", "business", "freelancer", "other"] as const;
export const MIN_APPLICANT_AGE = 18;
export const MAX_APPLICANT_AGE = 100;

/** The product limits the rules need; the client gets them as props, the server reads the database. */
export type ProductLimits = {
  key: LoanTypeKey;
  minAmount: number;
  maxAmount: number;
  minTenure: number;
  maxTenure: number;
};

/** Full years between an ISO date of birth and an ISO "today". */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
