import "server-only";
import { inScope } from "@/lib/offices/scope-rules";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { isBranchBooksClosed, isRecoveryBeforeWriteOff } from "@/lib/db-errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { LoanType } from "@/lib/generated/prisma/enums";
import { allocateCountedCode } from "@/lib/ids/allocate";
import { calendarDateOf, isoDateOf } from "@/lib/validation/fields";
import { allocatePayment, type Allocation, type InstallmentOwed } from "./allocation";
import { installmentStatus, lateFeeDue, type LateFeePolicy } from "./installments";
import type { RecordPaymentInput } from "./schemas";

export type RecordPaymentResult = ActionResult<{ paymentNumber: string; loanClosed: boolean }>;

/** Payments on one loan queue on its row lock; give them time. */
const PAYMENT_TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

export type InstallmentRow = {
  id: string;
  emiNumber: number;
  dueDate: Date;
  emiAmount: number;
  principalAmount: number;
  interestAmount: number;
  lateFee: number;
  paidAmount: number;
  allocations: { lateFee: number; interest: number; principal: number }[];
};

/** What each instalment still owes by part, after charging the late fees due on `paymentDate`. */
export function owedOn(installments: InstallmentRow[], paymentDate: string, policy: LateFeePolicy) {
  return installments.map((row) => {
    const paid = row.allocations.reduce(
      (sum, a) => ({ lateFee: sum.lateFee + a.lateFee, interest: sum.interest + a.interest, principal: sum.principal + a.principal }),
      { lateFee: 0, interest: 0, principal: 0 },
    );
    const dueDate = isoDateOf(row.dueDate);
    // The EMI part is covered once interest and principal are; when that happened is not needed: a fee is charged
    // at the first payment after the grace period, so an EMI covered in time never gets here uncovered.
    const emiCovered = paid.interest + paid.principal >= row.emiAmount;
    const lateFee = lateFeeDue({ dueDate, emiAmount: row.emiAmount, lateFee: row.lateFee, paidAmount: row.paidAmount, emiCoveredOn: emiCovered ? dueDate : null }, paymentDate, policy);
    const owed: InstallmentOwed = {
      emiNumber: row.emiNumber,
      lateFee: lateFee - paid.lateFee,
      interest: row.interestAmount - paid.interest,
      principal: row.principalAmount - paid.principal,
    };
    return { row, dueDate, lateFee, owed };
  });
}

/** What a payment form sends besides the loan: the money, how and when it came, and the form's key. */
export type PaymentReceipt = Pick<RecordPaymentInput, "amount" | "method" | "reference" | "paymentDate" | "notes" | "idempotencyKey">;

/**
 * Writes a payment and its allocation rows (the database posts them to the lender's books from the allocation): the
 * receipt number is taken last, so its counter row stays locked only until the commit. Shared by every kind of payment.
 */
export async function insertPayment(
  tx: Prisma.TransactionClient,
  ctx: StaffContext,
  payment: {
    loanId: string;
    /** The branch servicing the loan today: where the money is received (a later transfer leaves it there). */
    branchId: string;
    input: PaymentReceipt;
    allocations: (Allocation & { installmentId: string })[];
    chargedFees: { installmentId: string; fee: number }[];
  },
): Promise<{ id: string; paymentNumber: string }> {
  const { input } = payment;
  const paymentNumber = await allocateCountedCode(tx, "payment");
  const row = await tx.loanPayment.create({
    data: {
      paymentNumber,
      loanId: payment.loanId,
      receivedAtBranchId: payment.branchId,
      installmentId: payment.allocations[0]!.installmentId,
      amount: input.amount,
      method: input.method,
      reference: input.reference,
      paymentDate: calendarDateOf(input.paymentDate),
      notes: input.notes,
      collectedById: ctx.user.id,
      idempotencyKey: input.idempotencyKey,
      chargedFees: payment.chargedFees,
    },
    select: { id: true },
  });
  await tx.loanPaymentAllocation.createMany({
    data: payment.allocations.map((a) => ({ paymentId: row.id, installmentId: a.installmentId, lateFee: a.lateFee, interest: a.interest, principal: a.principal })),
  });
  return { id: row.id, paymentNumber };
}

/** The answer a payment form already got, when the same form (idempotency key) is sent again. */
async function alreadyRecorded(db: Prisma.TransactionClient, idempotencyKey: string): Promise<RecordPaymentResult | null> {
  const payment = await db.loanPayment.findUnique({ where: { idempotencyKey }, select: { paymentNumber: true, loan: { select: { status: true } } } });
  return payment ? ok({ paymentNumber: payment.paymentNumber, loanClosed: payment.loan.status === "closed" }) : null;
}

