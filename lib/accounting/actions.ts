"use server";
import { defineAction } from "@/lib/auth/action-client";
import { addLenderSubAccountSchema, closeLenderBooksSchema, productAccountsSchema, provisioningRulesSchema, renameLenderAccountSchema, runProvisioningSchema } from "./schemas";
import { addLenderSubAccount, closeLenderBooks, renameLenderAccount, runProvisioning, setProductAccounts, updateProvisioningRules } from "./service";

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

export const renameLenderAccountAction = defineAction({
  name: "accounting.accounts.rename",
  permission: "accounting.rules",
  input: renameLenderAccountSchema,
  handler: (input, ctx) => renameLenderAccount(ctx, input),
});

export const addLenderSubAccountAction = defineAction({
  name: "accounting.accounts.add",
  permission: "accounting.rules",
  input: addLenderSubAccountSchema,
  handler: (input, ctx) => addLenderSubAccount(ctx, input),
});

export const setProductAccountsAction = defineAction({
  name: "accounting.products.accounts",
  permission: "accounting.rules",
  input: productAccountsSchema,
  handler: (input, ctx) => setProductAccounts(ctx, input),
});
