"use server";
import { defineAction } from "@/lib/auth/action-client";
import { closeLenderBooksSchema, provisioningRulesSchema, runProvisioningSchema } from "./schemas";
import { closeLenderBooks, runProvisioning, updateProvisioningRules } from "./service";

export const closeLenderBooksAction = defineAction({
  name: "accounting.books.close",
  permission: "accounting.close",
  input: closeLenderBooksSchema,
  handler: (input, ctx) => closeLenderBooks(ctx, input),
});

export const runProvisioningAction = defineAction({
  name: "accounting.provisioning.run",
  permission: "accounting.close",
  input: runProvisioningSchema,
  handler: (input, ctx) => runProvisioning(ctx, input),
});

export const updateProvisioningRulesAction = defineAction({
  name: "accounting.provisioning.rules",
  permission: "accounting.rules",
  input: provisioningRulesSchema,
  handler: (input, ctx) => updateProvisioningRules(ctx, input),
});
