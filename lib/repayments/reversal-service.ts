import "server-only";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { isBranchBooksClosed, isUniqueViolation } from "@/lib/db-errors";
import { dhakaToday } from "@/lib/format";
import type { Prisma } from "@/lib/generated/prisma/client";
import { onceByKey } from "@/lib/idempotency/service";
import { inScope } from "@/lib/offices/scope-rules";
import { isoDateOf } from "@/lib/validation/fields";
import { restoreScheduleFor, scheduleChangeBlocksReversal } from "./early-repayment-service";
import { installmentStatus } from "./installments";

type Tx = Prisma.TransactionClient;

/** A payment's charged fees by instalment (its `chargedFees` column; payments from before it charged none on record). */
function chargedFeesOf(value: Prisma.JsonValue): Map<string, number> {
  const list = Array.isArray(value) ? value : [];
  return new Map(list.flatMap((item) => (item && typeof item === "object" && !Array.isArray(item) && typeof item.installmentId === "string" && typeof item.fee === "number" ? [[item.installmentId, item.fee] as [string, number]] : [])));
}

/** The payment and its loan's branch, the loan's row locked (payments and reversals of one loan queue on it); null when not in scope. */
async function lockedPayment(tx: Tx, ctx: StaffContext, paymentId: string) {
  const rows = await tx.$queryRaw<{ id: string; branchId: string; status: string }[]>`
    SELECT l."id", l."branchId", l."status"::text AS "status" FROM "Loan" l JOIN "LoanPayment" p ON p."loanId" = l."id" WHERE p."id" = ${paymentId} FOR UPDATE OF l`;
  const loan = rows[0];
  if (!loan || !inScope(ctx.scope, loan.branchId)) return null;
  const payment = await tx.loanPayment.findUniqueOrThrow({
    where: { id: paymentId },
    select: { id: true, paymentNumber: true, status: true, amount: true, receivedAtBranchId: true, chargedFees: true, createdAt: true, loan: { select: { loanNumber: true } } },
  });
  return { loan, payment };
}

/**
 * Whether the loan is written off and the payment was posted before it, to the portfolio (its principal went with the
 * write-off: reversing it would put back on the portfolio what is off it). A recovery is reversed as any payment. The
 * books decide which it was (the payment's entry), not the clocks.
 */
async function paidBeforeWriteOff(tx: Tx, loan: { id: string; status: string }, payment: { id: string }): Promise<boolean> {
  if (loan.status !== "written_off") return false;
  const entry = await tx.lenderJournalEntry.findFirst({ where: { sourceType: "LoanPayment", sourceId: payment.id, kind: { in: ["repayment", "recovery"] } }, select: { kind: true } });
  return entry?.kind === "repayment";
}

/**
 * Asks for a payment's reversal, with the reason (issue 50, point 6): the payment must be completed and of a loan in
 * the staff member's branches; one reversal asked for at a time (the database's unique index decides between two).
 */
export async function requestPaymentReversal(ctx: StaffContext, input: { paymentNumber: string; reason: string }): Promise<ActionResult<{ reversalId: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const found = await tx.loanPayment.findUnique({ where: { paymentNumber: input.paymentNumber }, select: { id: true } });
      const locked = found ? await lockedPayment(tx, ctx, found.id) : null;
      if (!locked) return fail("notFound");
      if (locked.payment.status !== "completed") return fail("conflict", { reason: "paymentNotCompleted", details: { status: locked.payment.status } });
      if (locked.loan.branchId !== locked.payment.receivedAtBranchId) return fail("conflict", { reason: "paymentOfMovedLoan" });
      const blocked = await scheduleChangeBlocksReversal(tx, { ...locked.payment, loanId: locked.loan.id });
      if (blocked) return fail("conflict", { reason: blocked });
      if (await paidBeforeWriteOff(tx, locked.loan, locked.payment)) return fail("conflict", { reason: "paymentBeforeWriteOff" });
      const reversal = await tx.paymentReversal.create({ data: { paymentId: locked.payment.id, reason: input.reason, requestedById: ctx.user.id }, select: { id: true } });
      await writeAudit(tx, {
        ...auditBy(ctx),
        action: "payment.reversal.request",
        entityType: "LoanPayment",
        entityId: locked.payment.id,
        after: { paymentNumber: locked.payment.paymentNumber, loanNumber: locked.payment.loan.loanNumber, amount: locked.payment.amount, reason: input.reason, reversalId: reversal.id },
      });
      return ok({ reversalId: reversal.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "reversalAlreadyAsked" });
    throw error;
  }
}

/** The reversal, locked, with its payment's loan locked first (the order every payment of the loan takes). */
async function lockedReversal(tx: Tx, ctx: StaffContext, reversalId: string) {
  const reversal = await tx.paymentReversal.findUnique({ where: { id: reversalId }, select: { paymentId: true } });
  if (!reversal) return null;
  const locked = await lockedPayment(tx, ctx, reversal.paymentId);
  if (!locked) return null;
  const [row] = await tx.$queryRaw<{ id: string; status: string; requestedById: string; reason: string }[]>`
    SELECT "id", "status"::text AS "status", "requestedById", "reason" FROM "PaymentReversal" WHERE "id" = ${reversalId} FOR UPDATE`;
  return { ...locked, reversal: row! };
}

/**
 * Approves a reversal (someone other than who asked): in one transaction, each instalment the payment paid gets back
 * what it took (its state follows; a fee once charged stays owed), a loan the payment closed opens again, the payment
 * is marked reversed (its receipt number is never reused; its reference may be recorded again), and the database posts
 * the reversal of its entry dated today. The button's key makes a repeat the first answer.
 */
