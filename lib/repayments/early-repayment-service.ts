import "server-only";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { PrepaymentMode } from "@/lib/generated/prisma/enums";
import { calendarDateOf, isoDateOf } from "@/lib/validation/fields";
import { prepaymentPlan, settlementQuote, settlementRows, type InstalmentChange, type SettlementFigures, type StoredScheduleChange } from "./early-repayment";
import { installmentStatus } from "./installments";
import type { PrepayLoanInput, SettleLoanInput } from "./schemas";
import { inPaymentTransaction, insertPayment, lateFeePolicyOf, lockedLoanForPayment, owedOn, referenceTaken, type RecordPaymentResult } from "./service";

type Tx = Prisma.TransactionClient;
type LockedLoan = NonNullable<Awaited<ReturnType<typeof lockedLoanForPayment>>>;

/**
 * The loan's instalments as the early-repayment rules read them on `onDate` (fees due then charged), the paid ones
 * included (a settlement's current period starts at the instalment before it), and the date checks: not before the
 * disbursement, nor before a standing payment (a settlement or prepayment comes after what was paid).
 */
async function earlyRepaymentState(tx: Tx, loan: LockedLoan, onDate: string) {
  if (!loan.disbursedAt) return { ok: false as const, error: "loanNotActive" as const };
  const disbursedOn = dhakaToday(loan.disbursedAt);
  const last = await tx.loanPayment.findFirst({ where: { loanId: loan.id, status: "completed" }, orderBy: { paymentDate: "desc" }, select: { paymentDate: true } });
  const earliest = [disbursedOn, last ? isoDateOf(last.paymentDate) : disbursedOn].sort().at(-1)!;
  if (onDate < earliest) return { ok: false as const, error: "beforeLastPayment" as const, earliest };
  const policy = await lateFeePolicyOf(tx, loan.loanType);
  const state = owedOn(loan.installments, onDate, policy);
  const paidRows = await tx.loanInstallment.findMany({
    where: { loanId: loan.id, status: "paid" },
    select: { emiNumber: true, dueDate: true, emiAmount: true, principalAmount: true, interestAmount: true, lateFee: true },
  });
  const rows = settlementRows(paidRows, state);
  return { ok: true as const, disbursedOn, state, rows };
}

type QuoteFailure = { ok: false; error: "loanNotActive" | "beforeLastPayment"; earliest?: string };

function quoteFailure(failure: QuoteFailure, status: string) {
  return failure.error === "loanNotActive"
    ? fail("conflict", { reason: "loanNotActive", details: { status } })
    : fail("validation", { fieldErrors: { paymentDate: "beforeLastPayment" }, details: { earliest: failure.earliest ?? "" } });
}

/** The running loan with this number, locked and in scope, and its state on `onDate`; or the refusal to answer with. */
async function runningLoanOn(tx: Tx, ctx: StaffContext, loanNumber: string, onDate: string, lock = true) {
  const loan = await lockedLoanForPayment(tx, ctx, loanNumber, lock);
  if (!loan) return { ok: false as const, refused: fail("notFound") };
  if (loan.status !== "disbursed") return { ok: false as const, refused: fail("conflict", { reason: "loanNotActive", details: { status: loan.status } }) };
  const state = await earlyRepaymentState(tx, loan, onDate);
  if (!state.ok) return { ok: false as const, refused: quoteFailure(state, loan.status) };
  return { ok: true as const, loan, state };
}

/** The amount that settles a loan on a date, for the settlement form (read only; the settlement computes it again). */
export async function quoteSettlement(ctx: StaffContext, input: { loanNumber: string; onDate: string }): Promise<ActionResult<SettlementFigures>> {
  return prisma.$transaction(async (tx) => {
    // A read: the quote waits for no payment (the settlement computes it again under the lock).
    const running = await runningLoanOn(tx, ctx, input.loanNumber, input.onDate, false);
    if (!running.ok) return running.refused;
    const { state } = running;
    const quote = settlementQuote(state.rows, input.onDate, state.disbursedOn);
    return ok({ onDate: quote.onDate, principal: quote.principal, interest: quote.interest, lateFees: quote.lateFees, total: quote.total, interestWaived: quote.interestWaived });
  });
}

/** Writes the instalments' new amounts (and drops those no longer needed); `paid` is what this payment puts in each. */
async function applyInstalmentChanges(tx: Tx, loanId: string, changes: readonly InstalmentChange[]) {
  for (const change of changes) {
    if (change.after === null) await tx.loanInstallment.delete({ where: { loanId_emiNumber: { loanId, emiNumber: change.emiNumber } } });
    else await tx.loanInstallment.update({ where: { loanId_emiNumber: { loanId, emiNumber: change.emiNumber } }, data: change.after });
  }
}

