import "server-only";
import type { DisbursementChannel } from "./disbursement-channel";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { inScope } from "@/lib/offices/scope-rules";
import { dhakaToday } from "@/lib/format";
import type { Prisma } from "@/lib/generated/prisma/client";
import { allocateNumberedCode } from "@/lib/ids/allocate";
import { installmentStatus } from "@/lib/repayments/installments";
import { daysOffFrom, getLendingRules } from "@/lib/lending-rules/queries";
import { earliestFirstScheduledDate, installmentDates } from "@/lib/loans/calendar";
import { addCalendarMonths, buildSchedule } from "@/lib/repayments/schedule";
import { calendarDateOf } from "@/lib/validation/fields";
import { calculateEmi } from "./emi";
import { assessLoanRisk } from "./queries";
import type { RiskFacts } from "./risk";

type ApprovedApplication = {
  id: string;
  applicationId: string;
  loanType: Prisma.LoanCreateInput["loanType"];
  amount: number;
  tenure: number;
  interestRate: Prisma.Decimal;
  emi: number;
  purpose: string;
  monthlyIncome: number;
  existingLoans: number | null;
  employmentType: RiskFacts["employmentType"];
  submittedAt: Date;
  nidImageId: string | null;
  branchId: string | null;
};

/**
 * Turns an approved application into a loan awaiting the credit decision (`pending_approval`), with the
 * documents loan management checks: the NID card (pending) and the application form itself (verified:
 * the online form is the application record) and the risk level from the rule table. Where it came from shows
 * on its history tab from the application's own review columns. Inside the caller's transaction.
 */
export async function createLoanFromApplication(
  tx: Prisma.TransactionClient,
  application: ApprovedApplication,
  customerId: string,
): Promise<{ id: string; loanNumber: string }> {
  const loanNumber = await allocateNumberedCode(tx, "loan");
  const risk = await assessLoanRisk(tx, {
    customerId,
    emi: application.emi,
    monthlyIncome: application.monthlyIncome,
    existingLoans: application.existingLoans,
    employmentType: application.employmentType,
  });
  const loan = await tx.loan.create({
    data: {
      loanNumber,
      customerId,
      applicationId: application.id,
      // The branch that handled the application services the loan (decision 0254).
      ...(application.branchId ? { branchId: application.branchId } : {}),
      loanType: application.loanType,
      requestedAmount: application.amount,
      tenure: application.tenure,
      interestRate: application.interestRate,
      emi: application.emi,
      purpose: application.purpose,
      status: "pending_approval",
      riskLevel: risk.level,
      monthlyIncome: application.monthlyIncome,
      existingLoans: application.existingLoans,
      submittedAt: application.submittedAt,
      documents: {
        create: [
          { type: "nid_front", documentId: application.nidImageId, status: "pending", uploadedAt: application.submittedAt },
          { type: "application_form", status: "verified", uploadedAt: application.submittedAt },
        ],
      },
    },
    select: { id: true, loanNumber: true },
  });
  return loan;
}

/** Concurrent decisions wait on the loan's row lock; give them time, as application decisions do. */
const LOAN_TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

/** Why a guarded change found nothing to change: no such loan, or it is no longer in the expected status. */
async function explainLoanRefusal<T>(tx: Prisma.TransactionClient, loanNumber: string): Promise<ActionResult<T>> {
  const current = await tx.loan.findUnique({ where: { loanNumber }, select: { status: true } });
  return current ? fail("conflict", { reason: "statusChanged", details: { status: current.status } }) : fail("notFound");
}

/**
 * The credit decision's approval (admin spec section 4): at most the amount requested and inside the product's
 * range, the EMI recomputed with the shared EMI function. Maker-checker: whoever reviewed the application may not
 * approve its loan. One guarded update (from pending_approval or under_review), so of concurrent approvals one wins.
 */
