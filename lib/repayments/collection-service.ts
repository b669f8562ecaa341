import "server-only";
import { inScope } from "@/lib/offices/scope-rules";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { dhakaDay } from "@/lib/dashboard/period";
import { dhakaToday } from "@/lib/format";
import type { Language } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";
import { deliverAfterResponse, queueMessage } from "@/lib/outbox/service";
import { isoDateOf } from "@/lib/validation/fields";
import type { CollectionActionInput } from "./collection-schemas";
import type { ActivityFacts } from "./activity-wording";
import { DEFAULT_LATE_FEE_POLICY } from "./installments";
import { installmentNow } from "./installments";

/** A completed collection activity by the signed-in staff member and its audit row, inside the caller's transaction. */
async function recordActivity(
  tx: Prisma.TransactionClient,
  ctx: StaffContext,
  loan: { id: string; customerId: string; loanNumber: string; branchId: string },
  entry: { activity: "call_made" | "reminder_sent"; facts: ActivityFacts; auditAction: string; after: Record<string, unknown> },
  now: Date,
): Promise<string> {
  const activity = await tx.collectionActivity.create({
    data: {
      loanId: loan.id,
      customerId: loan.customerId,
      branchId: loan.branchId,
      activity: entry.activity,
      facts: entry.facts,
      performedById: ctx.user.id,
      performedByLabel: ctx.user.name,
      status: "completed",
      createdAt: now,
    },
    select: { id: true },
  });
  await writeAudit(tx, {
    ...auditBy(ctx),
    action: entry.auditAction,
    entityType: "CollectionActivity",
    entityId: activity.id,
    after: { activity: entry.activity, loanNumber: loan.loanNumber, ...entry.after },
  });
  return activity.id;
}

/**
 * Call Member: the screen dials through a tel: link and logs the call here, as a completed collection activity
 * of the signed-in staff member, with its audit row, in one transaction.
 */
export async function logCall(ctx: StaffContext, input: CollectionActionInput, now = new Date()): Promise<ActionResult<{ activityId: string }>> {
  return prisma.$transaction(async (tx) => {
    const row = await tx.loanInstallment.findUnique({
      where: { id: input.installmentId },
      select: { emiNumber: true, dueDate: true, loan: { select: { id: true, loanNumber: true, customerId: true, tenure: true, branchId: true } } },
    });
    if (!row || !inScope(ctx.scope, row.loan.branchId)) return fail("notFound");
    const dueDate = isoDateOf(row.dueDate);
    const activityId = await recordActivity(
      tx,
      ctx,
      row.loan,
      { activity: "call_made", facts: { emiNumber: row.emiNumber, tenure: row.loan.tenure, dueDate }, auditAction: "collection.call", after: { installmentId: input.installmentId, emiNumber: row.emiNumber } },
      now,
    );
    return ok({ activityId });
  });
}

export type SendReminderResult = ActionResult<{ messageId: string; language: Language; amountDue: number }>;

/**
 * Send Reminder: one SMS to the borrower in their language (the application's, else Bengali) saying what the
 * instalment owes today, queued in the outbox together with a 'reminder_sent' collection activity and an audit
 * row. Under the loan's row lock (the one a payment takes): a paid instalment gets no reminder, and an instalment
 * gets at most one a day (Asia/Dhaka), so a double click or two staff at once send one SMS.
 */
export async function sendReminder(ctx: StaffContext, input: CollectionActionInput, now = new Date()): Promise<SendReminderResult> {
  const result = await prisma.$transaction(async (tx): Promise<SendReminderResult> => {
    const found = await tx.loanInstallment.findUnique({ where: { id: input.installmentId }, select: { loanId: true, loan: { select: { branchId: true } } } });
    if (!found || !inScope(ctx.scope, found.loan.branchId)) return fail("notFound");
    await tx.$queryRaw`SELECT "id" FROM "Loan" WHERE "id" = ${found.loanId} FOR UPDATE`;
    const row = await tx.loanInstallment.findUniqueOrThrow({
      where: { id: input.installmentId },
      select: {
        emiNumber: true,
        dueDate: true,
        emiAmount: true,
        lateFee: true,
        paidAmount: true,
        status: true,
        loan: {
          select: {
            id: true,
            loanNumber: true,
            loanType: true,
            tenure: true,
            customerId: true,
            branchId: true,
            customer: { select: { phone: true } },
            application: { select: { language: true } },
          },
        },
      },
    });
    if (row.status === "paid") return fail("conflict", { reason: "installmentPaid" });
    const sentToday = await tx.outboxMessage.findFirst({
      where: { entityType: "LoanInstallment", entityId: input.installmentId, template: "repayment.reminder", createdAt: { gte: dhakaDay(now).start } },
      select: { id: true },
    });
    if (sentToday) return fail("conflict", { reason: "reminderAlreadySent" });

    const product = await tx.loanProduct.findUnique({ where: { key: row.loan.loanType }, select: { lateFeePercent: true, lateFeeGraceDays: true } });
    const policy = product ? { percentOfEmi: product.lateFeePercent.toNumber(), graceDays: product.lateFeeGraceDays } : DEFAULT_LATE_FEE_POLICY;
    const dueDate = isoDateOf(row.dueDate);
    const { owed } = installmentNow({ ...row, dueDate }, dhakaToday(now), policy);
    const language = row.loan.application?.language ?? "bn";
    const messageId = await queueMessage(tx, {
      channel: "sms",
      recipient: row.loan.customer.phone,
      language,
      template: "repayment.reminder",
      values: { loanNumber: row.loan.loanNumber, emiNumber: row.emiNumber, amountDue: owed, dueDate },
      entityType: "LoanInstallment",
      entityId: input.installmentId,
      branchId: row.loan.branchId,
    });
    await recordActivity(
      tx,
      ctx,
      row.loan,
      { activity: "reminder_sent", facts: { emiNumber: row.emiNumber, tenure: row.loan.tenure, amount: owed, dueDate, language }, auditAction: "collection.reminder", after: { installmentId: input.installmentId, emiNumber: row.emiNumber, messageId, language, amountDue: owed } },
      now,
    );
    return ok({ messageId, language, amountDue: owed });
  });
  if (result.ok) deliverAfterResponse();
  return result;
}