/** The changes as kept: with each instalment's dates, so a reversal can put a dropped one back. */
async function storedChanges(tx: Tx, loan: LockedLoan, changes: readonly InstalmentChange[], after: { emi: number; tenure: number }): Promise<StoredScheduleChange> {
  const dates = await tx.loanInstallment.findMany({ where: { loanId: loan.id, emiNumber: { in: changes.map((c) => c.emiNumber) } }, select: { emiNumber: true, dueDate: true, scheduledDate: true } });
  const byNumber = new Map(dates.map((d) => [d.emiNumber, d]));
  return {
    instalments: changes.map((c) => {
      const row = byNumber.get(c.emiNumber)!;
      return { ...c, dueDate: isoDateOf(row.dueDate), scheduledDate: isoDateOf(row.scheduledDate ?? row.dueDate) };
    }),
    loan: { before: { emi: loan.emi, tenure: loan.tenure }, after },
  };
}

/**
 * Settles a loan early (issue 50, point 5; decision 0266): in one transaction holding the loan's row lock, the amount
 * is computed again for the date and must be the one the form showed (else the new figure is said); the instalments
 * after the date keep only the interest accrued to it, every instalment is paid, the loan closes, the payment posts
 * through the same allocation as any other (the database posts it to the books), and the schedule change is kept.
 */
export async function settleLoan(ctx: StaffContext, input: SettleLoanInput, now = new Date()): Promise<RecordPaymentResult> {
  return inPaymentTransaction(input, async (tx) => {
    const running = await runningLoanOn(tx, ctx, input.loanNumber, input.paymentDate);
    if (!running.ok) return running.refused;
    const { loan, state } = running;
    const quote = settlementQuote(state.rows, input.paymentDate, state.disbursedOn);
    if (quote.total !== input.amount) return fail("conflict", { reason: "settlementChanged", details: { total: quote.total } });
    if (await referenceTaken(tx, input)) return fail("conflict", { reason: "duplicateReference", details: { reference: input.reference } });

    const kept = await storedChanges(tx, loan, quote.changes, { emi: loan.emi, tenure: loan.tenure });
    await applyInstalmentChanges(tx, loan.id, quote.changes);
    const put = new Map(quote.allocations.map((a) => [a.emiNumber, a.lateFee + a.interest + a.principal]));
    for (const s of state.state) {
      await tx.loanInstallment.update({ where: { id: s.row.id }, data: { paidAmount: s.row.paidAmount + (put.get(s.row.emiNumber) ?? 0), lateFee: s.lateFee, status: "paid", paidAt: now } });
    }
    await tx.loan.update({ where: { id: loan.id }, data: { status: "closed", closedAt: now } });
    const byEmi = new Map(state.state.map((s) => [s.row.emiNumber, s.row.id]));
    const payment = await insertPayment(tx, ctx, {
      loanId: loan.id,
      branchId: loan.branchId,
      input,
      allocations: quote.allocations.map((a) => ({ ...a, installmentId: byEmi.get(a.emiNumber)! })),
      chargedFees: state.state.filter((s) => s.lateFee !== s.row.lateFee).map((s) => ({ installmentId: s.row.id, fee: s.lateFee - s.row.lateFee })),
    });
    await tx.loanScheduleChange.create({
      data: { loanId: loan.id, paymentId: payment.id, kind: "settlement", onDate: calendarDateOf(input.paymentDate), changes: kept, createdById: ctx.user.id },
    });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "payment.settle",
      entityType: "LoanPayment",
      entityId: payment.id,
      after: {
        paymentNumber: payment.paymentNumber,
        loanNumber: input.loanNumber,
        amount: input.amount,
        method: input.method,
        reference: input.reference,
        paymentDate: input.paymentDate,
        principal: quote.principal,
        interest: quote.interest,
        lateFees: quote.lateFees,
        interestWaived: quote.interestWaived,
        loanClosed: true,
      },
    });
    return ok({ paymentNumber: payment.paymentNumber, loanClosed: true });
  });
}

export type PrepaymentResult = ActionResult<{ paymentNumber: string; loanClosed: boolean; mode?: PrepaymentMode; nextEmi?: number; instalments?: number }>;

/**
 * A partial prepayment (issue 50, point 5; decision 0266): nothing due by the date may be unpaid; the amount goes to the
 * current instalment's principal and the instalments after it are amortised again as the product decides (a lower
 * instalment, or the same one over fewer); the loan's EMI and instalment count follow; the change is kept.
 */
