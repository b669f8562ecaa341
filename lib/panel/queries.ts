import "server-only";
import { countApplicationsAwaitingReview } from "@/lib/applications/review-queries";
import { isAllowed, type StaffContext } from "@/lib/auth/guard";
import { countOpenAlerts } from "@/lib/dashboard/queries";
import { countOpenKycCases } from "@/lib/kyc/queries";
import { countLoansAwaitingDecision } from "@/lib/loans/queries";
import { countFailedMessages } from "@/lib/outbox/queries";
import type { ShellCounts } from "./types";

/** The shell's badge and bell counts, only for what this user may see; read fresh on every page. */
export async function panelCounts(ctx: StaffContext): Promise<ShellCounts> {
  const [awaitingReview, awaitingDecision, openKyc, alerts, failedMessages] = await Promise.all([
    isAllowed(ctx, "applications.read") ? countApplicationsAwaitingReview(ctx.scope) : Promise.resolve(0),
    isAllowed(ctx, "loans.read") ? countLoansAwaitingDecision(ctx.scope) : Promise.resolve(0),
    isAllowed(ctx, "kyc.read") ? countOpenKycCases(ctx.scope) : Promise.resolve(0),
    isAllowed(ctx, "dashboard.read") ? countOpenAlerts(ctx.scope) : Promise.resolve(null),
    isAllowed(ctx, "settings.messages") ? countFailedMessages(ctx.scope) : Promise.resolve(0),
  ]);
  return { badges: { applicationReview: awaitingReview, loans: awaitingDecision, kyc: openKyc, messages: failedMessages }, alerts };
}
