/**
 * Loan management and manual payments against PostgreSQL (issue 8): an application approved through the real
 * review becomes a loan; maker-checker at approval and disbursement; the schedule written at disbursement;
 * payments allocated oldest first, references unique per method, the loan closed when nothing is owed; exactly
 * one winner among concurrent disbursements and among concurrent payments with one reference.
 */
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { prisma } from "@/lib/db";
import { calculateEmi } from "@/lib/loans/emi";
import { addLoanNoteAction, approveLoanAction, disburseLoanAction, rejectLoanAction } from "@/lib/loans/actions";
import { getLoanDetail } from "@/lib/loans/queries";
import { recordPaymentAction } from "@/lib/repayments/actions";
import { seedProducts } from "@/prisma/seed";
import { disbursedLoan, disbursement, payment, pendingLoan } from "../support/loan-fixtures";
import { actAs, createStaff, signInAs } from "../support/staff-session";

beforeAll(async () => {
  await seedProducts(prisma);
});

describe("the credit decision", () => {
  it("is refused to the person who reviewed the application, and above the amount requested", async () => {
    const loan = await pendingLoan();
    await signInAs(loan.reviewer.id);
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "200000" })).toMatchObject({ ok: false, error: { code: "forbidden", reason: "sameAsReviewer" } });

    await actAs("loan_officer");
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "200001" })).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { amount: "approvedAboveRequested" } },
    });
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "1000" })).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { amount: "amountOutOfRange" } },
    });
    expect((await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } })).status).toBe("pending_approval");

    // A lower amount (typed in Bengali digits) is approved, the EMI recomputed, with an audit row.
    const approved = await approveLoanAction({ loanNumber: loan.loanNumber, amount: "১,৫০,০০০" });
    const rate = (await prisma.loanProduct.findUniqueOrThrow({ where: { key: "salary" } })).annualRate.toNumber();
    expect(approved).toEqual({ ok: true, data: { loanNumber: loan.loanNumber, approvedAmount: 150_000, emi: calculateEmi({ principal: 150_000, annualRate: rate, months: 24 }).emi } });
    const stored = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } });
    expect(stored).toMatchObject({ status: "approved", approvedAmount: 150_000 });
    expect(await prisma.auditLog.count({ where: { action: "loan.approve", entityId: stored.id } })).toBe(1);

    // Decided: a rejection now finds nothing to change.
    expect(await rejectLoanAction({ loanNumber: loan.loanNumber, reason: "Late" })).toMatchObject({ ok: false, error: { code: "conflict", reason: "statusChanged" } });
  });

  it("a rejection needs its reason", async () => {
    const loan = await pendingLoan();
    await actAs("admin");
    expect(await rejectLoanAction({ loanNumber: loan.loanNumber, reason: "  " })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { reason: "required" } } });
    expect(await rejectLoanAction({ loanNumber: loan.loanNumber, reason: "Income not verified" })).toMatchObject({ ok: true });
    expect(await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } })).toMatchObject({ status: "rejected", rejectionReason: "Income not verified" });
  });
});

