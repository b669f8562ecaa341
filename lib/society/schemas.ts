/**
 * The society tool's validation, shared by the dialogs (react-hook-form + zodResolver) and the server
 * actions. Messages are keys of the "validation" namespace. Numbers arrive as typed text, Bengali digits
 * included, and leave as whole taka.
 */
import { z } from "zod";
import { idempotencyKey } from "@/lib/idempotency/schemas";
import { wholeTaka } from "@/lib/applications/schemas";
import { dhakaToday, parseNumberInput } from "@/lib/format";
import { IncomeExpenseType, MembershipType } from "@/lib/generated/prisma/enums";
import { searchParam } from "@/lib/validation/search-params";
import { bdMobileField, msg, nidField, optionalText, pastOrTodayDate, recordId, requiredText } from "@/lib/validation/fields";

const text = requiredText;

export { recordId };

const phone = bdMobileField();
const nid = nidField();


/** The spec: an optional amount where a non-numeric entry becomes 0 (negative or fractional too). */
export const lenientTaka = z.preprocess((v) => {
  if (typeof v === "number") return Number.isSafeInteger(v) && v > 0 ? v : 0;
  if (typeof v !== "string") return 0;
  const n = parseNumberInput(v);
  return n !== null && Number.isSafeInteger(n) && n > 0 && n <= 1_000_000_000 ? n : 0;
}, z.number());

/** A collection amount: empty means "not collected"; otherwise whole taka, zero or more. */
export const sheetAmount = z.preprocess(
  (v) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? (parseNumberInput(v) ?? Number.NaN) : v),
  z
    .number(msg("invalidAmount"))
    .refine((n) => Number.isSafeInteger(n) && n >= 0 && n <= 10_000_000, msg("invalidAmount"))
    .nullable(),
);

export const MEMBERSHIP_TYPES: readonly MembershipType[] = Object.values(MembershipType);
export const INCOME_EXPENSE_TYPES: readonly IncomeExpenseType[] = Object.values(IncomeExpenseType);

/** Worker photos: the same 5 MB limit and image types as card photos; the server decodes and resizes. */
export const workerSchema = z.object({
  name: text(100),
  area: text(100),
  phone,
});

/**
 * A payment form's answer to "this takes the society's cash in hand below zero?": the forms send false, and the server
 * refuses such a payment (cashBelowZero) so the form asks; true once the person confirmed. A caller that does not ask a
 * person (a script, a test) leaves it out and is not asked; the Books tab flags cash below zero whatever posted it.
 */
export const confirmCashBelowZero = z.boolean().optional();

export const memberSchema = z.object({
  memberCode: text(40),
  name: text(100),
  nid,
  phone,
  workerId: recordId,
  installmentAmount: lenientTaka,
  savingsAmount: lenientTaka,
  loanAmount: lenientTaka,
  membershipType: z.enum(MEMBERSHIP_TYPES).default("regular"),
  idempotencyKey,
  confirmCashBelowZero,
});

/** A member leaves (or, with nothing on the books, is deleted): closing pays out their savings, so it is keyed. */
export const deleteMemberSchema = z.object({ memberId: recordId, idempotencyKey, confirmCashBelowZero });

/** Longest sheet accepted in one save: the largest worker round seen plus generous room. */
export const MAX_SHEET_ROWS = 2_000;

export const collectionSheetSchema = z.object({
  workerId: recordId,
  date: pastOrTodayDate,
  rows: z
    .array(z.object({ memberId: recordId, installment: sheetAmount, savings: sheetAmount }))
    .max(MAX_SHEET_ROWS, msg("tooLong")),
  idempotencyKey,
});

export const incomeExpenseSchema = z.object({
  type: z.enum(INCOME_EXPENSE_TYPES, msg("required")),
  category: text(60),
  amount: wholeTaka("invalidAmount"),
  description: optionalText(300),
  date: pastOrTodayDate,
  idempotencyKey,
  confirmCashBelowZero,
});

const month = z
  .string(msg("required"))
  .trim()
  .min(1, msg("required"))
  .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), msg("invalidMonth"));

export const salarySchema = z
  .object({
    workerId: recordId,
    month,
    baseSalary: wholeTaka("invalidAmount"),
    bonus: lenientTaka,
    deductions: lenientTaka,
    idempotencyKey,
    confirmCashBelowZero,
  })
  .refine((v) => v.deductions <= v.baseSalary + v.bonus, { path: ["deductions"], message: "deductionsTooLarge" });

export const settingsSchema = z.object({
  name: text(120),
  registrationNumber: optionalText(60),
  address: optionalText(300),
});

export const adminPasswordSchema = z.object({ password: z.string(msg("required")).min(1, msg("required")).max(200, msg("tooLong")) });

export const memberSearchSchema = z.object({
  q: searchParam,
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export const profileQuerySchema = z.object({
  memberId: recordId,
  /** Optional "search by date" of the profile dialog. */
  date: z.union([z.literal(""), pastOrTodayDate]).optional(),
});

export const sheetQuerySchema = z.object({ workerId: recordId, date: pastOrTodayDate });

/** The calendar PDF's month (YYYY-MM); the current Dhaka month when left out. */
export const calendarQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, msg("invalidDate"))
    .optional()
    .transform((v) => v ?? dhakaToday().slice(0, 7)),
});

/** The database report: the last 50 collections, or every collection between two days when both are given. */
export const databaseReportQuerySchema = z
  .object({ from: z.union([z.literal(""), pastOrTodayDate]).optional(), to: z.union([z.literal(""), pastOrTodayDate]).optional() })
  .refine((q) => Boolean(q.from) === Boolean(q.to), { ...msg("invalidDate"), path: ["to"] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { ...msg("invalidDate"), path: ["to"] })
  .transform((q) => (q.from && q.to ? { from: q.from, to: q.to } : null));

/** Super admin: a new society, and access grants. */
export const createSocietySchema = settingsSchema;
export const grantAccessSchema = z.object({
  societyId: recordId,
  phone,
  access: z.enum(["admin", "user"], msg("required")),
});
export const revokeAccessSchema = z.object({ societyId: recordId, staffUserId: recordId });

export type WorkerInput = z.input<typeof workerSchema>;
export type MemberInput = z.input<typeof memberSchema>;
export type CollectionSheetInput = z.input<typeof collectionSheetSchema>;
export type IncomeExpenseInput = z.input<typeof incomeExpenseSchema>;
export type SalaryInput = z.input<typeof salarySchema>;
export type SettingsInput = z.input<typeof settingsSchema>;
export type WorkerValues = z.output<typeof workerSchema>;
export type MemberValues = z.output<typeof memberSchema>;
export type IncomeExpenseValues = z.output<typeof incomeExpenseSchema>;
export type SalaryValues = z.output<typeof salarySchema>;
export type SettingsValues = z.output<typeof settingsSchema>;
