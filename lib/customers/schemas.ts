/**
 * The customer records screen's validation (/admin/user-profiles), shared by its forms (react-hook-form +
 * zodResolver) and the server actions. Messages are keys of the "validation" namespace; inputs arrive as typed
 * text (Bengali digits too) and leave as clean values: E.164 phones, NID digits, whole taka, null for nothing.
 */
import { z } from "zod";
import { buildPersonalInfoSchema, wholeTaka } from "@/lib/applications/schemas";
import { toAsciiDigits } from "@/lib/format";
import { CustomerStatus, EmploymentType, KycStatus } from "@/lib/generated/prisma/enums";
import { optionalBankAccount, bdMobileField, msg, nidField, optionalText, requiredText } from "@/lib/validation/fields";
import { choiceParam, pageParam, searchParam } from "@/lib/validation/search-params";

/** Admin spec section 9: credit scores run from 300 to 850. */
export const MIN_CREDIT_SCORE = 300;
export const MAX_CREDIT_SCORE = 850;

export const CUSTOMER_STATUSES = Object.values(CustomerStatus);
export const KYC_STATUSES = Object.values(KycStatus);
/** Every employment type the database knows (section 5 offers Salaried, Business, Self-employed, Freelancer). */
export const CUSTOMER_EMPLOYMENT_TYPES = Object.values(EmploymentType);

/** A customer's public number, "U000123". */
export const userNumberField = z
  .string(msg("required"))
  .trim()
  .regex(/^U\d{1,12}$/, msg("required"));

// The applicant's own rules, reused: e-mail (optional, lower-cased) and date of birth (real date, 18 to 100).
const personal = buildPersonalInfoSchema().shape;
const emailField = personal.email.transform((v) => v ?? null);
const dobField = personal.dob;

/** Nothing typed (or only spaces) counts as absent for the optional fields below. */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** An optional Bangladeshi mobile number: empty leaves as null, anything else must be a valid number. */
const optionalBdMobile = z.preprocess(blankToUndefined, bdMobileField().optional()).transform((v) => v ?? null);

/** An optional date of birth under the applicant's rules; empty leaves as null. */
const optionalDob = z.preprocess(blankToUndefined, dobField.optional()).transform((v) => v ?? null);

/** Optional whole taka per month; empty leaves as null. */
const optionalIncome = z.preprocess(blankToUndefined, wholeTaka("invalidIncome").optional()).transform((v) => v ?? null);

/** 300 to 850, typed as text (Bengali digits too); empty leaves as null ("not assessed", never a made-up number). */
const creditScoreField = z
  .preprocess(
    (v) => {
      const blank = blankToUndefined(v);
      return typeof blank === "string" ? Number(toAsciiDigits(blank.trim())) : blank;
    },
    z
      .number(msg("invalidNumber"))
      .int(msg("invalidNumber"))
      .min(MIN_CREDIT_SCORE, msg("invalidNumber"))
      .max(MAX_CREDIT_SCORE, msg("invalidNumber"))
      .optional(),
  )
  .transform((v) => v ?? null);

const employmentTypeField = z.enum(CUSTOMER_EMPLOYMENT_TYPES, msg("required"));

/** Add User: the same facts an application gives about a person, e-mail optional. */
export const createCustomerSchema = z.object({
  name: requiredText(120),
  phone: bdMobileField(),
  email: emailField,
  nid: nidField(),
  address: requiredText(500),
  dateOfBirth: dobField,
  employmentType: employmentTypeField,
  employer: requiredText(200),
  monthlyIncome: wholeTaka("invalidIncome"),
  /** The customer's branch, chosen by staff who see several (decision 0254); blank: the creator's own branch. */
  branchId: z.string().trim().max(64).optional(),
});
export type CreateCustomerInput = z.input<typeof createCustomerSchema>;
export type CreateCustomerValues = z.output<typeof createCustomerSchema>;

/**
 * The edit dialog (three tabs). `expectedUpdatedAt` is the record's updatedAt when the dialog was opened: a save
 * against a row changed since then is refused as stale. Account status travels with the form but a change to it
 * needs "customers.status" on top of "customers.edit".
 */
