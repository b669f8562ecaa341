/**
 * Issue 50, point 5 (decision 0266): early settlement and partial prepayment, through the app as its runtime role. The
 * settlement amount equals a hand-computed case (principal left, the current period's interest for the days passed,
 * nothing after); settling closes the loan and the books post it like any payment; a prepayment lowers the instalment
 * or shortens the term as the product decides; reversing either puts the schedule back exactly; a schedule change is
 * never edited or deleted by the app's role.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dropRuntimeRole, refusal, switchToRuntimeRole } from "../support/db-connection";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

const { ownerUrl, appUrl, role } = await switchToRuntimeRole();

const { prisma } = await import("@/lib/db");
const { addCalendarMonths } = await import("@/lib/repayments/schedule");
const { dhakaToday } = await import("@/lib/format");
const { approvePaymentReversalAction, prepayLoanAction, quoteSettlementAction, recordPaymentAction, requestPaymentReversalAction, settleLoanAction } = await import("@/lib/repayments/actions");
const { seedProducts } = await import("@/prisma/seed");
const { borrowerAccountView } = await import("@/lib/borrower/queries");
const { disbursedLoan, payment } = await import("../support/loan-fixtures");
const { actAs, createStaff, signInAs } = await import("../support/staff-session");

beforeAll(async () => {
  await seedProducts(prisma);
});

afterAll(async () => {
  await prisma.$disconnect();
  await dropRuntimeRole(ownerUrl, role);
});

type Loan = Awaited<ReturnType<typeof disbursedLoan>>;
const DISBURSED_ON = "2026-06-10";

/** A loan disbursed on 10 June 2026, its instalments on the 10th of each month after (dates set on the rows). */
async function juneLoan(amount = "৫০,০০০"): Promise<Loan> {
  const loan = await disbursedLoan(amount);
  const row = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { id: true, tenure: true } });
  await prisma.loan.update({ where: { id: row.id }, data: { disbursedAt: new Date(`${DISBURSED_ON}T04:00:00Z`) } });
  for (let n = 1; n <= row.tenure; n++) {
    const due = addCalendarMonths(DISBURSED_ON, n);
    const date = new Date(`${due}T00:00:00Z`);
    // Its state today, as the repayment code keeps it.
    const status = due < dhakaToday() ? "overdue" : due === dhakaToday() ? "due_today" : "upcoming";
    await prisma.loanInstallment.update({ where: { loanId_emiNumber: { loanId: row.id, emiNumber: n } }, data: { dueDate: date, scheduledDate: date, status } });
  }
  return loan;
}

async function schedule(loanNumber: string) {
  return prisma.loanInstallment.findMany({
    where: { loan: { loanNumber } },
    orderBy: { emiNumber: "asc" },
    select: { emiNumber: true, dueDate: true, emiAmount: true, principalAmount: true, interestAmount: true, paidAmount: true, lateFee: true, status: true },
  });
}

async function loanBooks(loanNumber: string, kind: string) {
  const [row] = await prisma.$queryRaw<{ total: bigint | null }[]>`
    SELECT sum(l."amount") AS "total" FROM "LenderJournalLine" l JOIN "LenderJournalEntry" e ON e."id" = l."entryId" JOIN "Loan" ln ON ln."id" = e."loanId"
    JOIN "LenderAccount" a ON a."id" = l."accountId" WHERE ln."loanNumber" = ${loanNumber} AND a."kind" = ${kind}::"LenderAccountKind"`;
  return Number(row?.total ?? 0);
}

const form = (loan: Loan, fields: Record<string, string>) => ({
  loanNumber: loan.loanNumber,
  method: "bkash" as const,
  paymentDate: "2026-07-29",
  reference: `TRX${randomUUID().slice(0, 8).toUpperCase()}`,
  notes: "",
  idempotencyKey: randomUUID(),
  amount: "",
  ...fields,
});

async function payFirst(loan: Loan) {
  const [first] = await schedule(loan.loanNumber);
  await actAs("collection_agent");
  const paid = await recordPaymentAction(payment(loan, { amount: String(first!.emiAmount), paymentDate: "2026-07-10" }));
  if (!paid.ok) throw new Error(JSON.stringify(paid));
}

async function reverse(paymentNumber: string) {
  await actAs("account_manager");
  const asked = await requestPaymentReversalAction({ paymentNumber, reason: "ভুল" });
  if (!asked.ok) return asked;
  await actAs("admin");
  return approvePaymentReversalAction({ reversalId: asked.data.reversalId, idempotencyKey: randomUUID() });
}

