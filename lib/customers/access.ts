/**
 * What of a customer's other records a staff member may see on the customer screen: customers.read opens the
 * person, but their loans, payments, applications and KYC cases stay behind those records' own permissions
 * (a KYC officer sees no loan figures, a collection agent no KYC decisions). And only the customers of their
 * offices' branches (lib/offices/scope.ts).
 */
import { isAllowed, type StaffContext } from "@/lib/auth/guard";
import type { OfficeScope } from "@/lib/offices/scope-rules";

export type CustomerAccess = { loans: boolean; payments: boolean; applications: boolean; kyc: boolean; scope: OfficeScope };

export function customerAccessOf(ctx: StaffContext): CustomerAccess {
  return {
    loans: isAllowed(ctx, "loans.read"),
    payments: isAllowed(ctx, "payments.read"),
    applications: isAllowed(ctx, "applications.read"),
    kyc: isAllowed(ctx, "kyc.read"),
    scope: ctx.scope,
  };
}