describe("disbursement", () => {
  it("is refused to the approver; a second person disburses and the schedule adds up to the amount", async () => {
    const loan = await pendingLoan();
    const approver = await actAs("admin");
    await approveLoanAction({ loanNumber: loan.loanNumber, amount: "150000" });
    expect(await disburseLoanAction(disbursement(loan.loanNumber))).toMatchObject({ ok: false, error: { code: "forbidden", reason: "sameAsApprover" } });

    await actAs("account_manager");
    expect(await disburseLoanAction(disbursement(loan.loanNumber))).toEqual({ ok: true, data: { loanNumber: loan.loanNumber, disbursedAmount: 150_000, installments: 24 } });
    const stored = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, include: { installments: { orderBy: { emiNumber: "asc" } } } });
    expect(stored).toMatchObject({ status: "disbursed", disbursedAmount: 150_000, disbursementBankName: "Sonali Bank" });
    expect(stored.approvedById).toBe(approver.id);
    expect(stored.installments).toHaveLength(24);
    expect(stored.installments.reduce((sum, i) => sum + i.principalAmount, 0)).toBe(150_000);
    expect(stored.installments.slice(0, -1).every((i) => i.emiAmount === stored.emi)).toBe(true);
    expect(stored.installments.every((i) => i.emiAmount === i.principalAmount + i.interestAmount && i.status === "upcoming")).toBe(true);
  });

  it("in cash asks for no account (none is kept); every other channel needs the account and its bank", async () => {
    const loan = await pendingLoan();
    await actAs("loan_officer");
    await approveLoanAction({ loanNumber: loan.loanNumber, amount: "150000" });
    await actAs("account_manager");
    const noAccount = { ...disbursement(loan.loanNumber), bankAccount: "", bankName: " " };
    expect(await disburseLoanAction({ ...noAccount, channel: "bkash" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { bankAccount: "required", bankName: "required" } } });
    expect(await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { status: true } })).toEqual({ status: "approved" });
    expect(await disburseLoanAction({ ...noAccount, bankAccount: "1234567890", channel: "cash" })).toMatchObject({ ok: true });
    const stored = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { id: true, disbursementMethod: true, disbursementBankAccount: true, disbursementBankName: true } });
    expect(stored).toMatchObject({ disbursementMethod: "cash", disbursementBankAccount: null, disbursementBankName: null });
    // Paid out of the branch's cash in hand.
    const lines = await prisma.lenderJournalLine.findMany({ where: { entry: { sourceType: "Loan", sourceId: stored.id, kind: "disbursement" } }, select: { amount: true, account: { select: { kind: true } } } });
    expect(lines.map((l) => [l.account.kind, l.amount]).sort()).toEqual([["cash_in_hand", -150_000], ["loan_portfolio", 150_000]]);
  });

  it("of 20 concurrent disbursements of one loan exactly one goes through, with one schedule", async () => {
    const loan = await pendingLoan();
    await actAs("loan_officer");
    await approveLoanAction({ loanNumber: loan.loanNumber, amount: "150000" });
    await actAs("account_manager");
    const results = await Promise.all(Array.from({ length: 20 }, () => disburseLoanAction(disbursement(loan.loanNumber))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error.code === "conflict")).toBe(true);
    const id = (await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } })).id;
    expect(await prisma.loanInstallment.count({ where: { loanId: id } })).toBe(24);
    expect(await prisma.auditLog.count({ where: { action: "loan.disburse", entityId: id } })).toBe(1);
  });
});