export async function prepayLoan(ctx: StaffContext, input: PrepayLoanInput, now = new Date()): Promise<PrepaymentResult> {
  return inPaymentTransaction(input, async (tx) => {
    const running = await runningLoanOn(tx, ctx, input.loanNumber, input.paymentDate);
    if (!running.ok) return running.refused;
    const { loan, state } = running;
    const product = await tx.loanProduct.findUnique({ where: { key: loan.loanType }, select: { prepaymentMode: true } });
    const mode = product?.prepaymentMode ?? "lower_instalment";
    const plan = prepaymentPlan(state.rows, input.paymentDate, input.amount, mode, loan.interestRate.toNumber());
    if (!plan.ok) {
      if (plan.error === "arrears") return fail("conflict", { reason: "prepaymentArrears" });
      if (plan.error === "paidAhead") return fail("conflict", { reason: "prepaymentPaidAhead" });
      if (plan.error === "settleInstead") return fail("validation", { fieldErrors: { amount: "prepaymentSettleInstead" }, details: { maxAmount: plan.maxAmount } });
      if (plan.error === "notAboveCurrent") return fail("validation", { fieldErrors: { amount: "prepaymentNotAboveCurrent" }, details: { minAmount: plan.minAmount } });
      return fail("validation", { fieldErrors: { amount: "invalidAmount" } });
    }
    // An instalment no longer needed goes only when nothing was ever allocated to it (a reversed payment's allocation
    // stays as history: the row stays too).
    const dropped = plan.changes.filter((c) => c.after === null).map((c) => c.emiNumber);
    if (dropped.length > 0 && (await tx.loanPaymentAllocation.count({ where: { installment: { loanId: loan.id, emiNumber: { in: dropped } } } })) > 0) {
      return fail("conflict", { reason: "prepaymentPaidAhead" });
    }
    if (await referenceTaken(tx, input)) return fail("conflict", { reason: "duplicateReference", details: { reference: input.reference } });

    const after = { emi: plan.nextEmi, tenure: plan.instalments };
    const kept = await storedChanges(tx, loan, plan.changes, after);
    await applyInstalmentChanges(tx, loan.id, plan.changes);
    // The current instalment is paid in full with it (never late afterwards), its principal grown by the amount ahead.
    const current = state.state.find((s) => s.row.emiNumber === plan.emiNumber)!;
    await tx.loanInstallment.update({ where: { id: current.row.id }, data: { paidAmount: current.row.paidAmount + input.amount, lateFee: current.lateFee, status: "paid", paidAt: now } });
    await tx.loan.update({ where: { id: loan.id }, data: after });
    const payment = await insertPayment(tx, ctx, { loanId: loan.id, branchId: loan.branchId, input, allocations: [{ ...plan.allocation, installmentId: current.row.id }], chargedFees: [] });
    await tx.loanScheduleChange.create({
      data: { loanId: loan.id, paymentId: payment.id, kind: "prepayment", mode, onDate: calendarDateOf(input.paymentDate), changes: kept, createdById: ctx.user.id },
    });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "payment.prepay",
      entityType: "LoanPayment",
      entityId: payment.id,
      before: { emi: loan.emi, tenure: loan.tenure },
      after: { paymentNumber: payment.paymentNumber, loanNumber: input.loanNumber, amount: input.amount, ahead: plan.ahead, method: input.method, reference: input.reference, paymentDate: input.paymentDate, mode, ...after },
    });
    return ok({ paymentNumber: payment.paymentNumber, loanClosed: false, mode, nextEmi: plan.nextEmi, instalments: plan.instalments });
  });
}

type PaymentOfLoan = { id: string; loanId: string; createdAt: Date };

/**
 * Why a payment cannot be reversed for a schedule change, if it cannot: it changed the schedule and a payment recorded
 * after it stands (allocated on the changed schedule), or a settlement or prepayment recorded after it stands (the
 * schedule it changed was computed with this payment in).
 */
export async function scheduleChangeBlocksReversal(tx: Tx, payment: PaymentOfLoan): Promise<"laterPaymentsStand" | "laterScheduleChange" | null> {
  const own = await tx.loanScheduleChange.findUnique({ where: { paymentId: payment.id }, select: { id: true } });
  const laterCompleted = { loanId: payment.loanId, status: "completed" as const, id: { not: payment.id }, createdAt: { gt: payment.createdAt } };
  if (own && (await tx.loanPayment.count({ where: laterCompleted })) > 0) return "laterPaymentsStand";
  if ((await tx.loanPayment.count({ where: { ...laterCompleted, scheduleChange: { isNot: null } } })) > 0) return "laterScheduleChange";
  return null;
}

/**
 * Puts back a schedule a settlement or prepayment changed, for that payment's reversal (reversal-service.ts): each
 * instalment's amounts as they were, a dropped one recreated (nothing paid), the loan's EMI and count. The caller has
 * checked scheduleChangeBlocksReversal first.
 */
export async function restoreScheduleFor(tx: Tx, payment: PaymentOfLoan, today: string): Promise<"restored" | "none"> {
  const change = await tx.loanScheduleChange.findUnique({ where: { paymentId: payment.id }, select: { changes: true } });
  if (!change) return "none";
  const stored = change.changes as unknown as StoredScheduleChange;
  for (const c of stored.instalments) {
    if (c.after === null) {
      await tx.loanInstallment.create({
        data: {
          loanId: payment.loanId,
          emiNumber: c.emiNumber,
          dueDate: calendarDateOf(c.dueDate),
          scheduledDate: calendarDateOf(c.scheduledDate),
          ...c.before,
          status: installmentStatus({ dueDate: c.dueDate, emiAmount: c.before.emiAmount, lateFee: 0, paidAmount: 0 }, today),
        },
      });
    } else {
      await tx.loanInstallment.update({ where: { loanId_emiNumber: { loanId: payment.loanId, emiNumber: c.emiNumber } }, data: c.before });
    }
  }
  await tx.loan.update({ where: { id: payment.loanId }, data: stored.loan.before });
  return "restored";
}
