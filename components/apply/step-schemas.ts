/**
 * What the wizard downloads on the applicant's first touch to validate its steps: the server's own step
 * schemas and react-hook-form's zod resolver (components/apply/lazy-validation.ts).
 */
export { zodResolver } from "@hookform/resolvers/zod";
export { buildLoanDetailsSchema, buildPersonalInfoSchema, employmentInfoSchema } from "@/lib/applications/schemas";
