/** Staff management forms' schemas, shared by the forms and the server actions. */
import { z } from "zod";
import { newPasswordSchema, staffPhoneSchema } from "@/lib/auth/sign-in-schemas";
import { ROLES } from "@/lib/auth/permissions";

const staffIdSchema = z.string().min(1, "required").max(64, "tooLong");
const roleSchema = z.enum(ROLES, { error: "required" });

export const createStaffSchema = z.object({
  name: z.string().trim().min(1, "required").max(100, "tooLong"),
  phone: staffPhoneSchema,
  email: z
    .string()
    .trim()
    .max(254, "tooLong")
    .transform((v) => v.toLowerCase())
    .refine((v) => v === "" || z.email().safeParse(v).success, "invalidEmail")
    .transform((v) => (v === "" ? null : v)),
  role: roleSchema,
  /** The office whose subtree they work in; none chosen: the head office (every branch). */
  officeId: z
    .string()
    .trim()
    .max(64, "tooLong")
    .optional()
    .transform((v) => (v ? v : null)),
  password: newPasswordSchema,
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;
export type CreateStaffValues = z.output<typeof createStaffSchema>;

export const changeRoleSchema = z.object({ staffUserId: staffIdSchema, role: roleSchema });
export const setActiveSchema = z.object({ staffUserId: staffIdSchema, active: z.boolean() });
export const resetPasswordSchema = z.object({ staffUserId: staffIdSchema, password: newPasswordSchema });
export const resetTwoFactorSchema = z.object({ staffUserId: staffIdSchema });
