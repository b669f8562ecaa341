/**
 * The loan application's validation, one schema per wizard step, shared by the form
 * (react-hook-form + zodResolver) and the server action. Error messages are keys of the
 * "validation" message namespace; the form translates them.
 * Inputs arrive as strings from form fields (possibly with Bengali digits) and leave as clean values.
 */
import { z } from "zod";
import { TENURE_OPTIONS } from "@/lib/loans/emi";
import { dhakaToday, parseNumberInput, toAsciiDigits } from "@/lib/format";
import { bdMobileField, isRealIsoDate, msg, nidField, requiredText } from "@/lib/validation/fields";
import { ageOn, EMPLOYMENT_TYPES, LOAN_TYPES, MAX_APPLICANT_AGE, MIN_APPLICANT_AGE, type LoanTypeKey, type ProductLimits } from "./rules";
import type { ValidationMessageKey } from "./validation-keys";

export type { ValidationMessageKey } from "./validation-keys";


const text = requiredText;

/** Whole taka typed as text ("৫০,০০০", "50000") or given as a number. */
export const wholeTaka = (key: ValidationMessageKey, { allowZero = false } = {}) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : (parseNumberInput(v) ?? Number.NaN)) : v),
    z
      // Nothing typed is "required"; text that is not a number (NaN here) is the field's own message.
      .number({ error: (issue) => (issue.input === undefined ? "required" : key) })
      .refine((n) => Number.isFinite(n), msg(key))
      .refine((n) => Number.isInteger(n), msg(key))
      .refine((n) => (allowZero ? n >= 0 : n > 0), msg(key))
      .refine((n) => n <= 1_000_000_000, msg(key)),
  );

const tenure = z.preprocess(
  (v) => (typeof v === "string" ? (v === "" ? undefined : Number(toAsciiDigits(v))) : v),
  z
    .number(msg("required"))
    .refine((n) => (TENURE_OPTIONS as readonly number[]).includes(n), msg("tenureNotAllowed")),
);

const loanDetailsShape = {
  loanType: z.enum(LOAN_TYPES, msg("required")),
  amount: wholeTaka("invalidAmount"),
  tenure,
  purpose: text(500),
};

/** Amount and tenure must fit the chosen product (used by step 1 and by the whole application). */
function withinProductLimits(products: readonly ProductLimits[]) {
  return (v: { loanType: LoanTypeKey; amount: number; tenure: number }, ctx: z.RefinementCtx) => {
      const product = products.find((p) => p.key === v.loanType);
      if (!product) {
        ctx.addIssue({ code: "custom", path: ["loanType"], message: "required" });
        return;
      }
      if (v.amount < product.minAmount || v.amount > product.maxAmount) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: "amountOutOfRange" });
      }
      if (v.tenure < product.minTenure || v.tenure > product.maxTenure) {
        ctx.addIssue({ code: "custom", path: ["tenure"], message: "tenureNotAllowed" });
      }
  };
}

export function buildLoanDetailsSchema(products: readonly ProductLimits[]) {
  return z.object(loanDetailsShape).superRefine(withinProductLimits(products));
}

export function buildPersonalInfoSchema(today: () => string = dhakaToday) {
  return z.object({
    name: text(120),
    phone: bdMobileField(),
    email: z
      .string()
      .trim()
      .max(200, msg("tooLong"))
      .optional()
      .transform((v) => (v ? v.toLowerCase() : undefined))
      .refine((v) => v === undefined || z.email().safeParse(v).success, msg("invalidEmail")),
    dob: z
      .string(msg("required"))
      .trim()
      .min(1, msg("required"))
      .transform((v) => toAsciiDigits(v))
      .superRefine((v, ctx) => {
        if (!isRealIsoDate(v)) return void ctx.addIssue({ code: "custom", message: "invalidDate" });
        const age = ageOn(v, today());
        if (age < MIN_APPLICANT_AGE) ctx.addIssue({ code: "custom", message: "underAge" });
        else if (age > MAX_APPLICANT_AGE) ctx.addIssue({ code: "custom", message: "invalidDate" });
      }),
    nid: nidField(),
    address: text(500),
    /** Optional: routes the application to the upazila's branch. The server checks the code names an upazila (the list stays off the phone's bundle). */
    upazilaCode: z
      .string()
      .trim()
      .regex(/^\d{0,4}$/, msg("unknownUpazila"))
      .optional()
      .transform((v) => v || undefined),
    /** The card image itself travels as a file next to the form data; this says one was captured. */
    nidCardCaptured: z.literal(true, msg("nidCardRequired")),
  });
}

export const employmentInfoSchema = z.object({
  employmentType: z.enum(EMPLOYMENT_TYPES, msg("required")),
  employer: text(200),
  monthlyIncome: wholeTaka("invalidIncome"),
  existingLoans: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    wholeTaka("invalidExistingLoans", { allowZero: true }).optional(),
  ),
});

/**
 * What the prototype's simulated NID check produced. Accepted by the server only when the
 * compatibility flag is on; otherwise the card waits for staff verification and nothing is invented.
 */
export const simulatedNidResultSchema = z.object({
  nidNumber: z.string().max(17),
  name: z.string().max(120),
  dateOfBirth: z.string().max(10),
  fatherName: z.string().max(120).optional(),
  motherName: z.string().max(120).optional(),
  address: z.string().max(500).optional(),
  bloodGroup: z.string().max(3).optional(),
  confidence: z.number().int().min(0).max(100),
});

export function buildApplicationSchema(products: readonly ProductLimits[], today?: () => string) {
  return z
    .object({
      ...loanDetailsShape,
      ...buildPersonalInfoSchema(today).shape,
      ...employmentInfoSchema.shape,
      language: z.enum(["bn", "en"]),
      /** One per wizard run (reset by New Application): a replayed or double-clicked submit finds its first result. */
      idempotencyKey: z.uuid(),
      simulatedNid: simulatedNidResultSchema.optional(),
    })
    .superRefine(withinProductLimits(products));
}