describe("early settlement", () => {
  it("owes a hand-computed amount, closes the loan, posts like a payment, and a reversal puts everything back", async () => {
    const loan = await juneLoan();
    await payFirst(loan);
    const rows = await schedule(loan.loanNumber);
    const [, second, ...after] = rows;
    // Settled on 29 July: the second instalment's period (10 July – 10 August, 31 days) has run 19 days.
    const principalLeft = rows.slice(1).reduce((s, r) => s + r.principalAmount, 0);
    const interest = Math.round((second!.interestAmount * 19) / 31);
    const expected = { principal: principalLeft, interest, lateFees: 0, total: principalLeft + interest };
    expect(principalLeft).toBe(50_000 - rows[0]!.principalAmount);

    await actAs("collection_agent");
    const quote = await quoteSettlementAction({ loanNumber: loan.loanNumber, onDate: "2026-07-29" });
    expect(quote).toMatchObject({ ok: true, data: { ...expected, interestWaived: second!.interestAmount - interest + after.reduce((s, r) => s + r.interestAmount, 0) } });
    // Before the last payment: refused, with the earliest date.
    expect(await quoteSettlementAction({ loanNumber: loan.loanNumber, onDate: "2026-07-09" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { paymentDate: expect.any(String) } } });

    // A figure other than today's (the form was opened on another date): refused with the new one; nothing changes.
    const stale = await settleLoanAction(form(loan, { amount: String(expected.total + 1) }));
    expect(stale).toMatchObject({ ok: false, error: { reason: "settlementChanged", details: { total: expected.total } } });
    expect(await schedule(loan.loanNumber)).toEqual(rows);

    const portfolioBefore = await loanBooks(loan.loanNumber, "loan_portfolio");
    const interestBefore = await loanBooks(loan.loanNumber, "interest_income");
    const settle = form(loan, { amount: String(expected.total) });
    const settled = await settleLoanAction(settle);
    expect(settled).toMatchObject({ ok: true, data: { loanClosed: true } });
    // The same form again (a retry after a lost answer): the first answer.
    expect(await settleLoanAction(settle)).toEqual(settled);
    const paymentNumber = (settled as { data: { paymentNumber: string } }).data.paymentNumber;

    const closed = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { status: true, closedAt: true } });
    expect(closed.status).toBe("closed");
    const settledRows = await schedule(loan.loanNumber);
    expect(settledRows.every((r) => r.status === "paid" && r.paidAmount === r.emiAmount + r.lateFee)).toBe(true);
    expect(settledRows[1]!.interestAmount).toBe(interest);
    expect(settledRows.slice(2).every((r) => r.interestAmount === 0 && r.emiAmount === r.principalAmount)).toBe(true);
    // The books: the loan's principal is all in; interest income is what was paid, not the schedule's.
    expect(portfolioBefore).toBe(principalLeft);
    expect(await loanBooks(loan.loanNumber, "loan_portfolio")).toBe(0);
    expect(await loanBooks(loan.loanNumber, "interest_income")).toBe(interestBefore - interest);
    const change = await prisma.loanScheduleChange.findFirstOrThrow({ where: { payment: { paymentNumber } }, select: { kind: true, onDate: true, createdById: true } });
    expect(change.kind).toBe("settlement");
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "payment.settle", entityType: "LoanPayment" }, orderBy: { createdAt: "desc" }, select: { after: true } });
    expect(audit.after).toMatchObject({ paymentNumber, principal: principalLeft, interest });

    // The app's role never edits nor deletes a schedule change.
    expect(await refusal(appUrl, [`UPDATE "LoanScheduleChange" SET "kind" = 'prepayment'`])).toBe("42501");
    expect(await refusal(appUrl, [`DELETE FROM "LoanScheduleChange"`])).toBe("42501");

    // Reversed (two people): the schedule as it was, the loan open, the books back.
    expect(await reverse(paymentNumber)).toMatchObject({ ok: true });
    expect(await schedule(loan.loanNumber)).toEqual(rows);
    expect((await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { status: true } })).status).toBe("disbursed");
    expect(await loanBooks(loan.loanNumber, "loan_portfolio")).toBe(principalLeft);
    expect(await loanBooks(loan.loanNumber, "interest_income")).toBe(interestBefore);
  });

  it("owes an overdue instalment's late fee, and refuses a closed loan", async () => {
    const loan = await juneLoan();
    const rows = await schedule(loan.loanNumber);
    await actAs("collection_agent");
    // 29 July: the first instalment (10 July) is 19 days late — its fee is due; the second's period has run 19 days.
    const quote = await quoteSettlementAction({ loanNumber: loan.loanNumber, onDate: "2026-07-29" });
    const product = await prisma.loanProduct.findUniqueOrThrow({ where: { key: (await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } })).loanType } });
    const fee = Math.round((rows[0]!.emiAmount * product.lateFeePercent.toNumber()) / 100);
    expect(quote).toMatchObject({ ok: true, data: { principal: 50_000, interest: rows[0]!.interestAmount + Math.round((rows[1]!.interestAmount * 19) / 31), lateFees: fee } });

    // One figure: the borrower's page says what the branch's form says for today.
    await actAs("collection_agent");
    const today = await quoteSettlementAction({ loanNumber: loan.loanNumber, onDate: dhakaToday() });
    const view = await borrowerAccountView({ phone: loan.customer.phone, nid: loan.customer.nid });
    const figures = (today as { data: Record<string, number | string> }).data;
    expect(view.loans.find((l) => l.loanNumber === loan.loanNumber)!.settlementToday).toEqual({ total: figures.total, principal: figures.principal, interest: figures.interest, lateFees: figures.lateFees });

    const total = (quote as { data: { total: number } }).data.total;
    expect(await settleLoanAction(form(loan, { amount: String(total) }))).toMatchObject({ ok: true });
    expect(await settleLoanAction(form(loan, { amount: String(total) }))).toMatchObject({ ok: false, error: { reason: "loanNotActive" } });
  });
});

