import "server-only";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { isBranchBooksClosed, isUniqueViolation, isWriteOffNotOnBooks } from "@/lib/db-errors";
import { dhakaToday } from "@/lib/format";
import type { Prisma } from "@/lib/generated/prisma/client";
import { onceByKey } from "@/lib/idempotency/service";
import { inScope } from "@/lib/offices/scope-rules";
import { calendarDateOf, isoDateOf } from "@/lib/validation/fields";
import { writeOffRefusal, type WriteOffFacts, type WriteOffPolicy } from "./policy";
import type { approveWriteOffSchema, proposeWriteOffSchema, rejectWriteOffSchema, writeOffPolicySchema } from "./schemas";
import type { z } from "zod";

type Tx = Prisma.TransactionClient;

/** The policy as configured, and the lowest days overdue of the bad category (the classification's rules). */
export async function writeOffRules(db: Tx | typeof prisma): Promise<{ policy: WriteOffPolicy; badMinDays: number }> {
  const [policy, bad] = await Promise.all([
    db.writeOffPolicy.findUniqueOrThrow({ where: { id: 1 }, select: { badForMonths: true, requireFullyProvisioned: true, allowedDays: true } }),
    db.provisioningRule.findUniqueOrThrow({ where: { category: "bad" }, select: { minDays: true } }),
  ]);
  return { policy, badMinDays: bad.minDays };
}

/**
 * What the policy reads of a loan: its principal not yet paid, the due date of its oldest instalment whose EMI standing
 * payments have not covered (the classification's own rule: a late fee left unpaid makes no loan bad), and its latest
 * classification's provision.
 */
export async function writeOffFacts(db: Tx | typeof prisma, loan: { id: string; status: string; disbursedAmount: number | null }): Promise<WriteOffFacts> {
  const [paid, oldest, last] = await Promise.all([
    db.loanPaymentAllocation.aggregate({ where: { installment: { loanId: loan.id }, payment: { status: "completed" } }, _sum: { principal: true } }),
    db.$queryRaw<{ due: Date | null }[]>`
      SELECT min(i."dueDate") AS "due" FROM "LoanInstallment" i
      WHERE i."loanId" = ${loan.id}
        AND coalesce((SELECT sum(a."interest" + a."principal") FROM "LoanPaymentAllocation" a JOIN "LoanPayment" p ON p."id" = a."paymentId"
                      WHERE a."installmentId" = i."id" AND p."status" = 'completed'), 0) < i."emiAmount"`,
    db.loanClassification.findFirst({ where: { loanId: loan.id }, orderBy: { run: { asOf: "desc" } }, select: { required: true } }),
  ]);
  const due = oldest[0]?.due ?? null;
  return {
    status: loan.status,
    principalOutstanding: (loan.disbursedAmount ?? 0) - (paid._sum.principal ?? 0),
    oldestUnpaidDue: due ? isoDateOf(due) : null,
    lastProvisionRequired: last?.required ?? null,
  };
}

