"use server";
import { defineAction } from "@/lib/auth/action-client";
import { changeRoleSchema, createStaffSchema, resetPasswordSchema, resetTwoFactorSchema, setActiveSchema } from "./schemas";
import { changeStaffRole, createStaff, resetStaffPassword, resetStaffTwoFactor, setStaffActive } from "./service";

export const createStaffAction = defineAction({
  name: "staff.create",
  permission: "staff.manage",
  input: createStaffSchema,
  handler: (input, ctx) => createStaff(ctx, input),
});

export const changeStaffRoleAction = defineAction({
  name: "staff.role_change",
  permission: "staff.manage",
  input: changeRoleSchema,
  handler: (input, ctx) => changeStaffRole(ctx, input),
});

export const setStaffActiveAction = defineAction({
  name: "staff.set_active",
  permission: "staff.manage",
  input: setActiveSchema,
  handler: (input, ctx) => setStaffActive(ctx, input),
});

export const resetStaffPasswordAction = defineAction({
  name: "staff.password_reset",
  permission: "staff.manage",
  input: resetPasswordSchema,
  handler: (input, ctx) => resetStaffPassword(ctx, input),
});

export const resetStaffTwoFactorAction = defineAction({
  name: "staff.two_factor_reset",
  permission: "staff.manage",
  input: resetTwoFactorSchema,
  handler: (input, ctx) => resetStaffTwoFactor(ctx, input),
});