export const updateCustomerSchema = z.object({
  userNumber: userNumberField,
  expectedUpdatedAt: z.iso.datetime(msg("required")),
  // Personal Info
  name: requiredText(120),
  email: emailField,
  nid: nidField(),
  dateOfBirth: optionalDob,
  status: z.enum(CUSTOMER_STATUSES, msg("required")),
  // KYC status is not edited here: it follows the customer's latest KYC case (lib/kyc/service.ts).
  // Contact & Emergency
  phone: bdMobileField(),
  address: requiredText(500),
  emergencyContactName: optionalText(120),
  emergencyContactPhone: optionalBdMobile,
  emergencyContactRelation: optionalText(60),
  // Financial Info
  employmentType: z.preprocess(blankToUndefined, employmentTypeField.optional()).transform((v) => v ?? null),
  employer: optionalText(200),
  monthlyIncome: optionalIncome,
  creditScore: creditScoreField,
  bankName: optionalText(100),
  bankAccountNumber: optionalBankAccount(),
  bankBranch: optionalText(100),
});
export type UpdateCustomerInput = z.input<typeof updateCustomerSchema>;
export type UpdateCustomerValues = z.output<typeof updateCustomerSchema>;

/** The fields an edit may change, in the dialog's order (the audit row and the activity log name them). */
export const EDITABLE_CUSTOMER_FIELDS = [
  "name",
  "email",
  "nid",
  "dateOfBirth",
  "status",
  "phone",
  "address",
  "emergencyContactName",
  "emergencyContactPhone",
  "emergencyContactRelation",
  "employmentType",
  "employer",
  "monthlyIncome",
  "creditScore",
  "bankName",
  "bankAccountNumber",
  "bankBranch",
] as const satisfies readonly (keyof UpdateCustomerValues)[];
export type EditableCustomerField = (typeof EDITABLE_CUSTOMER_FIELDS)[number];

/** The list's search-by selector (admin spec: All Fields, User Number, User Code, Name, Phone). */
export const CUSTOMER_SEARCH_FIELDS = ["all", "userNumber", "userCode", "name", "phone"] as const;
export type CustomerSearchField = (typeof CUSTOMER_SEARCH_FIELDS)[number];
export const CUSTOMER_STATUS_FILTERS = ["any", ...CUSTOMER_STATUSES] as const;
export const KYC_STATUS_FILTERS = ["any", ...KYC_STATUSES] as const;

/** URL search parameters of /admin/user-profiles (and its CSV export), forgiving: anything unknown falls back. */
export const customerListFiltersSchema = z.object({
  by: choiceParam(CUSTOMER_SEARCH_FIELDS, "all"),
  q: searchParam,
  status: choiceParam(CUSTOMER_STATUS_FILTERS, "any"),
  kyc: choiceParam(KYC_STATUS_FILTERS, "any"),
  page: pageParam,
});
export type CustomerListFilters = z.output<typeof customerListFiltersSchema>;

/** The edit dialog's starting values from the stored record (plain strings: they cross to the browser). */
export function editFormValues(c: {
  userNumber: string;
  updatedAt: Date;
  name: string;
  email: string | null;
  nid: string;
  dateOfBirth: Date | null;
  status: (typeof CUSTOMER_STATUSES)[number];
  phone: string;
  address: string;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  emergencyContactRelation: string | null;
  employmentType: (typeof CUSTOMER_EMPLOYMENT_TYPES)[number] | null;
  employer: string | null;
  monthlyIncome: number | null;
  creditScore: number | null;
  bankName: string | null;
  bankAccountNumber: string | null;
  bankBranch: string | null;
}): UpdateCustomerInput {
  // "+8801712345678" is shown the way people write it; the schema takes it back in any form.
  const localPhone = (e164: string) => e164.replace(/^\+880/, "0");
  return {
    userNumber: c.userNumber,
    expectedUpdatedAt: c.updatedAt.toISOString(),
    name: c.name,
    email: c.email ?? "",
    nid: c.nid,
    dateOfBirth: c.dateOfBirth ? c.dateOfBirth.toISOString().slice(0, 10) : "",
    status: c.status,
    phone: localPhone(c.phone),
    address: c.address,
    emergencyContactName: c.emergencyContactName ?? "",
    emergencyContactPhone: c.emergencyContactPhone ? localPhone(c.emergencyContactPhone) : "",
    emergencyContactRelation: c.emergencyContactRelation ?? "",
    employmentType: c.employmentType ?? "",
    employer: c.employer ?? "",
    monthlyIncome: c.monthlyIncome === null ? "" : String(c.monthlyIncome),
    creditScore: c.creditScore === null ? "" : String(c.creditScore),
    bankName: c.bankName ?? "",
    bankAccountNumber: c.bankAccountNumber ?? "",
    bankBranch: c.bankBranch ?? "",
  };
}

/** Support ends a borrower's sessions (the customer screen's view dialog). */
export const endBorrowerSessionsSchema = z.object({ userNumber: userNumberField });
export type EndBorrowerSessionsValues = z.infer<typeof endBorrowerSessionsSchema>;