describe("manual payments", () => {
  it("pay the oldest instalment, refuse a reused reference and an amount above what is owed, and close the loan", async () => {
    const loan = await disbursedLoan();
    await actAs("collection_agent");
    const { id, emi } = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } });

    expect(await recordPaymentAction(payment(loan, { memberId: "U999999", amount: String(emi) }))).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { memberId: "memberLoanMismatch" } },
    });

    const first = payment(loan, { amount: String(emi), reference: "TRX8N4K2M9" });
    const paid = await recordPaymentAction(first);
    expect(paid).toMatchObject({ ok: true, data: { loanClosed: false } });
    const [one, two] = await prisma.loanInstallment.findMany({ where: { loanId: id }, orderBy: { emiNumber: "asc" }, take: 2, include: { allocations: true } });
    expect(one).toMatchObject({ status: "paid", paidAmount: emi });
    expect(one!.allocations).toEqual([expect.objectContaining({ lateFee: 0, interest: one!.interestAmount, principal: one!.principalAmount })]);
    expect(two).toMatchObject({ status: "upcoming", paidAmount: 0 });

    // The same form sent again is the same payment; the same TrxID on a new form is refused.
    expect(await recordPaymentAction(first)).toEqual(paid);
    expect(await recordPaymentAction(payment(loan, { amount: "500", reference: "TRX8N4K2M9" }))).toMatchObject({
      ok: false,
      error: { code: "conflict", reason: "duplicateReference" },
    });
    // The same text under another method is another reference.
    expect(await recordPaymentAction(payment(loan, { amount: "500", method: "nagad", reference: "TRX8N4K2M9" }))).toMatchObject({ ok: true });

    const owed = (await prisma.loanInstallment.findMany({ where: { loanId: id } })).reduce((sum, i) => sum + i.emiAmount - i.paidAmount, 0);
    expect(await recordPaymentAction(payment(loan, { amount: String(owed + 1), method: "cash", reference: "" }))).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { amount: "paymentExceedsOwed" }, details: { owed } },
    });
    const settled = await recordPaymentAction(payment(loan, { amount: String(owed), method: "bank_transfer" }));
    expect(settled).toMatchObject({ ok: true, data: { loanClosed: true } });
    expect(await prisma.loan.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "closed" });
    expect(await prisma.loanInstallment.count({ where: { loanId: id, status: { not: "paid" } } })).toBe(0);
    const received = await prisma.loanPayment.aggregate({ where: { loanId: id }, _sum: { amount: true } });
    const scheduled = await prisma.loanInstallment.aggregate({ where: { loanId: id }, _sum: { emiAmount: true } });
    expect(received._sum.amount).toBe(scheduled._sum.emiAmount);
    const paymentIds = (await prisma.loanPayment.findMany({ where: { loanId: id }, select: { id: true } })).map((p) => p.id);
    expect(paymentIds).toHaveLength(3);
    expect(await prisma.auditLog.count({ where: { action: "payment.record", entityId: { in: paymentIds } } })).toBe(3);
    expect(await recordPaymentAction(payment(loan, { amount: "100" }))).toMatchObject({ ok: false, error: { code: "conflict", reason: "loanNotActive" } });
  });

  it("of 20 concurrent payments with one bKash TrxID, exactly one is recorded", async () => {
    const loan = await disbursedLoan();
    await signInAs((await createStaff("collection_agent")).id);
    const settled = await Promise.all(Array.from({ length: 20 }, () => recordPaymentAction(payment(loan, { amount: "1000", reference: "TRXSAMESECOND" }))));
    expect(settled.filter((r) => r.ok)).toHaveLength(1);
    expect(settled.filter((r) => !r.ok).every((r) => !r.ok && r.error.reason === "duplicateReference")).toBe(true);
    expect(await prisma.loanPayment.count({ where: { reference: "TRXSAMESECOND" } })).toBe(1);
  });
});

describe("risk assessment and notes", () => {
  it("a loan is assessed by the rule table when it is created and again when it is approved", async () => {
    // Salaried, EMI well under 30% of income, no other loans: only the new customer's pending KYC raises the risk.
    const loan = await pendingLoan();
    expect(loan.customer.kycStatus).toBe("pending");
    expect(await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } })).toMatchObject({ riskLevel: "medium", creditScore: null });
    expect((await getLoanDetail(loan.loanNumber, ALL_OFFICES))?.risk).toEqual({ level: "medium", reasons: [{ rule: "kyc", level: "medium", value: "pending" }] });

    await prisma.customer.update({ where: { id: loan.customer.id }, data: { kycStatus: "verified" } });
    const detail = await getLoanDetail(loan.loanNumber, ALL_OFFICES);
    expect(detail).toMatchObject({ riskLevel: "medium", risk: { level: "low", reasons: [] } });

    await signInAs((await createStaff("loan_officer")).id);
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "150000" })).toMatchObject({ ok: true });
    expect(await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } })).toMatchObject({ riskLevel: "low" });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "loan.approve", entityId: detail!.id } });
    expect(audit.after).toMatchObject({ riskLevel: "low" });
  });

  it("a note is kept with its author and an audit row; a blank note changes nothing", async () => {
    const loan = await pendingLoan();
    const agent = await createStaff("collection_agent");
    await signInAs(agent.id);
    expect(await addLoanNoteAction({ loanNumber: loan.loanNumber, content: "   " })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { content: "required" } } });
    const added = await addLoanNoteAction({ loanNumber: loan.loanNumber, content: "Borrower asked to move the due date to the 5th." });
    expect(added).toMatchObject({ ok: true });
    const notes = (await getLoanDetail(loan.loanNumber, ALL_OFFICES))!.notes;
    expect(notes.map((n) => [n.content, n.author?.name ?? null])).toEqual([["Borrower asked to move the due date to the 5th.", agent.name]]);
    expect(await prisma.auditLog.count({ where: { action: "loan.note", actorId: agent.id } })).toBe(1);
    expect(await addLoanNoteAction({ loanNumber: "LN-999999", content: "x" })).toMatchObject({ ok: false, error: { code: "notFound" } });
  });
});