/** Whether the loan moved to another branch after the day (its books there are the other branch's: refused). */
async function movedAfter(tx: Tx, loanId: string, day: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ moved: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "LoanBranchMove" m WHERE m."loanId" = ${loanId} AND ((m."movedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date > ${day}::date) AS "moved"`;
  return row!.moved;
}

/** The loan, its row locked, when it is in the staff member's branches. */
async function lockedLoan(tx: Tx, ctx: StaffContext, where: { loanNumber: string } | { id: string }) {
  const rows =
    "loanNumber" in where
      ? await tx.$queryRaw<{ id: string; branchId: string }[]>`SELECT "id", "branchId" FROM "Loan" WHERE "loanNumber" = ${where.loanNumber} FOR UPDATE`
      : await tx.$queryRaw<{ id: string; branchId: string }[]>`SELECT "id", "branchId" FROM "Loan" WHERE "id" = ${where.id} FOR UPDATE`;
  if (!rows[0] || !inScope(ctx.scope, rows[0].branchId)) return null;
  return tx.loan.findUniqueOrThrow({ where: { id: rows[0].id }, select: { id: true, loanNumber: true, status: true, disbursedAmount: true, branchId: true } });
}

/**
 * Proposes a loan's write-off on one of the policy's days (issue 50, point 4; decision 0267): the policy must allow it
 * (a refusal says which rule); the principal outstanding is what will be written off. One open proposal per loan.
 */
export async function proposeWriteOff(ctx: StaffContext, input: z.output<typeof proposeWriteOffSchema>, now = new Date()): Promise<ActionResult<{ writeOffId: string; amount: number }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const loan = await lockedLoan(tx, ctx, { loanNumber: input.loanNumber });
      if (!loan) return fail("notFound");
      const { policy, badMinDays } = await writeOffRules(tx);
      const facts = await writeOffFacts(tx, loan);
      const refusal = writeOffRefusal(facts, input.writeOffDate, dhakaToday(now), policy, badMinDays);
      if (refusal) return fail("conflict", { reason: refusal });
      if (await movedAfter(tx, loan.id, input.writeOffDate)) return fail("conflict", { reason: "writeOffLoanMoved" });
      const writeOff = await tx.loanWriteOff.create({
        data: { loanId: loan.id, writeOffDate: calendarDateOf(input.writeOffDate), amount: facts.principalOutstanding, reason: input.reason, proposedById: ctx.user.id },
        select: { id: true },
      });
      await writeAudit(tx, {
        ...auditBy(ctx),
        action: "loan.writeOff.propose",
        entityType: "Loan",
        entityId: loan.id,
        after: { loanNumber: loan.loanNumber, writeOffId: writeOff.id, writeOffDate: input.writeOffDate, amount: facts.principalOutstanding, reason: input.reason },
      });
      return ok({ writeOffId: writeOff.id, amount: facts.principalOutstanding });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "writeOffAlreadyProposed" });
    throw error;
  }
}

/** The proposal, and its loan locked first (the order payments take), when the loan is in scope. */
async function lockedProposal(tx: Tx, ctx: StaffContext, writeOffId: string) {
  const found = await tx.loanWriteOff.findUnique({ where: { id: writeOffId }, select: { loanId: true } });
  if (!found) return null;
  const loan = await lockedLoan(tx, ctx, { id: found.loanId });
  if (!loan) return null;
  const [writeOff] = await tx.$queryRaw<{ id: string; status: string; proposedById: string; amount: number; writeOffDate: Date }[]>`
    SELECT "id", "status"::text AS "status", "proposedById", "amount", "writeOffDate" FROM "LoanWriteOff" WHERE "id" = ${writeOffId} FOR UPDATE`;
  return { loan, writeOff: writeOff! };
}

/**
 * Approves a write-off (the head office, someone other than who proposed it), with the board resolution: the policy is
 * checked again and the principal outstanding must still be what was proposed; then the database posts the loan-loss
 * reserve against the loan portfolio on the write-off date, and the loan is written off. The button's key makes a
 * repeat the first answer.
 */