export async function approveLoan(
  ctx: StaffContext,
  input: { loanNumber: string; amount: number },
  now = new Date(),
): Promise<ActionResult<{ loanNumber: string; approvedAmount: number; emi: number }>> {
  return prisma.$transaction(async (tx) => {
    const loan = await tx.loan.findUnique({
      where: { loanNumber: input.loanNumber },
      select: {
        id: true,
        branchId: true,
        status: true,
        loanType: true,
        requestedAmount: true,
        tenure: true,
        interestRate: true,
        customerId: true,
        monthlyIncome: true,
        existingLoans: true,
        customer: { select: { employmentType: true } },
        application: { select: { reviewedById: true, employmentType: true } },
      },
    });
    if (!loan || !inScope(ctx.scope, loan.branchId)) return fail("notFound");
    if (loan.application?.reviewedById === ctx.user.id) return fail("forbidden", { reason: "sameAsReviewer" });
    if (input.amount > loan.requestedAmount) return fail("validation", { fieldErrors: { amount: "approvedAboveRequested" } });
    const product = await tx.loanProduct.findUnique({ where: { key: loan.loanType }, select: { minAmount: true, maxAmount: true } });
    if (product && (input.amount < product.minAmount || input.amount > product.maxAmount)) {
      return fail("validation", { fieldErrors: { amount: "amountOutOfRange" } });
    }
    // The approver's office's limit (decision 0256), read FOR SHARE: a limit lowered meanwhile waits for this approval.
    // The database refuses the same (Loan_approval_within_limit); this gives the approver the reason and the limit.
    const [office] = await tx.$queryRaw<{ approvalLimit: number | null }[]>`
      SELECT o."approvalLimit" FROM "StaffUser" s JOIN "Office" o ON o."id" = s."officeId" WHERE s."id" = ${ctx.user.id} FOR SHARE OF o`;
    if (office?.approvalLimit != null && input.amount > office.approvalLimit) {
      return fail("forbidden", { reason: "aboveApprovalLimit", details: { limit: office.approvalLimit } });
    }
    const { emi } = calculateEmi({ principal: input.amount, annualRate: loan.interestRate.toNumber(), months: loan.tenure });
    // The approved amount changes the EMI, so the ratios are assessed again.
    const risk = await assessLoanRisk(tx, {
      id: loan.id,
      customerId: loan.customerId,
      emi,
      monthlyIncome: loan.monthlyIncome,
      existingLoans: loan.existingLoans,
      // As the dialog does: the application's answer, else what the customer record says.
      employmentType: loan.application?.employmentType ?? loan.customer.employmentType,
    });
    const { count } = await tx.loan.updateMany({
      where: { id: loan.id, status: { in: ["pending_approval", "under_review"] } },
      data: { status: "approved", approvedAmount: input.amount, emi, riskLevel: risk.level, approvedById: ctx.user.id, approvedAt: now },
    });
    if (count === 0) return explainLoanRefusal(tx, input.loanNumber);
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "loan.approve",
      entityType: "Loan",
      entityId: loan.id,
      before: { status: loan.status, requestedAmount: loan.requestedAmount },
      after: { status: "approved", approvedAmount: input.amount, emi, riskLevel: risk.level },
    });
    return ok({ loanNumber: input.loanNumber, approvedAmount: input.amount, emi });
  }, LOAN_TRANSACTION_OPTIONS);
}

/** The credit decision's rejection, with its reason; guarded like the approval. */
export async function rejectLoan(ctx: StaffContext, input: { loanNumber: string; reason: string }, now = new Date()): Promise<ActionResult<{ loanNumber: string }>> {
  return prisma.$transaction(async (tx) => {
    const loan = await tx.loan.findUnique({ where: { loanNumber: input.loanNumber }, select: { id: true, branchId: true, status: true } });
    if (!loan || !inScope(ctx.scope, loan.branchId)) return fail("notFound");
    const { count } = await tx.loan.updateMany({
      where: { id: loan.id, status: { in: ["pending_approval", "under_review"] } },
      data: { status: "rejected", rejectionReason: input.reason, rejectedById: ctx.user.id, rejectedAt: now },
    });
    if (count === 0) return explainLoanRefusal(tx, input.loanNumber);
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "loan.reject",
      entityType: "Loan",
      entityId: loan.id,
      before: { status: loan.status },
      after: { status: "rejected", rejectionReason: input.reason },
    });
    return ok({ loanNumber: input.loanNumber });
  }, LOAN_TRANSACTION_OPTIONS);
}

/** The latest first instalment an officer may choose, in months after the disbursement. */
const MAX_FIRST_DUE_MONTHS = 3;

/**
 * Disbursement (admin spec section 4): the approved amount goes out to the given account on the scheduled date,
 * and the repayment schedule is written (lib/repayments/schedule.ts). Maker-checker: the approver may not
 * disburse. One guarded update from approved, so of concurrent disbursements exactly one writes a schedule.
 */
