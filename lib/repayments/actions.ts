"use server";
import { defineAction } from "@/lib/auth/action-client";
import { approvePaymentReversal, rejectPaymentReversal, requestPaymentReversal } from "./reversal-service";
import { approveReversalSchema, recordPaymentSchema, rejectReversalSchema, requestReversalSchema } from "./schemas";
import { recordPayment } from "./service";

export const recordPaymentAction = defineAction({
  name: "payments.record",
  permission: "payments.record",
  input: recordPaymentSchema,
  handler: (input, ctx) => recordPayment(ctx, input),
});

export const requestPaymentReversalAction = defineAction({
  name: "payments.reversal.request",
  permission: "payments.reverse",
  input: requestReversalSchema,
  handler: (input, ctx) => requestPaymentReversal(ctx, input),
});

export const approvePaymentReversalAction = defineAction({
  name: "payments.reversal.approve",
  permission: "payments.reverse",
  input: approveReversalSchema,
  handler: (input, ctx) => approvePaymentReversal(ctx, input),
});

export const rejectPaymentReversalAction = defineAction({
  name: "payments.reversal.reject",
  permission: "payments.reverse",
  input: rejectReversalSchema,
  handler: (input, ctx) => rejectPaymentReversal(ctx, input),
});