/**
 * A payment's transaction: the same form (idempotency key) sent again gets the first answer, also when both arrive at
 * once (the unique key decides); a reference one method already has is refused; a day the branch's books are closed for
 * takes no payment (the database posts each payment with it: decision 0263).
 */
export async function inPaymentTransaction(
  input: Pick<RecordPaymentInput, "idempotencyKey" | "reference">,
  body: (tx: Prisma.TransactionClient) => Promise<RecordPaymentResult>,
): Promise<RecordPaymentResult> {
  try {
    return await prisma.$transaction(async (tx) => {
      // The same key at the same moment (a double tap, a retry racing the first): the second waits here for the first's
      // commit, then finds its payment (before any check that the first's effect would now fail).
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`payment:${input.idempotencyKey}`}, 0))`;
      return (await alreadyRecorded(tx, input.idempotencyKey)) ?? body(tx);
    }, PAYMENT_TRANSACTION_OPTIONS);
  } catch (error) {
    if (isBranchBooksClosed(error)) return fail("validation", { fieldErrors: { paymentDate: "booksClosed" } });
    if (isRecoveryBeforeWriteOff(error)) return fail("validation", { fieldErrors: { paymentDate: "beforeWriteOff" } });
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const target = JSON.stringify(error.meta ?? {});
      if (target.includes("idempotencyKey")) {
        const first = await alreadyRecorded(prisma, input.idempotencyKey);
        if (first) return first;
      }
      return fail("conflict", { reason: "duplicateReference", details: { reference: input.reference } });
    }
    throw error;
  }
}

/** Whether a standing payment already has this reference for this method (two at once: the unique index decides). */
export async function referenceTaken(tx: Prisma.TransactionClient, input: Pick<RecordPaymentInput, "method" | "reference">): Promise<boolean> {
  if (!input.reference) return false;
  return !!(await tx.loanPayment.findFirst({ where: { method: input.method, reference: input.reference, status: { not: "reversed" } }, select: { id: true } }));
}

export async function lateFeePolicyOf(tx: Prisma.TransactionClient, loanType: LoanType): Promise<LateFeePolicy> {
  const product = await tx.loanProduct.findUnique({ where: { key: loanType }, select: { lateFeePercent: true, lateFeeGraceDays: true } });
  return { percentOfEmi: product?.lateFeePercent.toNumber() ?? 5, graceDays: product?.lateFeeGraceDays ?? 3 };
}

/**
 * The loan with this number, its row locked (payments and reversals of one loan queue on it; `lock` false for a read),
 * when it is in the staff member's branches: its state, customer and unpaid instalments with what standing payments put into each.
 */
export async function lockedLoanForPayment(tx: Prisma.TransactionClient, ctx: StaffContext, loanNumber: string, lock = true) {
  const locked = lock
    ? await tx.$queryRaw<{ id: string; branchId: string }[]>`SELECT "id", "branchId" FROM "Loan" WHERE "loanNumber" = ${loanNumber} FOR UPDATE`
    : await tx.$queryRaw<{ id: string; branchId: string }[]>`SELECT "id", "branchId" FROM "Loan" WHERE "loanNumber" = ${loanNumber}`;
  if (locked.length === 0 || !inScope(ctx.scope, locked[0]!.branchId)) return null;
  const loan = await tx.loan.findUniqueOrThrow({
    where: { id: locked[0]!.id },
    select: {
      id: true,
      branchId: true,
      status: true,
      loanType: true,
      tenure: true,
      emi: true,
      interestRate: true,
      disbursedAt: true,
      customer: { select: { userNumber: true, userCode: true } },
      // Paid instalments owe nothing and can take no new fee (a fee needs an EMI left uncovered).
      installments: {
        where: { status: { not: "paid" } },
        orderBy: { emiNumber: "asc" },
        select: {
          id: true,
          emiNumber: true,
          dueDate: true,
          emiAmount: true,
          principalAmount: true,
          interestAmount: true,
          lateFee: true,
          paidAmount: true,
          // A reversed payment's allocation was given back to the instalment (reversal-service.ts).
          allocations: { where: { payment: { status: "completed" } }, select: { lateFee: true, interest: true, principal: true } },
        },
      },
    },
  });
  return loan;
}

/**
 * Record Manual Payment (admin spec section 6), in one transaction holding the loan's row lock: the late fees
 * due by the payment date are charged, the amount is allocated oldest instalment first (fee, interest, principal;
 * above what is owed it is refused), the payment gets a receipt number and its allocation rows, the instalments
 * their paid amounts and states, and the loan closes when nothing is owed. A reference is unique per method (the
 * database's constraint decides between two staff at the same second); the form's idempotency key makes a double
 * submit one payment.
 */
export async function recordPayment(ctx: StaffContext, input: RecordPaymentInput, now = new Date()): Promise<RecordPaymentResult> {
  return inPaymentTransaction(input, async (tx): Promise<RecordPaymentResult> => {
    const loan = await lockedLoanForPayment(tx, ctx, input.loanNumber);
    if (!loan) return fail("notFound");
    const memberId = input.memberId.toUpperCase();
    if (memberId !== loan.customer.userNumber.toUpperCase() && memberId !== loan.customer.userCode.toUpperCase()) {
      return fail("validation", { fieldErrors: { memberId: "memberLoanMismatch" } });
    }
    // A written-off loan is still owed: what is paid on it is a recovery (the database posts it as recovery income).
    if (loan.status !== "disbursed" && loan.status !== "written_off") return fail("conflict", { reason: "loanNotActive", details: { status: loan.status } });
    if (loan.status === "written_off") {
      const writeOff = await tx.loanWriteOff.findFirst({ where: { loanId: loan.id, status: "approved" }, select: { writeOffDate: true } });
      // Money received before the write-off day belonged to the portfolio then: it is not a recovery (decision 0267).
      if (writeOff && input.paymentDate < isoDateOf(writeOff.writeOffDate)) return fail("validation", { fieldErrors: { paymentDate: "beforeWriteOff" } });
    }
    // Two staff with one TrxID on two loans at the same second: the unique index decides (caught below).
    if (await referenceTaken(tx, input)) return fail("conflict", { reason: "duplicateReference", details: { reference: input.reference } });

    const policy = await lateFeePolicyOf(tx, loan.loanType);
    const state = owedOn(loan.installments, input.paymentDate, policy);
    const allocation = allocatePayment(input.amount, state.map((s) => s.owed));
    if (!allocation.ok) {
      return allocation.error === "exceedsOwed"
        ? fail("validation", { fieldErrors: { amount: "paymentExceedsOwed" }, details: { owed: allocation.owed } })
        : fail("validation", { fieldErrors: { amount: "invalidAmount" } });
    }

    const byEmi = new Map(state.map((s) => [s.row.emiNumber, s]));
    const applied = new Map(allocation.allocations.map((a) => [a.emiNumber, a.lateFee + a.interest + a.principal]));
    for (const s of state) {
      const added = applied.get(s.row.emiNumber) ?? 0;
      if (added === 0 && s.lateFee === s.row.lateFee) continue; // neither paid nor newly charged
      const paidAmount = s.row.paidAmount + added;
      const status = installmentStatus({ dueDate: s.dueDate, emiAmount: s.row.emiAmount, lateFee: s.lateFee, paidAmount }, input.paymentDate);
      await tx.loanInstallment.update({
        where: { id: s.row.id },
        data: { paidAmount, lateFee: s.lateFee, status, ...(status === "paid" ? { paidAt: now } : {}) },
      });
    }
    // A written-off loan paid in full stays in the register of written-off loans (recovered), never closed.
    const closes = allocation.settlesLoan && loan.status === "disbursed";
    if (closes) await tx.loan.update({ where: { id: loan.id }, data: { status: "closed", closedAt: now } });

    const payment = await insertPayment(tx, ctx, {
      loanId: loan.id,
      branchId: loan.branchId,
      input,
      allocations: allocation.allocations.map((a) => ({ ...a, installmentId: byEmi.get(a.emiNumber)!.row.id })),
      // The fees this payment is the first to charge: a reversal takes them back (reversal-service.ts).
      chargedFees: state.filter((s) => s.lateFee !== s.row.lateFee).map((s) => ({ installmentId: s.row.id, fee: s.lateFee - s.row.lateFee })),
    });
    const paymentNumber = payment.paymentNumber;

    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "payment.record",
      entityType: "LoanPayment",
      entityId: payment.id,
      after: {
        paymentNumber,
        loanNumber: input.loanNumber,
        amount: input.amount,
        method: input.method,
        reference: input.reference,
        paymentDate: input.paymentDate,
        allocations: allocation.allocations.map((a) => `${a.emiNumber}:${a.lateFee}/${a.interest}/${a.principal}`).join(" "),
        ...(closes ? { loanClosed: true } : {}),
        ...(loan.status === "written_off" ? { recovery: true } : {}),
      },
    });
    return ok({ paymentNumber, loanClosed: closes });
  });
}
