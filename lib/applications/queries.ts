import "server-only";
import { prisma } from "@/lib/db";
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
    },
  });
  if (!row) return null;
  const { kycCases, ...application } = row;
  return {
    ...application,
    kycResubmission: kycCases[0] ? { reason: kycCases[0].rejectionReason ?? "" } : null,
    rejectionReason: application.status === "rejected" ? application.rejectionReason : null,
    submittedAt: application.submittedAt.toISOString(),
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
  };
}
