"use server";
import { defineAction } from "@/lib/auth/action-client";
import { createCustomer, endBorrowerSessions, updateCustomer } from "./admin-service";
import { createCustomerSchema, endBorrowerSessionsSchema, updateCustomerSchema } from "./schemas";

export const createCustomerAction = defineAction({
  name: "customers.create",
  permission: "customers.edit",
  input: createCustomerSchema,
  handler: (input, ctx) => createCustomer(ctx, input),
});

/** Account and KYC status changes inside the edit also need "customers.status" (checked in updateCustomer). */
export const updateCustomerAction = defineAction({
  name: "customers.update",
  permission: "customers.edit",
  input: updateCustomerSchema,
  handler: (input, ctx) => updateCustomer(ctx, input),
});

/** Support ends a borrower's sessions on their own page and forgets their devices. */
export const endBorrowerSessionsAction = defineAction({
  name: "customers.end-borrower-sessions",
  permission: "customers.sessions",
  input: endBorrowerSessionsSchema,
  handler: (input, ctx) => endBorrowerSessions(ctx, input),
});
