/** The sign-in forms' schemas, shared by the browser forms and the server actions. */
import { z } from "zod";
import { normalizeBdMobile } from "@/lib/validation/bd";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-policy";

const requiredText = z.string().trim().min(1, "required");

export const passwordStepSchema = z.object({
  phone: requiredText.max(32, "tooLong"),
  password: z.string().min(1, "required").max(PASSWORD_MAX_LENGTH, "tooLong"),
});
export type PasswordStepInput = z.infer<typeof passwordStepSchema>;

/** A 6-digit code (Bengali digits accepted) or, when `recovery` is set, a recovery code. */
export const codeStepSchema = z.object({
  code: z.string().trim().min(1, "required").max(32, "tooLong"),
  recovery: z.boolean().default(false),
});
export type CodeStepInput = z.input<typeof codeStepSchema>;

/** A new password as staff choose it (profile) or an admin sets it (user management). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "passwordTooShort")
  .max(PASSWORD_MAX_LENGTH, "tooLong");

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "required").max(PASSWORD_MAX_LENGTH, "tooLong"),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "passwordMismatch" });

/** A staff phone number in any Bangladeshi form → E.164. */
export const staffPhoneSchema = z
  .string()
  .trim()
  .min(1, "required")
  .transform((v, ctx) => {
    const phone = normalizeBdMobile(v);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: "invalidPhone" });
      return z.NEVER;
    }
    return phone;
  });
