import "server-only";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { findOrCreateCustomerByNid } from "@/lib/customers/service";
import { syncCustomerKycStatus } from "@/lib/kyc/service";
import { prisma } from "@/lib/db";
import { inScope } from "@/lib/offices/scope-rules";
import type { ApplicationStatus, Prisma } from "@/lib/generated/prisma/client";
import { createLoanFromApplication } from "@/lib/loans/service";
import { deliverAfterResponse, queueMessage } from "@/lib/outbox/service";
import { statusesAllowing, type ReviewDecision } from "./review";

export type DecisionInput = { applicationId: string; decision: ReviewDecision; reason?: string };

export type DecisionResult = ActionResult<{
  applicationId: string;
  status: ApplicationStatus;
  /** Where the rejection message goes (e-mail address or phone), for the success notice. */
  notified?: string;
  loanNumber?: string;
}>;

/**
 * Concurrent decisions queue for a pooled connection, the application's row lock and the sequence locks of
 * customer and loan numbers: waiting there under load is normal, so give it time (as the submission does).
 */
const DECISION_TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

const AUDIT_ACTION: Record<ReviewDecision, string> = {
  under_review: "application.under_review",
  approved: "application.approve",
  rejected: "application.reject",
};

/**
 * Writes the decision if the application is still in a status the decision may follow, and returns that
 * status (null when it is in none). One guarded updateMany per allowed from-status, so the audit row knows
 * which one it was. Under READ COMMITTED a concurrent decision blocks on the row lock of the first and then
 * re-checks its guard against the status the first committed: of any number of concurrent decisions on one
 * application exactly one matches.
 */
async function applyDecision(tx: Prisma.TransactionClient, input: DecisionInput, reviewerId: string, now: Date): Promise<ApplicationStatus | null> {
  for (const from of statusesAllowing(input.decision)) {
    const { count } = await tx.loanApplication.updateMany({
      where: { applicationId: input.applicationId, status: from },
      data: {
        status: input.decision,
        reviewedById: reviewerId,
        reviewedAt: now,
        ...(input.decision === "rejected" ? { rejectionReason: input.reason } : {}),
      },
    });
    if (count === 1) return from;
  }
  return null;
}

/** Why nothing was changed: no such application, or someone decided it already (who, when, to what). */
async function explainRefusal(tx: Prisma.TransactionClient, applicationId: string): Promise<DecisionResult> {
  const current = await tx.loanApplication.findUnique({
    where: { applicationId },
    select: { status: true, reviewedAt: true, reviewedBy: { select: { name: true } } },
  });
  if (!current) return fail("notFound");
  return fail("conflict", {
    reason: "alreadyDecided",
    details: { status: current.status, by: current.reviewedBy?.name ?? null, at: current.reviewedAt?.toISOString() ?? null },
  });
}

/**
 * One review decision in one transaction: the guarded status change with reviewer and time, what the
 * decision brings with it (for an approval the customer, found or created by NID, and the loan awaiting the
 * credit decision; for a rejection the applicant's message in the outbox) and the audit row. The rejection
 * message is delivered after the response, never while the reviewer waits.
 */
export async function decideApplication(ctx: StaffContext, input: DecisionInput): Promise<DecisionResult> {
  const now = new Date();
  const result = await prisma.$transaction(async (tx): Promise<DecisionResult> => {
    // Outside the reviewer's branches it does not exist for them (404, never 403).
    const target = await tx.loanApplication.findUnique({ where: { applicationId: input.applicationId }, select: { branchId: true } });
    if (!target || !inScope(ctx.scope, target.branchId)) return fail("notFound");
    // A customer and a loan belong to a branch: an application in the head office's queue is assigned first.
    if (input.decision === "approved" && target.branchId === null) return fail("conflict", { reason: "noBranch" });
    const previousStatus = await applyDecision(tx, input, ctx.user.id, now);
    if (!previousStatus) return explainRefusal(tx, input.applicationId);
    const application = await tx.loanApplication.findUniqueOrThrow({ where: { applicationId: input.applicationId } });

    let loanNumber: string | undefined;
    let customerNumber: string | undefined;
    let notified: string | undefined;
    if (input.decision === "approved") {
      const customer = await findOrCreateCustomerByNid(tx, application, now);
      await tx.loanApplication.update({ where: { id: application.id }, data: { customerId: customer.id } });
      // The customer's KYC status follows their latest case, this application's included.
      await syncCustomerKycStatus(tx, customer.id);
      ({ loanNumber } = await createLoanFromApplication(tx, application, customer.id));
      customerNumber = customer.userNumber;
    }
    if (input.decision === "rejected") {
      notified = application.email ?? application.phone;
      await queueMessage(tx, {
        channel: application.email ? "email" : "sms",
        recipient: notified,
        language: application.language,
        template: "application.rejected",
        values: { applicationId: application.applicationId, reason: input.reason ?? "", statusPath: `/status?id=${application.applicationId}` },
        entityType: "LoanApplication",
        entityId: application.id,
        branchId: application.branchId,
      });
    }

    await writeAudit(tx, {
      ...auditBy(ctx),
      action: AUDIT_ACTION[input.decision],
      entityType: "LoanApplication",
      entityId: application.id,
      before: { status: previousStatus },
      after: {
        status: input.decision,
        ...(input.reason !== undefined ? { rejectionReason: input.reason } : {}),
        ...(loanNumber ? { loanNumber, customerNumber } : {}),
      },
    });
    return ok({ applicationId: application.applicationId, status: input.decision, notified, loanNumber });
  }, DECISION_TRANSACTION_OPTIONS);
  if (result.ok && input.decision === "rejected") deliverAfterResponse();
  return result;
}

/**
 * An application waiting in the head office's queue (no branch) goes to an open branch, with its KYC case: one of
 * concurrent assignments wins, the others are told it is assigned already. Only staff who see the queue (the head
 * office) reach it; moving an application between branches is a transfer, not this.
 */
export async function assignApplicationBranch(ctx: StaffContext, input: { applicationId: string; branchId: string }): Promise<ActionResult<{ applicationId: string }>> {
  return prisma.$transaction(async (tx) => {
    const current = await tx.loanApplication.findUnique({ where: { applicationId: input.applicationId }, select: { id: true, branchId: true, status: true } });
    if (!current || !inScope(ctx.scope, current.branchId)) return fail("notFound");
    if (current.status !== "pending" && current.status !== "under_review") return fail("conflict", { reason: "decided" });
    const branch = await tx.office.findUnique({ where: { id: input.branchId }, select: { level: true, status: true } });
    if (!branch || branch.level !== "branch" || branch.status !== "open" || !inScope(ctx.scope, input.branchId)) {
      return fail("validation", { fieldErrors: { branchId: "officeNotOpen" } });
    }
    // Guarded on the queue and the status both: a decision or another assignment that commits first wins.
    const { count } = await tx.loanApplication.updateMany({
      where: { id: current.id, branchId: null, status: { in: ["pending", "under_review"] } },
      data: { branchId: input.branchId },
    });
    if (count === 0) {
      const now = await tx.loanApplication.findUniqueOrThrow({ where: { id: current.id }, select: { branchId: true } });
      return fail("conflict", { reason: now.branchId === null ? "decided" : "alreadyAssigned" });
    }
    await tx.kycCase.updateMany({ where: { applicationId: current.id, branchId: null }, data: { branchId: input.branchId } });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "application.assign_branch",
      entityType: "LoanApplication",
      entityId: current.id,
      before: { branchId: null },
      after: { branchId: input.branchId },
    });
    return ok({ applicationId: input.applicationId });
  });
}
