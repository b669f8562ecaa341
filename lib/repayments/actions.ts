"use server";
import { defineAction } from "@/lib/auth/action-client";
import { recordPaymentSchema } from "./schemas";
import { recordPayment } from "./service";

export const recordPaymentAction = defineAction({
  name: "payments.record",
  permission: "payments.record",
  input: recordPaymentSchema,
  handler: (input, ctx) => recordPayment(ctx, input),
});
