import "server-only";
import { officeDb } from "@/lib/offices/scope";
import { dhakaToday } from "@/lib/format";
import { installmentNow, type StoredInstallment } from "@/lib/repayments/installments";
import { lateFeePolicies } from "@/lib/repayments/queries";
import { isoDateOf } from "@/lib/validation/fields";
import type { DocumentOwner, DocumentReader, LoanScheduleData, PaymentReceiptData } from "./types";

function borrowerOf(reader: DocumentReader): DocumentOwner | null {
  return "phone" in reader ? reader : null;
}

/** An instalment row as installmentNow reads it. */
function stored(i: { dueDate: Date; emiAmount: number; lateFee: number; paidAmount: number; status: StoredInstallment["status"] }): StoredInstallment {
  return { dueDate: isoDateOf(i.dueDate), emiAmount: i.emiAmount, lateFee: i.lateFee, paidAmount: i.paidAmount, status: i.status };
}

/** A borrower reads through the whole book (narrowed to her own records below); staff through their branches. */
function clientFor(reader: DocumentReader) {
  return officeDb("phone" in reader ? { kind: "all" } : reader);
}

/** What a payment's receipt shows, or null: the payment, its loan and borrower, and how it was applied. */
export async function paymentReceiptData(paymentNumber: string, reader: DocumentReader): Promise<PaymentReceiptData | null> {
  const owner = borrowerOf(reader);
  const payment = await clientFor(reader).loanPayment.findFirst({
    // A reversed payment has no receipt: it was taken back (decision 0264); its number stays in the payment history.
    where: { paymentNumber, status: { not: "reversed" }, ...(owner ? { loan: { customer: { phone: owner.phone, nid: owner.nid } } } : {}) },
    select: {
      paymentNumber: true,
      amount: true,
      method: true,
      reference: true,
      paymentDate: true,
      status: true,
      collectedBy: { select: { name: true } },
      loan: {
        select: {
          loanNumber: true,
          loanType: true,
          customer: { select: { name: true, userNumber: true } },
          installments: { select: { dueDate: true, emiAmount: true, lateFee: true, paidAmount: true, status: true } },
        },
      },
      allocations: { select: { lateFee: true, interest: true, principal: true, installment: { select: { emiNumber: true, dueDate: true } } }, orderBy: { installment: { emiNumber: "asc" } } },
    },
  });
  if (!payment) return null;
  // What is owed today, late fees due included, as every screen computes it (installmentNow).
  const policy = (await lateFeePolicies())[payment.loan.loanType];
  const today = dhakaToday();
  const owed = payment.loan.installments.reduce((sum, i) => sum + installmentNow(stored(i), today, policy).owed, 0);
  return {
    paymentNumber: payment.paymentNumber,
    amount: payment.amount,
    method: payment.method,
    reference: payment.reference,
    paymentDate: isoDateOf(payment.paymentDate),
    collectedBy: payment.collectedBy?.name ?? null,
    loanNumber: payment.loan.loanNumber,
    borrower: payment.loan.customer.name,
    customerNumber: payment.loan.customer.userNumber,
    outstandingNow: owed,
    allocations: payment.allocations.map((a) => ({ emiNumber: a.installment.emiNumber, dueDate: isoDateOf(a.installment.dueDate), lateFee: a.lateFee, interest: a.interest, principal: a.principal })),
  };
}

/** A disbursed loan's schedule as of today, or null (not found, or not disbursed). */
export async function loanScheduleData(loanNumber: string, reader: DocumentReader): Promise<LoanScheduleData | null> {
  const owner = borrowerOf(reader);
  const loan = await clientFor(reader).loan.findFirst({
    where: { loanNumber, ...(owner ? { customer: { phone: owner.phone, nid: owner.nid } } : {}) },
    select: {
      loanNumber: true,
      loanType: true,
      status: true,
      disbursedAmount: true,
      disbursedAt: true,
      interestRate: true,
      tenure: true,
      emi: true,
      customer: { select: { name: true, userNumber: true } },
      installments: {
        select: { emiNumber: true, dueDate: true, emiAmount: true, principalAmount: true, interestAmount: true, lateFee: true, paidAmount: true, status: true },
        orderBy: { emiNumber: "asc" },
      },
    },
  });
  if (!loan || loan.disbursedAmount === null || loan.installments.length === 0) return null;
  const today = dhakaToday();
  const policy = (await lateFeePolicies())[loan.loanType];
  return {
    loanNumber: loan.loanNumber,
    borrower: loan.customer.name,
    customerNumber: loan.customer.userNumber,
    disbursedAmount: loan.disbursedAmount,
    disbursedOn: loan.disbursedAt ? dhakaToday(loan.disbursedAt) : null,
    annualRate: loan.interestRate.toNumber(),
    tenure: loan.tenure,
    emi: loan.emi,
    // Each instalment's late fee and state as of today, as the repayments screen and the loan's schedule show them.
    installments: loan.installments.map((i) => {
      const now = installmentNow(stored(i), today, policy);
      return {
        emiNumber: i.emiNumber,
        dueDate: isoDateOf(i.dueDate),
        emiAmount: i.emiAmount,
        principal: i.principalAmount,
        interest: i.interestAmount,
        lateFee: now.lateFee,
        paid: i.paidAmount,
        status: now.state,
      };
    }),
  };
}
