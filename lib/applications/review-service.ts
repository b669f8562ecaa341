import "server-only";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { findOrCreateCustomerByNid } from "@/lib/customers/service";
import { prisma } from "@/lib/db";
import type { ApplicationStatus, Prisma } from "@/lib/generated/prisma/client";
import { createLoanFromApplication } from "@/lib/loans/service";
import { deliverSoon, queueMessage } from "@/lib/outbox/service";
import { statusesAllowing, type ReviewDecision } from "./review";

export type DecisionResult = ActionResult<{
  applicationId: string;
  status: ApplicationStatus;
  /** Where the rejection message goes (e-mail address or phone), for the success toast. */
  notified?: string;
  loanNumber?: string;
}>;

const AUDIT_ACTION: Record<ReviewDecision, string> = {
  under_review: "application.under_review",
  approved: "application.approve",
  rejected: "application.reject",
};

/** Why a guarded UPDATE found nothing to change: unknown, or decided by someone else (who and when). */
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
 * One review decision in one transaction: the row locked and its status checked against the statuses the
 * decision may follow (of any number of concurrent decisions exactly one finds it so), the reviewer and
 * time, the audit row, and what the decision brings with it: a loan awaiting the credit decision and the
 * customer record for an approval, the applicant's message for a rejection.
 */
export async function decideApplication(
  ctx: StaffContext,
  input: { applicationId: string; decision: ReviewDecision; reason?: string },
): Promise<DecisionResult> {
  const now = new Date();
  const result = await prisma.$transaction(async (tx): Promise<DecisionResult> => {
    // Lock the row, then check the state this decision expects: a concurrent decision waits here and
    // then finds the status the first one wrote, so exactly one of them wins.
    const [locked] = await tx.$queryRaw<{ id: string; status: ApplicationStatus }[]>`
      SELECT "id", "status" FROM "LoanApplication" WHERE "applicationId" = ${input.applicationId} FOR UPDATE`;
    if (!locked || !statusesAllowing(input.decision).includes(locked.status)) return explainRefusal(tx, input.applicationId);
    const application = await tx.loanApplication.update({
      where: { id: locked.id, status: locked.status },
      data: {
        status: input.decision,
        reviewedById: ctx.user.id,
        reviewedAt: now,
        ...(input.decision === "rejected" ? { rejectionReason: input.reason } : {}),
      },
    });

    let loanNumber: string | undefined;
    let notified: string | undefined;
    if (input.decision === "approved") {
      const customer = await findOrCreateCustomerByNid(tx, application, now);
      await tx.loanApplication.update({ where: { id: application.id }, data: { customerId: customer.id } });
      ({ loanNumber } = await createLoanFromApplication(tx, application, customer.id, ctx.user, now));
    }
    if (input.decision === "rejected") {
      notified = application.email ?? application.phone;
      await queueMessage(tx, {
        channel: application.email ? "email" : "sms",
        recipient: notified,
        language: application.language,
        template: "application.rejected",
        values: { applicationId: application.applicationId, reason: input.reason ?? "", statusUrl: `/status?id=${application.applicationId}` },
        entityType: "LoanApplication",
        entityId: application.id,
      });
    }

    await writeAudit(tx, {
      actor: ctx.actor,
      action: AUDIT_ACTION[input.decision],
      entityType: "LoanApplication",
      entityId: application.id,
      before: { status: locked.status },
      after: {
        status: input.decision,
        ...(input.reason ? { rejectionReason: input.reason } : {}),
        ...(loanNumber ? { loanNumber } : {}),
      },
      ip: ctx.request.ip,
      userAgent: ctx.request.userAgent,
    });
    return ok({ applicationId: application.applicationId, status: input.decision, notified, loanNumber });
  });
  if (result.ok && input.decision === "rejected") await deliverSoon();
  return result;
}
