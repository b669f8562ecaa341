"use server";

import { defineAction } from "@/lib/auth/action-client";
import { createSocietySchema, grantAccessSchema, revokeAccessSchema } from "./schemas";
import { createSociety, grantSocietyAccess, revokeSocietyAccess } from "./service";

export const createSocietyAction = defineAction({
  name: "societies.create",
  permission: "societies.manage",
  input: createSocietySchema,
  handler: (input, ctx) => createSociety(ctx, input),
});

export const grantSocietyAccessAction = defineAction({
  name: "societies.grant",
  permission: "societies.manage",
  input: grantAccessSchema,
  handler: (input, ctx) => grantSocietyAccess(ctx, input),
});

export const revokeSocietyAccessAction = defineAction({
  name: "societies.revoke",
  permission: "societies.manage",
  input: revokeAccessSchema,
  handler: (input, ctx) => revokeSocietyAccess(ctx, input),
});
