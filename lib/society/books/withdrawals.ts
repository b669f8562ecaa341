import "server-only";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import { BooksRefusal, withBooksRefusals } from "./refusals";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SocietyActor } from "@/lib/society/access";
import { postWithdrawal } from "./posting";
import { memberBalances } from "./queries";
import { onceByKey } from "@/lib/idempotency/service";
import { societyClaim } from "./once";
import { allocateSocietyCodes } from "@/lib/society/sequences";

type Tx = Prisma.TransactionClient;

export type WithdrawalOutcome = { id: string; status: "paid" | "requested"; amount: number; balanceAfter: number };

/**
 * What a member may take out now, with their row locked for the rest of the transaction (concurrent withdrawals of one
 * member queue here, so they never overdraw together): savings on the books, less the society's minimum, less other
 * requests still waiting.
 */
async function lockedAvailability(tx: Tx, societyId: string, memberId: string, exceptWithdrawalId: string | null) {
  const rows = await tx.$queryRaw<{ status: string; minimum: number; limit: number }[]>`
    SELECT m."status"::text AS "status", s."minimumSavingsBalance" AS "minimum", s."withdrawalApprovalLimit" AS "limit"
    FROM "SocietyMember" m JOIN "Society" s ON s."id" = m."societyId"
    WHERE m."id" = ${memberId} AND m."societyId" = ${societyId} FOR UPDATE OF m`;
  const member = rows[0];
  if (!member) return null;
  const waiting = await tx.societyWithdrawal.aggregate({
    where: { memberId, status: "requested", ...(exceptWithdrawalId ? { id: { not: exceptWithdrawalId } } : {}) },
    _sum: { amount: true },
  });
  const { savings: balance } = (await memberBalances(societyId, [memberId], tx)).get(memberId)!;
  return { ...member, balance, available: balance - member.minimum - (waiting._sum.amount ?? 0) };
}

function refusedForBalance(available: number, minimum: number): ActionResult<never> {
  return fail("conflict", { reason: "insufficientSavings", details: { available: Math.max(0, available), minimum } });
}

/**
 * A member takes savings out. Up to the society's limit it is paid at once (posted to the journal in this transaction);
 * above it, it waits for a second person. Never below zero or the society's minimum, counting requests still waiting.
 */
export async function requestWithdrawal(a: SocietyActor, input: { memberId: string; amount: number; idempotencyKey: string; confirmCashBelowZero?: boolean }, now = new Date()): Promise<ActionResult<WithdrawalOutcome>> {
  return withBooksRefusals(() =>
    prisma.$transaction((tx) => onceByKey(tx, societyClaim(a, "society.requestWithdrawal", input), async (): Promise<ActionResult<WithdrawalOutcome>> => {
      const member = await lockedAvailability(tx, a.societyId, input.memberId, null);
      if (!member) return fail("notFound");
      if (input.amount > member.available) return refusedForBalance(member.available, member.minimum);
      const payNow = input.amount <= member.limit;
      const [code] = await allocateSocietyCodes(tx, a.societyId, "withdrawal", 1);
      const withdrawal = await tx.societyWithdrawal.create({
        data: {
          societyId: a.societyId,
          code: code!,
          memberId: input.memberId,
          amount: input.amount,
          status: payNow ? "paid" : "requested",
          requestedById: a.createdById,
          requestedAt: now,
          ...(payNow ? { decidedById: a.createdById, decidedAt: now } : {}),
        },
        select: { id: true },
      });
      if (payNow) {
        const entryId = await postWithdrawal(tx, { societyId: a.societyId, date: dhakaToday(now), createdById: a.createdById, askBelowZero: input.confirmCashBelowZero === false }, { id: withdrawal.id, memberId: input.memberId, amount: input.amount });
        await tx.societyWithdrawal.update({ where: { id: withdrawal.id }, data: { entryId } });
      }
      await writeAudit(tx, {
        actor: a.actor,
        action: payNow ? "society.withdrawal.pay" : "society.withdrawal.request",
        entityType: "SocietyWithdrawal",
        entityId: withdrawal.id,
        after: { societyId: a.societyId, memberId: input.memberId, amount: input.amount, balanceBefore: member.balance },
        ip: a.request.ip,
        userAgent: a.request.userAgent,
      });
      return ok({ id: withdrawal.id, status: payNow ? "paid" : "requested", amount: input.amount, balanceAfter: payNow ? member.balance - input.amount : member.balance });
    })),
  );
}

/**
 * A second person pays a withdrawal that waited: never the one who asked (maker-checker), once (guarded on the waiting
 * state: of two approvals one wins), and only if the savings still cover it.
 */
