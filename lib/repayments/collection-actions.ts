"use server";
import { defineAction } from "@/lib/auth/action-client";
import { collectionActionSchema } from "./collection-schemas";
import { logCall, sendReminder } from "./collection-service";

/** Call Member: logs the call the tel: link starts. Collection work: the same permission as recording a payment. */
export const logCallAction = defineAction({
  name: "payments.call",
  permission: "payments.record",
  input: collectionActionSchema,
  handler: (input, ctx) => logCall(ctx, input),
});

export const sendReminderAction = defineAction({
  name: "payments.remind",
  permission: "payments.record",
  input: collectionActionSchema,
  handler: (input, ctx) => sendReminder(ctx, input),
});