export async function approvePaymentReversal(ctx: StaffContext, input: { reversalId: string; idempotencyKey: string }, now = new Date()): Promise<ActionResult<{ paymentNumber: string }>> {
  try {
    return await prisma.$transaction(
      (tx) =>
        onceByKey(tx, { key: input.idempotencyKey, scope: `payments:${ctx.user.id}`, action: "payments.reversal.approve", input, actorId: ctx.user.id }, async (): Promise<ActionResult<{ paymentNumber: string }>> => {
          const locked = await lockedReversal(tx, ctx, input.reversalId);
          if (!locked) return fail("notFound");
          const { reversal, payment, loan } = locked;
          if (reversal.status !== "requested") return fail("conflict", { reason: "reversalDecided", details: { status: reversal.status } });
          if (reversal.requestedById === ctx.user.id) return fail("conflict", { reason: "reversalSamePerson" });
          if (payment.status !== "completed") return fail("conflict", { reason: "paymentNotCompleted", details: { status: payment.status } });
          if (loan.branchId !== payment.receivedAtBranchId) return fail("conflict", { reason: "paymentOfMovedLoan" });
          if (await paidBeforeWriteOff(tx, loan, payment)) return fail("conflict", { reason: "paymentBeforeWriteOff" });

          const today = dhakaToday(now);
          const blocked = await scheduleChangeBlocksReversal(tx, { ...payment, loanId: loan.id });
          if (blocked) return fail("conflict", { reason: blocked });
          // A settlement's or prepayment's schedule change is put back first: the allocation is then undone on it.
          await restoreScheduleFor(tx, { ...payment, loanId: loan.id }, today);
          const allocations = await tx.loanPaymentAllocation.findMany({ where: { paymentId: payment.id }, select: { installmentId: true, lateFee: true, interest: true, principal: true } });
          const charged = chargedFeesOf(payment.chargedFees);
          const touched = [...new Set([...allocations.map((a) => a.installmentId), ...charged.keys()])];
          const rows = await tx.loanInstallment.findMany({
            where: { id: { in: touched } },
            select: {
              id: true,
              dueDate: true,
              emiAmount: true,
              lateFee: true,
              paidAmount: true,
              // Fee money other standing payments put in: a fee they paid stays charged.
              allocations: { where: { paymentId: { not: payment.id }, payment: { status: "completed" }, lateFee: { gt: 0 } }, select: { lateFee: true } },
            },
          });
          for (const row of rows) {
            const given = allocations.filter((a) => a.installmentId === row.id).reduce((sum, a) => sum + a.lateFee + a.interest + a.principal, 0);
            const paidAmount = row.paidAmount - given;
            // A fee this payment was the first to charge goes, unless another payment has paid into it.
            const lateFee = charged.has(row.id) && row.allocations.length === 0 ? row.lateFee - charged.get(row.id)! : row.lateFee;
            const status = installmentStatus({ dueDate: isoDateOf(row.dueDate), emiAmount: row.emiAmount, lateFee, paidAmount }, today);
            await tx.loanInstallment.update({ where: { id: row.id }, data: { paidAmount, lateFee, status, ...(status === "paid" ? {} : { paidAt: null }) } });
          }
          if (loan.status === "closed") await tx.loan.update({ where: { id: loan.id }, data: { status: "disbursed", closedAt: null } });
          await tx.paymentReversal.update({ where: { id: reversal.id }, data: { status: "approved", decidedById: ctx.user.id, decidedAt: now } });
          await tx.loanPayment.update({ where: { id: payment.id }, data: { status: "reversed" } });
          await writeAudit(tx, {
            ...auditBy(ctx),
            action: "payment.reversal.approve",
            entityType: "LoanPayment",
            entityId: payment.id,
            before: { status: "completed" },
            after: {
              status: "reversed",
              paymentNumber: payment.paymentNumber,
              loanNumber: payment.loan.loanNumber,
              amount: payment.amount,
              reason: reversal.reason,
              reversalId: reversal.id,
              ...(loan.status === "closed" ? { loanReopened: true } : {}),
            },
          });
          return ok({ paymentNumber: payment.paymentNumber });
        }),
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    // The reversal posts today: a day the branch's books are closed for (only if today is closed) takes none.
    if (isBranchBooksClosed(error)) return fail("conflict", { reason: "periodClosed" });
    throw error;
  }
}

/** Rejects a reversal, with the reason (someone other than who asked); the payment stays as it was. */
export async function rejectPaymentReversal(ctx: StaffContext, input: { reversalId: string; reason: string }, now = new Date()): Promise<ActionResult<{ reversalId: string }>> {
  return prisma.$transaction(async (tx) => {
    const locked = await lockedReversal(tx, ctx, input.reversalId);
    if (!locked) return fail("notFound");
    if (locked.reversal.status !== "requested") return fail("conflict", { reason: "reversalDecided", details: { status: locked.reversal.status } });
    if (locked.reversal.requestedById === ctx.user.id) return fail("conflict", { reason: "reversalSamePerson" });
    await tx.paymentReversal.update({ where: { id: input.reversalId }, data: { status: "rejected", decidedById: ctx.user.id, decidedAt: now, rejectionReason: input.reason } });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "payment.reversal.reject",
      entityType: "LoanPayment",
      entityId: locked.payment.id,
      after: { paymentNumber: locked.payment.paymentNumber, reversalId: input.reversalId, reason: input.reason },
    });
    return ok({ reversalId: input.reversalId });
  });
}
