/** The borrower sign-in forms' schemas, shared by the browser forms and the server actions. */
import { z } from "zod";
import { toAsciiDigits } from "@/lib/format";
import { bdMobileField, isRealIsoDate, msg } from "@/lib/validation/fields";

/** Step 1: the mobile number (any Bangladeshi form, Bengali digits too), leaving as E.164. */
export const requestCodeSchema = z.object({ phone: bdMobileField() });
export type RequestCodeInput = z.input<typeof requestCodeSchema>;

const digitsOnly = (v: unknown) => (typeof v === "string" ? toAsciiDigits(v).replace(/[\s-]/g, "") : v);

/** Step 2: the number again and the 6-digit code from the SMS (Bengali digits accepted). */
export const verifyCodeSchema = z.object({
  phone: bdMobileField(),
  code: z.preprocess(digitsOnly, z.string(msg("required")).min(1, msg("required")).regex(/^\d{6}$/, msg("invalidCode"))),
});
export type VerifyCodeInput = z.input<typeof verifyCodeSchema>;

/** Step 3, on a device not seen before: the last four digits of the NID or the date of birth on record (either). */
export const identitySchema = z
  .object({
    nidLast4: z.preprocess(digitsOnly, z.string().regex(/^(\d{4})?$/, msg("invalidNidLast4")).optional()),
    dateOfBirth: z
      .string()
      .trim()
      .refine((v) => v === "" || isRealIsoDate(v), msg("invalidDate"))
      .optional(),
  })
  .transform((v) => ({ nidLast4: v.nidLast4 || null, dateOfBirth: v.dateOfBirth || null }))
  .refine((v) => v.nidLast4 !== null || v.dateOfBirth !== null, { path: ["nidLast4"], message: "identityAnswerRequired" });
export type IdentityInput = z.input<typeof identitySchema>;