export async function approveWithdrawal(a: SocietyActor, input: { withdrawalId: string; idempotencyKey: string; confirmCashBelowZero?: boolean }, now = new Date()): Promise<ActionResult<WithdrawalOutcome>> {
  return withBooksRefusals(() =>
    prisma.$transaction((tx) => onceByKey(tx, societyClaim(a, "society.approveWithdrawal", input), async (): Promise<ActionResult<WithdrawalOutcome>> => {
      const withdrawal = await tx.societyWithdrawal.findFirst({ where: { id: input.withdrawalId, societyId: a.societyId }, select: { id: true, memberId: true, amount: true, requestedById: true } });
      if (!withdrawal) return fail("notFound");
      if (withdrawal.requestedById && withdrawal.requestedById === a.createdById) return fail("forbidden", { reason: "withdrawalSamePerson" });
      const member = await lockedAvailability(tx, a.societyId, withdrawal.memberId, withdrawal.id);
      if (!member) return fail("notFound");
      const { count } = await tx.societyWithdrawal.updateMany({ where: { id: withdrawal.id, status: "requested" }, data: { status: "paid", decidedById: a.createdById, decidedAt: now } });
      if (count !== 1) return fail("conflict", { reason: "withdrawalDecided" });
      if (withdrawal.amount > member.available) throw new BooksRefusal(refusedForBalance(member.available, member.minimum));
      const entryId = await postWithdrawal(tx, { societyId: a.societyId, date: dhakaToday(now), createdById: a.createdById, askBelowZero: input.confirmCashBelowZero === false }, withdrawal);
      await tx.societyWithdrawal.update({ where: { id: withdrawal.id }, data: { entryId } });
      await writeAudit(tx, {
        actor: a.actor,
        action: "society.withdrawal.approve",
        entityType: "SocietyWithdrawal",
        entityId: withdrawal.id,
        after: { societyId: a.societyId, memberId: withdrawal.memberId, amount: withdrawal.amount },
        ip: a.request.ip,
        userAgent: a.request.userAgent,
      });
      return ok({ id: withdrawal.id, status: "paid", amount: withdrawal.amount, balanceAfter: member.balance - withdrawal.amount });
    })),
  );
}

/** A second person refuses a waiting withdrawal, saying why. */
export async function rejectWithdrawal(a: SocietyActor, input: { withdrawalId: string; note: string }, now = new Date()): Promise<ActionResult<{ id: string }>> {
  return prisma.$transaction(async (tx) => {
    const withdrawal = await tx.societyWithdrawal.findFirst({ where: { id: input.withdrawalId, societyId: a.societyId }, select: { id: true, requestedById: true, memberId: true, amount: true } });
    if (!withdrawal) return fail("notFound");
    if (withdrawal.requestedById && withdrawal.requestedById === a.createdById) return fail("forbidden", { reason: "withdrawalSamePerson" });
    const { count } = await tx.societyWithdrawal.updateMany({
      where: { id: withdrawal.id, status: "requested" },
      data: { status: "rejected", decidedById: a.createdById, decidedAt: now, rejectionNote: input.note },
    });
    if (count !== 1) return fail("conflict", { reason: "withdrawalDecided" });
    await writeAudit(tx, {
      actor: a.actor,
      action: "society.withdrawal.reject",
      entityType: "SocietyWithdrawal",
      entityId: withdrawal.id,
      after: { societyId: a.societyId, memberId: withdrawal.memberId, amount: withdrawal.amount, note: input.note },
      ip: a.request.ip,
      userAgent: a.request.userAgent,
    });
    return ok({ id: withdrawal.id });
  });
}

export type ClosingPayout = { paidOut: number; setOff: number };

/**
 * Closing a membership settles the member's accounts in the caller's transaction (which holds the member's row locked):
 * the savings go first against a loan still owed, the rest is paid out in cash, as one paid withdrawal (the society's
 * minimum does not apply to a member who leaves); requests still waiting are refused. Refused, changing nothing, when
 * the savings do not cover the loan (it is collected first) or the cash paid out would be above the society's limit
 * (a withdrawal a second admin approves comes first).
 */
export async function payOutOnClosing(tx: Tx, a: SocietyActor, memberId: string, { askBelowZero = false } = {}, now = new Date()): Promise<ActionResult<ClosingPayout>> {
  const balance = (await memberBalances(a.societyId, [memberId], tx)).get(memberId)!;
  const { withdrawalApprovalLimit: limit } = await tx.society.findUniqueOrThrow({ where: { id: a.societyId }, select: { withdrawalApprovalLimit: true } });
  const savings = Math.max(0, balance.savings);
  const loan = Math.max(0, balance.loanOutstanding);
  const setOff = Math.min(savings, loan);
  if (loan > setOff) return fail("conflict", { reason: "closeWithLoanOwed", details: { outstanding: loan - setOff } });
  const cash = savings - setOff;
  if (cash > limit) return fail("conflict", { reason: "closePayoutAboveLimit", details: { amount: cash, limit } });
  await tx.societyWithdrawal.updateMany({ where: { memberId, status: "requested" }, data: { status: "rejected", decidedById: a.createdById, decidedAt: now } });
  if (savings === 0) return ok({ paidOut: 0, setOff: 0 });
  const [code] = await allocateSocietyCodes(tx, a.societyId, "withdrawal", 1);
  const withdrawal = await tx.societyWithdrawal.create({
    data: { societyId: a.societyId, code: code!, memberId, amount: savings, appliedToLoan: setOff, status: "paid", requestedById: a.createdById, requestedAt: now, decidedById: a.createdById, decidedAt: now },
    select: { id: true },
  });
  const entryId = await postWithdrawal(tx, { societyId: a.societyId, date: dhakaToday(now), createdById: a.createdById, askBelowZero }, { id: withdrawal.id, memberId, amount: savings, appliedToLoan: setOff });
  await tx.societyWithdrawal.update({ where: { id: withdrawal.id }, data: { entryId } });
  return ok({ paidOut: cash, setOff });
}