describe("partial prepayment", () => {
  it("lower instalment: it pays the current instalment in full, the rest ahead; the instalments after it amortised again; reversing puts them back", async () => {
    const loan = await juneLoan();
    await payFirst(loan);
    const rows = await schedule(loan.loanNumber);
    const loanBefore = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { emi: true, tenure: true } });
    await actAs("collection_agent");
    // Not more than the current instalment owes: an ordinary payment.
    expect(await prepayLoanAction(form(loan, { amount: String(rows[1]!.emiAmount) }))).toMatchObject({ ok: false, error: { fieldErrors: { amount: "prepaymentNotAboveCurrent" }, details: { minAmount: rows[1]!.emiAmount + 1 } } });
    // Before the second instalment is due: nothing in arrears. Bengali digits are read as digits.
    const prepay = form(loan, { amount: "১০,০০০" });
    const prepaid = await prepayLoanAction(prepay);
    expect(prepaid).toMatchObject({ ok: true, data: { mode: "lower_instalment", instalments: loanBefore.tenure } });
    // A double submit at once, or a retry: the first answer, one payment.
    const [again1, again2] = await Promise.all([prepayLoanAction(prepay), prepayLoanAction(prepay)]);
    expect(again1).toMatchObject({ ok: true, data: { paymentNumber: (prepaid as { data: { paymentNumber: string } }).data.paymentNumber } });
    expect(again2).toMatchObject({ ok: true, data: { paymentNumber: (prepaid as { data: { paymentNumber: string } }).data.paymentNumber } });
    const nextEmi = (prepaid as { data: { nextEmi: number } }).data.nextEmi;
    expect(nextEmi).toBeLessThan(loanBefore.emi);
    const ahead = 10_000 - rows[1]!.emiAmount;
    const changed = await schedule(loan.loanNumber);
    expect(changed[1]).toMatchObject({ principalAmount: rows[1]!.principalAmount + ahead, emiAmount: rows[1]!.emiAmount + ahead, paidAmount: 10_000, interestAmount: rows[1]!.interestAmount, status: "paid", lateFee: 0 });
    expect(changed.slice(2, -1).every((r) => r.emiAmount === nextEmi)).toBe(true);
    expect(changed.reduce((s, r) => s + r.principalAmount, 0)).toBe(50_000);
    expect(await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { emi: true, tenure: true } })).toEqual({ emi: nextEmi, tenure: loanBefore.tenure });
    expect(await loanBooks(loan.loanNumber, "loan_portfolio")).toBe(50_000 - rows[0]!.principalAmount - rows[1]!.principalAmount - ahead);

    // More than is left after the current instalment: a settlement, not a prepayment.
    const tooMuch = await prepayLoanAction(form(loan, { amount: "50000" }));
    expect(tooMuch).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { amount: "prepaymentSettleInstead" } } });

    // The first instalment's payment came before the prepayment: it is not reversed while the prepayment stands.
    const first = await prisma.loanPayment.findFirstOrThrow({ where: { loan: { loanNumber: loan.loanNumber }, paymentDate: new Date("2026-07-10T00:00:00Z") }, select: { paymentNumber: true } });
    await actAs("account_manager");
    expect(await requestPaymentReversalAction({ paymentNumber: first.paymentNumber, reason: "ভুল" })).toMatchObject({ ok: false, error: { reason: "laterScheduleChange" } });

    const paymentNumber = (prepaid as { data: { paymentNumber: string } }).data.paymentNumber;
    expect(await reverse(paymentNumber)).toMatchObject({ ok: true });
    expect(await schedule(loan.loanNumber)).toEqual(rows);
    expect(await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { emi: true, tenure: true } })).toEqual(loanBefore);
  });

  it("shorter term: the same instalment over fewer, the rest dropped and put back by a reversal; refused with arrears and while a later payment stands", async () => {
    const loan = await juneLoan();
    const loanType = (await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } })).loanType;
    await prisma.loanProduct.update({ where: { key: loanType }, data: { prepaymentMode: "shorter_term" } });
    try {
      await actAs("collection_agent");
      // 29 July with the first instalment unpaid: arrears first.
      expect(await prepayLoanAction(form(loan, { amount: "10000" }))).toMatchObject({ ok: false, error: { reason: "prepaymentArrears" } });
      await payFirst(loan);
      const rows = await schedule(loan.loanNumber);
      await actAs("collection_agent");
      const prepaid = await prepayLoanAction(form(loan, { amount: "25000" }));
      expect(prepaid).toMatchObject({ ok: true, data: { mode: "shorter_term" } });
      const count = (prepaid as { data: { instalments: number } }).data.instalments;
      expect(count).toBeLessThan(rows.length);
      const changed = await schedule(loan.loanNumber);
      expect(changed).toHaveLength(count);
      expect(changed.slice(2, -1).every((r) => r.emiAmount === rows[2]!.emiAmount)).toBe(true);
      expect(changed.reduce((s, r) => s + r.principalAmount, 0)).toBe(50_000);
      expect((await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { tenure: true } })).tenure).toBe(count);

      // A payment after it stands: the prepayment cannot be reversed (that payment went on the new schedule).
      const later = await recordPaymentAction(payment(loan, { amount: "500", paymentDate: "2026-07-30" }));
      expect(later).toMatchObject({ ok: true });
      const paymentNumber = (prepaid as { data: { paymentNumber: string } }).data.paymentNumber;
      await actAs("account_manager");
      expect(await requestPaymentReversalAction({ paymentNumber, reason: "ভুল" })).toMatchObject({ ok: false, error: { reason: "laterPaymentsStand" } });
      expect(await reverse((later as { data: { paymentNumber: string } }).data.paymentNumber)).toMatchObject({ ok: true });
      expect(await reverse(paymentNumber)).toMatchObject({ ok: true });
      expect(await schedule(loan.loanNumber)).toEqual(rows);
    } finally {
      await prisma.loanProduct.update({ where: { key: loanType }, data: { prepaymentMode: "lower_instalment" } });
    }
  });
});

