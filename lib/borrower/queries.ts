import "server-only";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { installmentNow } from "@/lib/repayments/installments";
import { settlementRows, settlementQuote } from "@/lib/repayments/early-repayment";
import type { LateFeePolicy } from "@/lib/repayments/installments";
import { lateFeePolicies } from "@/lib/repayments/queries";
import { owedOn, type InstallmentRow } from "@/lib/repayments/service";
import { isoDateOf } from "@/lib/validation/fields";
import { linkInMessage, nextInstallment, outstandingOf } from "./account-view";
import type { BorrowerAccountView } from "./types";

/** Newest first; a borrower with more opens the office's statement, not a longer page. */
const MAX_APPLICATIONS = 20;
const MAX_LOANS = 10;
const MAX_PAYMENTS_PER_LOAN = 60;
const MAX_MESSAGES = 20;

/** What settles the loan today, as the branch's settlement form computes it (the same rows, the same quote). */
function settlementToday(installments: (InstallmentRow & { status: string })[], today: string, disbursedOn: string, policy: LateFeePolicy) {
  const unpaid = installments.filter((i) => i.status !== "paid");
  const quote = settlementQuote(settlementRows(installments.filter((i) => i.status === "paid"), owedOn(unpaid, today, policy)), today, disbursedOn);
  return { total: quote.total, principal: quote.principal, interest: quote.interest, lateFees: quote.lateFees };
}

/**
 * Everything /account shows a signed-in borrower, read for their phone AND their NID only: applications made with
 * both, the loans of the customer with both. Every figure is the database's, as of today in Asia/Dhaka.
 */
export async function borrowerAccountView(who: { phone: string; nid: string }, now = new Date()): Promise<BorrowerAccountView> {
  const [applications, customer] = await Promise.all([
    prisma.loanApplication.findMany({
      where: { phone: who.phone, nid: who.nid },
      orderBy: { submittedAt: "desc" },
      take: MAX_APPLICATIONS,
      select: {
        applicationId: true,
        name: true,
        status: true,
        loanType: true,
        amount: true,
        tenure: true,
        submittedAt: true,
        reviewedAt: true,
        rejectionReason: true,
        id: true,
        kycCases: {
          orderBy: { submittedAt: "desc" },
          select: { id: true, status: true, rejectionReason: true, resubmissionExpiresAt: true },
        },
      },
    }),
    prisma.customer.findFirst({
      where: { phone: who.phone, nid: who.nid },
      select: {
        name: true,
        kycCases: { select: { id: true } },
        loans: {
          orderBy: { submittedAt: "desc" },
          take: MAX_LOANS,
          select: {
            loanNumber: true,
            loanType: true,
            status: true,
            requestedAmount: true,
            approvedAmount: true,
            disbursedAmount: true,
            disbursedAt: true,
            interestRate: true,
            tenure: true,
            emi: true,
            installments: {
              orderBy: { emiNumber: "asc" },
              select: {
                id: true,
                emiNumber: true,
                dueDate: true,
                scheduledDate: true,
                emiAmount: true,
                principalAmount: true,
                interestAmount: true,
                lateFee: true,
                paidAmount: true,
                status: true,
                // What standing payments put in, by part: the settlement figure (a reversed payment's was given back).
                allocations: { where: { payment: { status: "completed" } }, select: { lateFee: true, interest: true, principal: true } },
              },
            },
            payments: {
              orderBy: [{ paymentDate: "desc" }, { createdAt: "desc" }],
              take: MAX_PAYMENTS_PER_LOAN,
              select: { id: true, paymentNumber: true, amount: true, method: true, reference: true, paymentDate: true, status: true },
            },
          },
        },
      },
    }),
  ]);

  // Messages to this number about this person's own records only: a shared or reassigned number shows nobody else's
  // (another person's KYC link, reminders of their loan).
  const loans = customer?.loans ?? [];
  const about = [
    { entityType: "LoanApplication", entityId: { in: applications.map((a) => a.id) } },
    { entityType: "KycCase", entityId: { in: [...applications.flatMap((a) => a.kycCases.map((k) => k.id)), ...(customer?.kycCases ?? []).map((k) => k.id)] } },
    { entityType: "LoanInstallment", entityId: { in: loans.flatMap((l) => l.installments.map((i) => i.id)) } },
    { entityType: "LoanPayment", entityId: { in: loans.flatMap((l) => l.payments.map((p) => p.id)) } },
  ].filter((c) => c.entityId.in.length > 0);
  const messages = about.length
    ? await prisma.outboxMessage.findMany({
        where: { recipient: who.phone, OR: about },
        orderBy: { createdAt: "desc" },
        take: MAX_MESSAGES,
        select: { id: true, channel: true, language: true, template: true, body: true, status: true, createdAt: true, entityType: true, entityId: true },
      })
    : [];

  const today = dhakaToday(now);
  const policies = await lateFeePolicies();
  return {
    name: customer?.name ?? applications[0]?.name ?? null,
    applications: applications.map((a) => {
      const kyc = a.kycCases.find((k) => k.status === "resubmission_required");
      const open = kyc && (!kyc.resubmissionExpiresAt || kyc.resubmissionExpiresAt > now);
      const sms = kyc ? messages.find((m) => m.entityType === "KycCase" && m.entityId === kyc.id && m.template === "kyc.resubmission") : undefined;
      return {
        applicationId: a.applicationId,
        status: a.status,
        loanType: a.loanType,
        amount: a.amount,
        tenure: a.tenure,
        submittedAt: a.submittedAt.toISOString(),
        reviewedAt: a.reviewedAt?.toISOString() ?? null,
        rejectionReason: a.status === "rejected" ? a.rejectionReason : null,
        kycResubmission: open ? { reason: kyc.rejectionReason ?? "", link: sms ? linkInMessage(sms.body) : null } : null,
      };
    }),
    loans: loans.map((loan) => {
      // The late fee due today and the state, as the back office's screens show them (installmentNow).
      const installments = loan.installments.map((i) => {
        const dueDate = isoDateOf(i.dueDate);
        const state = installmentNow({ dueDate, emiAmount: i.emiAmount, lateFee: i.lateFee, paidAmount: i.paidAmount, status: i.status }, today, policies[loan.loanType]);
        return {
          emiNumber: i.emiNumber,
          dueDate,
          scheduledDate: i.scheduledDate ? isoDateOf(i.scheduledDate) : dueDate,
          emiAmount: i.emiAmount,
          lateFee: state.lateFee,
          paid: i.paidAmount,
          status: state.state,
        };
      });
      return {
        loanNumber: loan.loanNumber,
        loanType: loan.loanType,
        status: loan.status,
        amount: loan.disbursedAmount ?? loan.approvedAmount ?? loan.requestedAmount,
        annualRate: loan.interestRate.toNumber(),
        tenure: loan.tenure,
        emi: loan.emi,
        disbursedOn: loan.disbursedAt ? dhakaToday(loan.disbursedAt) : null,
        outstanding: outstandingOf(installments),
        next: nextInstallment(installments, today),
        settlementToday: loan.status === "disbursed" && loan.disbursedAt ? settlementToday(loan.installments, today, dhakaToday(loan.disbursedAt), policies[loan.loanType]) : null,
        installments,
        payments: loan.payments.map((p) => ({ paymentNumber: p.paymentNumber, amount: p.amount, method: p.method, reference: p.reference, paymentDate: isoDateOf(p.paymentDate), status: p.status })),
      };
    }),
    messages: messages.map((m) => ({ id: m.id, channel: m.channel, language: m.language, template: m.template, body: m.body, status: m.status, createdAt: m.createdAt.toISOString() })),
  };
}
