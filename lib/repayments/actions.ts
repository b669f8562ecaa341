"use server";
import { defineAction } from "@/lib/auth/action-client";
import { approvePaymentReversal, rejectPaymentReversal, requestPaymentReversal } from "./reversal-service";
import { prepayLoan, quoteSettlement, settleLoan } from "./early-repayment-service";
import { approveReversalSchema, prepayLoanSchema, recordPaymentSchema, rejectReversalSchema, requestReversalSchema, settleLoanSchema, settlementQuoteSchema } from "./schemas";
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

export const quoteSettlementAction = defineAction({
  name: "payments.settlement.quote",
  permission: "payments.record",
  input: settlementQuoteSchema,
  handler: (input, ctx) => quoteSettlement(ctx, input),
});

export const settleLoanAction = defineAction({
  name: "payments.settle",
  permission: "payments.record",
  input: settleLoanSchema,
  handler: (input, ctx) => settleLoan(ctx, input),
});

export const prepayLoanAction = defineAction({
  name: "payments.prepay",
  permission: "payments.record",
  input: prepayLoanSchema,
  handler: (input, ctx) => prepayLoan(ctx, input),
});
