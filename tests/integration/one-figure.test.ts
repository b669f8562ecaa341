/**
 * Issue 50, point 7 ("one figure everywhere"): an instalment's late fee and state, and what a loan still owes, are the
 * same on the repayments screen, the loan's schedule, the schedule PDF, the borrower's page, the customer's profile and
 * list, and a payment's receipt, for every disbursed loan of the demo portfolio. The demo has instalments past their
 * grace period whose fee is not stored yet (LN-000101's 7th showed ৳727 on the repayments screen and "—" on the
 * loan's schedule and PDF): every screen now shows the fee due today.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { borrowerAccountView } from "@/lib/borrower/queries";
import { getCustomerProfile, loanSummaries } from "@/lib/customers/queries";
import { prisma } from "@/lib/db";
import { loanScheduleData, paymentReceiptData } from "@/lib/loan-documents/queries";
import { getLoanDetail } from "@/lib/loans/queries";
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { getRepaymentDetail } from "@/lib/repayments/queries";
import { seedDemo } from "@/prisma/seed";

beforeAll(async () => {
  await seedDemo(prisma);
});

describe("one figure everywhere", () => {
  it("every disbursed loan's instalments carry the same late fee and state on every screen and document", async () => {
    const loans = await prisma.loan.findMany({
      where: { status: "disbursed" },
      orderBy: { loanNumber: "asc" },
      select: {
        id: true,
        loanNumber: true,
        customer: { select: { id: true, userNumber: true, phone: true, nid: true } },
        installments: { select: { id: true, emiNumber: true, lateFee: true }, orderBy: { emiNumber: "asc" } },
        payments: { where: { status: "completed" }, select: { paymentNumber: true }, take: 1 },
      },
    });
    expect(loans.length).toBeGreaterThan(1);
    let feesNotYetStored = 0;
    for (const loan of loans) {
      // The repayments screen: each instalment's detail (its figures are installmentNow's).
      const first = await getRepaymentDetail(loan.installments[0]!.id, ALL_OFFICES);
      expect(first, loan.loanNumber).not.toBeNull();
      const byEmi = new Map(first!.schedule.map((e) => [e.emiNumber, e.now]));
      const owed = first!.schedule.reduce((sum, e) => sum + e.now.owed, 0);
      for (const stored of loan.installments) if (byEmi.get(stored.emiNumber)!.lateFee > stored.lateFee) feesNotYetStored += 1;

      const detail = await getLoanDetail(loan.loanNumber, ALL_OFFICES);
      const pdf = await loanScheduleData(loan.loanNumber, ALL_OFFICES);
      const borrower = (await borrowerAccountView({ phone: loan.customer.phone, nid: loan.customer.nid })).loans.find((l) => l.loanNumber === loan.loanNumber);
      expect(borrower, loan.loanNumber).toBeDefined();
      for (const [emi, now] of byEmi) {
        const where = `${loan.loanNumber} #${emi}`;
        const onDetail = detail!.installments.find((i) => i.emiNumber === emi)!;
        const onPdf = pdf!.installments.find((i) => i.emiNumber === emi)!;
        const onAccount = borrower!.installments.find((i) => i.emiNumber === emi)!;
        expect({ lateFee: onDetail.lateFee, state: onDetail.state }, `${where} loan schedule`).toEqual({ lateFee: now.lateFee, state: now.state });
        expect({ lateFee: onPdf.lateFee, state: onPdf.status }, `${where} schedule PDF`).toEqual({ lateFee: now.lateFee, state: now.state });
        expect({ lateFee: onAccount.lateFee, state: onAccount.status }, `${where} borrower's page`).toEqual({ lateFee: now.lateFee, state: now.state });
      }

      // What the loan still owes: the customer's list and profile, and the receipt's "outstanding now".
      const summary = (await loanSummaries([loan.customer.id], ALL_OFFICES)).get(loan.customer.id)!;
      const otherLoans = loans.filter((l) => l.customer.id === loan.customer.id && l.id !== loan.id);
      if (otherLoans.length === 0) expect(summary.activeAmount, `${loan.loanNumber} customer list`).toBe(owed);
      const profile = await getCustomerProfile(loan.customer.userNumber, { loans: true, payments: true, applications: true, kyc: true, scope: ALL_OFFICES });
      expect(profile!.loans!.find((l) => l.loanNumber === loan.loanNumber)!.remaining, `${loan.loanNumber} profile`).toBe(owed);
      if (loan.payments[0]) expect((await paymentReceiptData(loan.payments[0].paymentNumber, ALL_OFFICES))!.outstandingNow, `${loan.loanNumber} receipt`).toBe(owed);
    }
    // The case the issue names: fees due that no payment has stored yet, shown the same everywhere.
    expect(feesNotYetStored).toBeGreaterThan(0);
  });
});
