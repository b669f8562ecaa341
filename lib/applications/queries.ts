import "server-only";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { installmentStatus } from "@/lib/repayments/installments";
import { isoDateOf } from "@/lib/validation/fields";
import type { ApplicantStatusView } from "./types";

/** The public ID of the application submitted with this idempotency key, if any. */
export async function findApplicationIdByIdempotencyKey(idempotencyKey: string): Promise<string | null> {
  const row = await prisma.loanApplication.findUnique({
    where: { idempotencyKey },
    select: { applicationId: true },
  });
  return row?.applicationId ?? null;
}

/**
 * The application with this public ID and phone number (both already normalized), or null.
 * One query for both conditions: a wrong phone and an unknown ID look the same from outside.
 */
export async function findApplicationStatusForApplicant(
  applicationId: string,
  phoneE164: string,
): Promise<ApplicantStatusView | null> {
  const row = await prisma.loanApplication.findFirst({
    where: { applicationId, phone: phoneE164 },
    select: {
      applicationId: true,
      status: true,
      rejectionReason: true,
      loanType: true,
      amount: true,
      tenure: true,
      submittedAt: true,
      reviewedAt: true,
      kycCases: { where: { status: "resubmission_required" }, select: { rejectionReason: true }, orderBy: { submittedAt: "desc" }, take: 1 },
      loan: {
        select: {
          loanNumber: true,
          status: true,
          interestRate: true,
          installments: {
            select: { emiNumber: true, dueDate: true, scheduledDate: true, emiAmount: true, lateFee: true, paidAmount: true },
            orderBy: { emiNumber: "asc" },
          },
        },
      },
    },
  });
  if (!row) return null;
  const { kycCases, loan, ...application } = row;
  const disbursed = loan && (loan.status === "disbursed" || loan.status === "closed");
  const today = dhakaToday();
  return {
    ...application,
    loan: disbursed
      ? {
          loanNumber: loan.loanNumber,
          annualRate: loan.interestRate.toNumber(),
          installments: loan.installments.map((i) => ({
            emiNumber: i.emiNumber,
            dueDate: isoDateOf(i.dueDate),
            scheduledDate: isoDateOf(i.scheduledDate ?? i.dueDate),
            amount: i.emiAmount + i.lateFee,
            // As of today, whatever was stored when the schedule was made.
            status: installmentStatus({ dueDate: isoDateOf(i.dueDate), emiAmount: i.emiAmount, lateFee: i.lateFee, paidAmount: i.paidAmount }, today),
          })),
        }
      : null,
    kycResubmission: kycCases[0] ? { reason: kycCases[0].rejectionReason ?? "" } : null,
    rejectionReason: application.status === "rejected" ? application.rejectionReason : null,
    submittedAt: application.submittedAt.toISOString(),
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
  };
}
