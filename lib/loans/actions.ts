"use server";
import { defineAction } from "@/lib/auth/action-client";
import { addLoanNoteSchema, approveLoanSchema, disburseLoanSchema, rejectLoanSchema } from "./schemas";
import { addLoanNote, approveLoan, disburseLoan, rejectLoan } from "./service";

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

export const addLoanNoteAction = defineAction({
  name: "loans.note",
  permission: "loans.note",
  input: addLoanNoteSchema,
  handler: (input, ctx) => addLoanNote(ctx, input),
});
