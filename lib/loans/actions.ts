"use server";
import { defineAction } from "@/lib/auth/action-client";
import { approveLoanSchema, disburseLoanSchema, rejectLoanSchema } from "./schemas";
import { approveLoan, disburseLoan, rejectLoan } from "./service";

export const approveLoanAction = defineAction({
  name: "loans.approve",
  permission: "loans.approve",
  input: approveLoanSchema,
  handler: (input, ctx) => approveLoan(ctx, input),
});

export const rejectLoanAction = defineAction({
  name: "loans.reject",
  permission: "loans.approve",
  input: rejectLoanSchema,
  handler: (input, ctx) => rejectLoan(ctx, input),
});

export const disburseLoanAction = defineAction({
  name: "loans.disburse",
  permission: "loans.disburse",
  input: disburseLoanSchema,
  handler: (input, ctx) => disburseLoan(ctx, input),
});