export async function disburseLoan(
  ctx: StaffContext,
  input: { loanNumber: string; channel?: DisbursementChannel; bankAccount: string | null; bankName: string | null; scheduledDate: string; firstDueDate?: string },
  now = new Date(),
): Promise<ActionResult<{ loanNumber: string; disbursedAmount: number; installments: number }>> {
  return prisma.$transaction(async (tx) => {
    const loan = await tx.loan.findUnique({
      where: { loanNumber: input.loanNumber },
      select: { id: true, branchId: true, status: true, approvedById: true, approvedAmount: true, interestRate: true, tenure: true, emi: true },
    });
    if (!loan || !inScope(ctx.scope, loan.branchId)) return fail("notFound");
    if (loan.approvedById === ctx.user.id) return fail("forbidden", { reason: "sameAsApprover" });
    const amount = loan.approvedAmount;
    if (loan.status !== "approved" || amount === null) return explainLoanRefusal(tx, input.loanNumber);
    // The regulator's rules: the first instalment no earlier than they allow (nor absurdly late), every due date on
    // a working day of the calendar as it is now.
    const rules = await getLendingRules(tx);
    const earliest = earliestFirstScheduledDate(input.scheduledDate, rules.minFirstInstallmentDays);
    const firstScheduled = input.firstDueDate ?? earliest;
    if (firstScheduled < earliest) return fail("validation", { reason: "firstDueTooEarly", fieldErrors: { firstDueDate: "firstDueTooEarly" } });
    const latest = addCalendarMonths(input.scheduledDate, MAX_FIRST_DUE_MONTHS);
    if (firstScheduled > (latest > earliest ? latest : earliest)) {
      return fail("validation", { reason: "firstDueTooLate", fieldErrors: { firstDueDate: "firstDueTooLate" } });
    }
    const dates = installmentDates(firstScheduled, loan.tenure, await daysOffFrom(firstScheduled, tx, rules, loan.branchId));
    const { count } = await tx.loan.updateMany({
      where: { id: loan.id, status: "approved" },
      data: {
        status: "disbursed",
        disbursedAt: now,
        disbursedById: ctx.user.id,
        disbursedAmount: amount,
        disbursementBankAccount: input.bankAccount,
        disbursementBankName: input.bankName,
        disbursementMethod: input.channel ?? "bank_transfer",
        scheduledDisbursementAt: calendarDateOf(input.scheduledDate),
      },
    });
    if (count === 0) return explainLoanRefusal(tx, input.loanNumber);
    const schedule = buildSchedule({ principal: amount, annualRate: loan.interestRate.toNumber(), months: loan.tenure, emi: loan.emi, disbursedOn: input.scheduledDate, dates });
    const today = dhakaToday(now);
    await tx.loanInstallment.createMany({
      data: schedule.map((row) => ({
        loanId: loan.id,
        emiNumber: row.emiNumber,
        dueDate: calendarDateOf(row.dueDate),
        scheduledDate: calendarDateOf(row.scheduledDate),
        emiAmount: row.emiAmount,
        principalAmount: row.principal,
        interestAmount: row.interest,
        status: installmentStatus({ dueDate: row.dueDate, emiAmount: row.emiAmount, lateFee: 0, paidAmount: 0 }, today),
      })),
    });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "loan.disburse",
      entityType: "Loan",
      entityId: loan.id,
      before: { status: "approved" },
      after: {
        status: "disbursed",
        disbursedAmount: amount,
        bankName: input.bankName,
        channel: input.channel ?? "bank_transfer",
        scheduledDate: input.scheduledDate,
        firstDueDate: schedule[0]?.dueDate,
        installments: schedule.length,
      },
    });
    return ok({ loanNumber: input.loanNumber, disbursedAmount: amount, installments: schedule.length });
  }, LOAN_TRANSACTION_OPTIONS);
}

/** A staff note on the loan's history, with its audit row. */
export async function addLoanNote(ctx: StaffContext, input: { loanNumber: string; content: string }): Promise<ActionResult<{ noteId: string }>> {
  return prisma.$transaction(async (tx) => {
    const loan = await tx.loan.findUnique({ where: { loanNumber: input.loanNumber }, select: { id: true, branchId: true } });
    if (!loan || !inScope(ctx.scope, loan.branchId)) return fail("notFound");
    const note = await tx.loanNote.create({ data: { loanId: loan.id, authorId: ctx.user.id, content: input.content }, select: { id: true } });
    await writeAudit(tx, { ...auditBy(ctx), action: "loan.note", entityType: "Loan", entityId: loan.id, after: { noteId: note.id, content: input.content } });
    return ok({ noteId: note.id });
  });
}