describe("who may settle", () => {
  // Last in the file: with a second branch open, new applications need a route (none of this file's do).
  it("a loan officer records no payments; a collection agent of another branch finds no such loan (404)", async () => {
    const loan = await juneLoan();
    await actAs("loan_officer");
    expect(await quoteSettlementAction({ loanNumber: loan.loanNumber, onDate: "2026-07-29" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const area = await prisma.office.create({ data: { code: "ES-A", nameBn: "পরিশোধ এরিয়া", nameEn: "Settlement area", level: "area", parentId: "office-head", openedOn: new Date("2026-01-01") } });
    const branch = await prisma.office.create({ data: { code: "ES-B", nameBn: "পরিশোধ শাখা", nameEn: "Settlement branch", level: "branch", parentId: area.id, openedOn: new Date("2026-01-01") } });
    await signInAs((await createStaff("collection_agent", { officeId: branch.id })).id);
    expect(await quoteSettlementAction({ loanNumber: loan.loanNumber, onDate: "2026-07-29" })).toMatchObject({ ok: false, error: { code: "notFound" } });

    expect(await settleLoanAction(form(loan, { amount: "50000" }))).toMatchObject({ ok: false, error: { code: "notFound" } });
    expect(await prepayLoanAction(form(loan, { amount: "5000" }))).toMatchObject({ ok: false, error: { code: "notFound" } });
  });
});