export async function approveWriteOff(ctx: StaffContext, input: z.output<typeof approveWriteOffSchema>, now = new Date()): Promise<ActionResult<{ loanNumber: string }>> {
  try {
    return await prisma.$transaction((tx) =>
      onceByKey(tx, { key: input.idempotencyKey, scope: `writeOffs:${ctx.user.id}`, action: "writeOffs.approve", input, actorId: ctx.user.id }, async (): Promise<ActionResult<{ loanNumber: string }>> => {
        // Never beside a provisioning run: it would count the reserve with this write-off in and the loan still classified.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('lender-provisioning-run', 0))`;
        const locked = await lockedProposal(tx, ctx, input.writeOffId);
        if (!locked) return fail("notFound");
        const { loan, writeOff } = locked;
        if (writeOff.status !== "proposed") return fail("conflict", { reason: "writeOffDecided" });
        if (writeOff.proposedById === ctx.user.id) return fail("conflict", { reason: "writeOffSamePerson" });
        const { policy, badMinDays } = await writeOffRules(tx);
        const facts = await writeOffFacts(tx, loan);
        const refusal = writeOffRefusal(facts, isoDateOf(writeOff.writeOffDate), dhakaToday(now), policy, badMinDays);
        if (refusal) return fail("conflict", { reason: refusal });
        if (facts.principalOutstanding !== writeOff.amount) return fail("conflict", { reason: "writeOffChanged" });
        if (await movedAfter(tx, loan.id, isoDateOf(writeOff.writeOffDate))) return fail("conflict", { reason: "writeOffLoanMoved" });
        await tx.loanWriteOff.update({ where: { id: writeOff.id }, data: { status: "approved", boardResolution: input.boardResolution, decidedById: ctx.user.id, decidedAt: now } });
        await tx.loan.update({ where: { id: loan.id }, data: { status: "written_off" } });
        await writeAudit(tx, {
          ...auditBy(ctx),
          action: "loan.writeOff.approve",
          entityType: "Loan",
          entityId: loan.id,
          before: { status: "disbursed" },
          after: { status: "written_off", loanNumber: loan.loanNumber, writeOffId: writeOff.id, amount: writeOff.amount, writeOffDate: isoDateOf(writeOff.writeOffDate), boardResolution: input.boardResolution },
        });
        return ok({ loanNumber: loan.loanNumber });
      }),
    );
  } catch (error) {
    // The entry is dated the write-off day: a period closed since the proposal takes none.
    if (isBranchBooksClosed(error)) return fail("conflict", { reason: "periodClosed" });
    // The books' principal for the loan is not what the loan's payments say (the database's check): nothing is posted.
    if (isWriteOffNotOnBooks(error)) return fail("conflict", { reason: "writeOffChanged" });
    throw error;
  }
}

/** Rejects a proposed write-off with the reason (someone other than who proposed it); nothing else changes. */
export async function rejectWriteOff(ctx: StaffContext, input: z.output<typeof rejectWriteOffSchema>, now = new Date()): Promise<ActionResult<{ writeOffId: string }>> {
  return prisma.$transaction(async (tx) => {
    const locked = await lockedProposal(tx, ctx, input.writeOffId);
    if (!locked) return fail("notFound");
    if (locked.writeOff.status !== "proposed") return fail("conflict", { reason: "writeOffDecided" });
    if (locked.writeOff.proposedById === ctx.user.id) return fail("conflict", { reason: "writeOffSamePerson" });
    await tx.loanWriteOff.update({ where: { id: input.writeOffId }, data: { status: "rejected", decidedById: ctx.user.id, decidedAt: now, rejectionReason: input.reason } });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "loan.writeOff.reject",
      entityType: "Loan",
      entityId: locked.loan.id,
      after: { loanNumber: locked.loan.loanNumber, writeOffId: input.writeOffId, reason: input.reason },
    });
    return ok({ writeOffId: input.writeOffId });
  });
}

/**
 * A super admin changes the write-off policy (decision 0267: the regulator changes it by circular), audited; never
 * beside an approval or a provisioning run (their lock), so an approval decides under one policy. Proposals waiting are
 * checked again under the new policy when approved; write-offs done stay done.
 */
export async function updateWriteOffPolicy(ctx: StaffContext, input: z.output<typeof writeOffPolicySchema>): Promise<ActionResult<{ updated: true }>> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('lender-provisioning-run', 0))`;
    const before = await tx.writeOffPolicy.findUniqueOrThrow({ where: { id: 1 }, select: { badForMonths: true, requireFullyProvisioned: true, allowedDays: true } });
    await tx.writeOffPolicy.update({ where: { id: 1 }, data: { ...input, updatedById: ctx.user.id } });
    await writeAudit(tx, { ...auditBy(ctx), action: "writeOffs.policy", entityType: "WriteOffPolicy", entityId: "1", before, after: { ...input } });
    return ok({ updated: true as const });
  });
}
