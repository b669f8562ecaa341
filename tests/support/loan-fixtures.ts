/**
 * Loans for integration tests, made through the real flow: an application submitted and approved by a loan officer
 * becomes a loan; the credit decision and the disbursement each by another staff member. Needs the products seeded.
 */
import { randomUUID } from "node:crypto";
import { approveApplication } from "@/lib/applications/review-actions";
import { handleApplicationSubmission } from "@/lib/applications/service";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { approveLoanAction, disburseLoanAction } from "@/lib/loans/actions";
import type { DisbursementChannel } from "@/lib/loans/disbursement-channel";
import type { recordPaymentAction } from "@/lib/repayments/actions";
import { freshIp, submissionForm, validPayload, type RawApplicationPayload } from "./application-fixtures";
import { actAs } from "./staff-session";

let nidCounter = 0;

/** A salary loan of 2,00,000 over 24 months awaiting its credit decision; `reviewer` approved the application. */
export async function pendingLoan(applicant: RawApplicationPayload = {}) {
  nidCounter += 1;
  const nid = String(7_100_000_000 + Date.now() % 1_000_000 * 100 + nidCounter).slice(0, 10);
  // Dhaka North: routed to the main branch where the demo data's routes are seeded (and the only branch where not).
  const submitted = await handleApplicationSubmission(submissionForm(validPayload({ nid, phone: `0171${String(1_000_000 + nidCounter).slice(-7)}`, upazilaCode: "493", ...applicant })), {
    ip: freshIp(),
    userAgent: "vitest",
  });
  if (!submitted.ok) throw new Error(JSON.stringify(submitted));
  const reviewer = await actAs("loan_officer");
  const approved = await approveApplication({ applicationId: submitted.applicationId });
  if (!approved.ok || !approved.data.loanNumber) throw new Error(JSON.stringify(approved));
  const loan = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: approved.data.loanNumber }, include: { customer: true } });
  return { loanNumber: loan.loanNumber, reviewer, customer: loan.customer };
}

export const disbursement = (loanNumber: string) => ({ loanNumber, bankAccount: "1234567890", bankName: "Sonali Bank", scheduledDate: dhakaToday() });

export async function disbursedLoan(amount = "১,৫০,০০০", extra: { firstDueDate?: string; channel?: DisbursementChannel } = {}, applicant: RawApplicationPayload = {}) {
  const loan = await pendingLoan(applicant);
  await actAs("loan_officer");
  const approved = await approveLoanAction({ loanNumber: loan.loanNumber, amount });
  if (!approved.ok) throw new Error(JSON.stringify(approved));
  await actAs("account_manager");
  const disbursed = await disburseLoanAction({ ...disbursement(loan.loanNumber), ...extra });
  if (!disbursed.ok) throw new Error(JSON.stringify(disbursed));
  return loan;
}

export type PaymentForm = Parameters<typeof recordPaymentAction>[0];
export const payment = (loan: { loanNumber: string; customer: { userNumber: string } }, fields: Partial<PaymentForm>): PaymentForm => ({
  memberId: loan.customer.userNumber,
  loanNumber: loan.loanNumber,
  method: "bkash",
  amount: "",
  paymentDate: dhakaToday(),
  reference: `TRX${randomUUID().slice(0, 8).toUpperCase()}`,
  notes: "",
  idempotencyKey: randomUUID(),
  ...fields,
});

