/**
 * Issue 50, point 6 (decision 0264): a payment recorded against the wrong loan or with the wrong amount is reversed —
 * one person asks with a reason, another approves. Its allocation is undone (the instalments owe exactly what they owed
 * before it), a loan it closed opens again, the books post the reversal, the receipt number is never reused and the
 * reference may be recorded again on the right loan. The database refuses a payment changed, deleted or reversed
 * without an approved reversal, and a reversal decided by who asked for it.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { prisma } from "@/lib/db";
import { paymentReceiptData } from "@/lib/loan-documents/queries";
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { approvePaymentReversalAction, recordPaymentAction, rejectPaymentReversalAction, requestPaymentReversalAction } from "@/lib/repayments/actions";
import { approvePaymentReversal } from "@/lib/repayments/reversal-service";
import { seedProducts } from "@/prisma/seed";
import { disbursedLoan, payment } from "../support/loan-fixtures";
import { actAs, createStaff, signInAs, staffContextOf } from "../support/staff-session";

beforeAll(async () => {
  await seedProducts(prisma);
});

async function instalments(loanNumber: string) {
  return prisma.loanInstallment.findMany({ where: { loan: { loanNumber } }, orderBy: { emiNumber: "asc" }, select: { emiNumber: true, paidAmount: true, status: true, lateFee: true, paidAt: true } });
}

async function bookBalance(loanNumber: string, kind: "loan_portfolio" | "bkash" | "interest_income") {
  const [row] = await prisma.$queryRaw<{ total: bigint | null }[]>`
    SELECT sum(l."amount") AS "total" FROM "LenderJournalLine" l JOIN "LenderJournalEntry" e ON e."id" = l."entryId" JOIN "Loan" ln ON ln."id" = e."loanId"
    JOIN "LenderAccount" a ON a."id" = l."accountId" WHERE ln."loanNumber" = ${loanNumber} AND a."kind" = ${kind}::"LenderAccountKind"`;
  return Number(row?.total ?? 0);
}

async function pay(loan: Awaited<ReturnType<typeof disbursedLoan>>, amount: string, reference = `TRX${randomUUID().slice(0, 8).toUpperCase()}`) {
  await actAs("collection_agent");
  const result = await recordPaymentAction(payment(loan, { amount, reference }));
  if (!result.ok) throw new Error(JSON.stringify(result));
  return { paymentNumber: result.data.paymentNumber, reference };
}

describe("a payment reversed", () => {
  it("gives the instalments back exactly what they owed, reverses the books, keeps the receipt number and frees the reference", async () => {
    const loan = await disbursedLoan("৫০,০০০");
    await pay(loan, "2000");
    const before = await instalments(loan.loanNumber);
    const booksBefore = { portfolio: await bookBalance(loan.loanNumber, "loan_portfolio"), bkash: await bookBalance(loan.loanNumber, "bkash"), interest: await bookBalance(loan.loanNumber, "interest_income") };
    const wrong = await pay(loan, "9000");
    expect(await instalments(loan.loanNumber)).not.toEqual(before);

    const maker = await actAs("account_manager");
    const asked = await requestPaymentReversalAction({ paymentNumber: wrong.paymentNumber, reason: "ভুল ঋণে লেখা হয়েছে" });
    expect(asked).toMatchObject({ ok: true });
    const reversalId = (asked as { data: { reversalId: string } }).data.reversalId;
    expect(await requestPaymentReversalAction({ paymentNumber: wrong.paymentNumber, reason: "again" })).toMatchObject({ ok: false, error: { reason: "reversalAlreadyAsked" } });
    // The one who asked cannot approve nor reject.
    expect(await approvePaymentReversalAction({ reversalId, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { reason: "reversalSamePerson" } });
    expect(await rejectPaymentReversalAction({ reversalId, reason: "no" })).toMatchObject({ ok: false, error: { reason: "reversalSamePerson" } });
    // A collection agent may record payments but not reverse them.
    await actAs("collection_agent");
    expect(await approvePaymentReversalAction({ reversalId, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "forbidden" } });

    const checker = await actAs("admin");
    const key = randomUUID();
    const approved = await approvePaymentReversalAction({ reversalId, idempotencyKey: key });
    expect(approved).toEqual({ ok: true, data: { paymentNumber: wrong.paymentNumber } });
    // A repeat of the same button is the first answer; another approval is told it is decided.
    expect(await approvePaymentReversalAction({ reversalId, idempotencyKey: key })).toEqual(approved);
    expect(await approvePaymentReversalAction({ reversalId, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { reason: "reversalDecided" } });

    expect(await instalments(loan.loanNumber)).toEqual(before);
    // Its receipt is gone (the payment was taken back); the number stays in the history.
    expect(await paymentReceiptData(wrong.paymentNumber, ALL_OFFICES)).toBeNull();
    const reversed = await prisma.loanPayment.findUniqueOrThrow({ where: { paymentNumber: wrong.paymentNumber }, select: { status: true, amount: true } });
    expect(reversed).toEqual({ status: "reversed", amount: 9000 });
    expect({ portfolio: await bookBalance(loan.loanNumber, "loan_portfolio"), bkash: await bookBalance(loan.loanNumber, "bkash"), interest: await bookBalance(loan.loanNumber, "interest_income") }).toEqual(booksBefore);
    const entry = await prisma.lenderJournalEntry.findFirstOrThrow({ where: { kind: "reversal", sourceId: (await prisma.loanPayment.findUniqueOrThrow({ where: { paymentNumber: wrong.paymentNumber } })).id }, select: { createdById: true, reversesId: true } });
    expect(entry.createdById).toBe(checker.id);
    expect(entry.reversesId).not.toBeNull();
    const audit = await prisma.auditLog.findMany({ where: { action: { startsWith: "payment.reversal" } }, orderBy: { createdAt: "asc" }, select: { action: true, actorId: true } });
    expect(audit).toEqual(expect.arrayContaining([{ action: "payment.reversal.request", actorId: maker.id }, { action: "payment.reversal.approve", actorId: checker.id }]));

    // Reversed once; the same TrxID recorded again (on the right loan) is accepted, under a new receipt number.
    await actAs("account_manager");
    expect(await requestPaymentReversalAction({ paymentNumber: wrong.paymentNumber, reason: "again" })).toMatchObject({ ok: false, error: { reason: "paymentNotCompleted" } });
    const right = await disbursedLoan("৫০,০০০");
    const again = await pay(right, "9000", wrong.reference);
    expect(again.paymentNumber).not.toBe(wrong.paymentNumber);
    // …but not twice while the new one stands.
    await actAs("collection_agent");
    expect(await recordPaymentAction(payment(right, { amount: "100", reference: wrong.reference }))).toMatchObject({ ok: false, error: { reason: "duplicateReference" } });
  });

  it("opens again a loan the payment closed; a rejected reversal changes nothing and may be asked for again", async () => {
    const loan = await disbursedLoan("৫০,০০০");
    const owed = await prisma.loanInstallment.aggregate({ where: { loan: { loanNumber: loan.loanNumber } }, _sum: { emiAmount: true } });
    const all = await pay(loan, String(owed._sum.emiAmount));
    expect((await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } })).status).toBe("closed");

    await actAs("branch_manager");
    const first = await requestPaymentReversalAction({ paymentNumber: all.paymentNumber, reason: "wrong amount" });
    const firstId = (first as { data: { reversalId: string } }).data.reversalId;
    await actAs("admin");
    expect(await rejectPaymentReversalAction({ reversalId: firstId, reason: "the amount was right" })).toMatchObject({ ok: true });
    expect((await prisma.loanPayment.findUniqueOrThrow({ where: { paymentNumber: all.paymentNumber } })).status).toBe("completed");

    await actAs("branch_manager");
    const second = await requestPaymentReversalAction({ paymentNumber: all.paymentNumber, reason: "it was not" });
    await actAs("admin");
    expect(await approvePaymentReversalAction({ reversalId: (second as { data: { reversalId: string } }).data.reversalId, idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    const reopened = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { status: true, closedAt: true } });
    expect(reopened).toEqual({ status: "disbursed", closedAt: null });
    expect((await instalments(loan.loanNumber)).every((i) => i.paidAmount === 0 && i.paidAt === null && i.status !== "paid")).toBe(true);
    expect(await bookBalance(loan.loanNumber, "loan_portfolio")).toBe(50_000);
  });

  it("takes back the late fee the reversed payment was the first to charge, and keeps one another payment paid into", async () => {
    const loan = await disbursedLoan("৫০,০০০");
    // Its first instalment weeks overdue: a payment today charges its late fee.
    await prisma.$executeRaw`UPDATE "LoanInstallment" i SET "dueDate" = "dueDate" - 60, "scheduledDate" = "scheduledDate" - 60, "status" = 'overdue' FROM "Loan" l WHERE l."id" = i."loanId" AND l."loanNumber" = ${loan.loanNumber} AND i."emiNumber" = 1`;
    const before = await instalments(loan.loanNumber);
    expect(before[0]!.lateFee).toBe(0);
    const wrong = await pay(loan, "100");
    const charged = (await instalments(loan.loanNumber))[0]!;
    expect(charged.lateFee).toBeGreaterThan(100);
    await actAs("account_manager");
    const asked = await requestPaymentReversalAction({ paymentNumber: wrong.paymentNumber, reason: "dated wrong" });
    await actAs("admin");
    expect(await approvePaymentReversalAction({ reversalId: (asked as { data: { reversalId: string } }).data.reversalId, idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    expect(await instalments(loan.loanNumber)).toEqual(before);

    // Now the fee charged by one payment and partly paid by a second: reversing the first keeps the fee the second paid into.
    const first = await pay(loan, "100");
    const fee = (await instalments(loan.loanNumber))[0]!.lateFee;
    await pay(loan, "100");
    await actAs("account_manager");
    const again = await requestPaymentReversalAction({ paymentNumber: first.paymentNumber, reason: "dated wrong" });
    await actAs("admin");
    expect(await approvePaymentReversalAction({ reversalId: (again as { data: { reversalId: string } }).data.reversalId, idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    expect((await instalments(loan.loanNumber))[0]).toMatchObject({ lateFee: fee, paidAmount: 100 });
  });

  it("of two approvals at once by two people, one reverses and the other is told it is decided", async () => {
    const loan = await disbursedLoan("৫০,০০০");
    const paid = await pay(loan, "3000");
    await actAs("account_manager");
    const asked = await requestPaymentReversalAction({ paymentNumber: paid.paymentNumber, reason: "twice" });
    const reversalId = (asked as { data: { reversalId: string } }).data.reversalId;
    const [a, b] = await Promise.all([createStaff("admin"), createStaff("super_admin")]);
    const results = await Promise.all([a, b].map(async (s) => approvePaymentReversal(await staffContextOf(s.id), { reversalId, idempotencyKey: randomUUID() })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: { code: "conflict", reason: "reversalDecided", details: { status: "approved" } } }]);
    expect(await prisma.lenderJournalEntry.count({ where: { kind: "reversal", sourceId: (await prisma.loanPayment.findUniqueOrThrow({ where: { paymentNumber: paid.paymentNumber } })).id } })).toBe(1);
  });

  it("is out of reach of another branch's staff (not found), and the database refuses a payment changed, deleted or reversed directly", async () => {
    const loan = await disbursedLoan("৫০,০০০");
    const paid = await pay(loan, "3000");
    // Another branch, opened after the loan (while the main branch is the only one, new records go there).
    const other = await prisma.office.create({ data: { code: "RV-B", nameBn: "অন্য শাখা", nameEn: "Other branch", level: "branch", parentId: "office-head", openedOn: new Date("2026-01-01") } });
    const elsewhere = await createStaff("branch_manager", { officeId: other.id });
    await signInAs(elsewhere.id);
    expect(await requestPaymentReversalAction({ paymentNumber: paid.paymentNumber, reason: "x" })).toMatchObject({ ok: false, error: { code: "notFound" } });

    const row = await prisma.loanPayment.findUniqueOrThrow({ where: { paymentNumber: paid.paymentNumber }, select: { id: true } });
    await expect(prisma.loanPayment.update({ where: { id: row.id }, data: { amount: 1 } })).rejects.toThrow(/LoanPayment_immutable|figures never change/);
    await expect(prisma.loanPayment.update({ where: { id: row.id }, data: { status: "reversed" } })).rejects.toThrow(/only by an approved reversal/);
    await expect(prisma.loanPayment.delete({ where: { id: row.id } })).rejects.toThrow(/LoanPayment_immutable|never deleted/);
    const maker = await createStaff("admin");
    await expect(prisma.paymentReversal.create({ data: { paymentId: row.id, reason: "x", requestedById: maker.id, status: "approved", decidedById: maker.id } })).rejects.toThrow(/starts as asked for/);
    const asked = await prisma.paymentReversal.create({ data: { paymentId: row.id, reason: "x", requestedById: maker.id } });
    await expect(prisma.paymentReversal.update({ where: { id: asked.id }, data: { status: "approved", decidedById: maker.id } })).rejects.toThrow(/someone other than who asked/);
  });
});
