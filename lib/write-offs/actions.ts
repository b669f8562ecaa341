"use server";
import { defineAction } from "@/lib/auth/action-client";
import { approveWriteOffSchema, proposeWriteOffSchema, rejectWriteOffSchema, writeOffPolicySchema } from "./schemas";
import { approveWriteOff, proposeWriteOff, rejectWriteOff, updateWriteOffPolicy } from "./service";

export const proposeWriteOffAction = defineAction({
  name: "writeOffs.propose",
  permission: "writeOffs.propose",
  input: proposeWriteOffSchema,
  handler: (input, ctx) => proposeWriteOff(ctx, input),
});

export const approveWriteOffAction = defineAction({
  name: "writeOffs.approve",
  permission: "writeOffs.approve",
  input: approveWriteOffSchema,
  handler: (input, ctx) => approveWriteOff(ctx, input),
});

export const rejectWriteOffAction = defineAction({
  name: "writeOffs.reject",
  permission: "writeOffs.approve",
  input: rejectWriteOffSchema,
  handler: (input, ctx) => rejectWriteOff(ctx, input),
});

export const updateWriteOffPolicyAction = defineAction({
  name: "writeOffs.policy",
  permission: "accounting.rules",
  input: writeOffPolicySchema,
  handler: (input, ctx) => updateWriteOffPolicy(ctx, input),
});
