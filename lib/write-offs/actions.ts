"use server";
import { defineAction } from "@/lib/auth/action-client";
import { approveWriteOffSchema, proposeWriteOffSchema, rejectWriteOffSchema } from "./schemas";
import { approveWriteOff, proposeWriteOff, rejectWriteOff } from "./service";

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
