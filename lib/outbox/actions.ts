"use server";
import { defineAction } from "@/lib/auth/action-client";
import { resendMessageSchema } from "./schemas";
import { resendFailedMessage } from "./service";

export const resendMessageAction = defineAction({
  name: "outbox.resend",
  permission: "settings.messages",
  input: resendMessageSchema,
  handler: (input, ctx) => resendFailedMessage(ctx, input),
});
