import "server-only";
import { prisma } from "@/lib/db";
import type { ApplicationStatusKey } from "./types";
import type { LoanTypeKey } from "./rules";

/** The public ID of the application submitted with this idempotency key, if any. */
export async function findApplicationIdByIdempotencyKey(idempotencyKey: string): Promise<string | null> {
  const row = await prisma.loanApplication.findUnique({
    where: { idempotencyKey },
    select: { applicationId: true },
  });
  return row?.applicationId ?? null;
}

/** What an applicant may see about their own application on /status. */
export type ApplicantStatusView = {
  applicationId: string;
  status: ApplicationStatusKey;
  /** Only for rejected applications. */
  rejectionReason: string | null;
  loanType: LoanTypeKey;
  amount: number;
  tenure: number;
  submittedAt: Date;
  reviewedAt: Date | null;
};

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
    },
  });
  if (!row) return null;
  return { ...row, rejectionReason: row.status === "rejected" ? row.rejectionReason : null };
}
