/**
 * The application's fixed lists and age rule, without zod: the wizard's first load imports these (its
 * validation arrives later, see components/apply/lazy-validation.ts) and the schemas build on them.
 */
import { LoanType, type EmploymentType } from "@/lib/generated/prisma/enums";

/** Every loan type the database knows (Prisma's enum, a few bytes of plain data in the browser). */
export const LOAN_TYPES: readonly LoanType[] = Object.values(LoanType);
export type LoanTypeKey = LoanType;
/** The wizard offers the public spec's four employment types (the database also knows self_employed). */
export const EMPLOYMENT_TYPES = ["salaried", "business", "freelancer", "other"] as const satisfies readonly EmploymentType[];
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
