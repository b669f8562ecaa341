import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { allocateNumberedCode } from "@/lib/ids/allocate";

type ApprovedApplication = {
  id: string;
  applicationId: string;
  loanType: Prisma.LoanCreateInput["loanType"];
  amount: number;
  tenure: number;
  interestRate: Prisma.Decimal;
  emi: number;
  purpose: string;
  monthlyIncome: number;
  existingLoans: number | null;
  submittedAt: Date;
  nidImageId: string | null;
};

/**
 * Turns an approved application into a loan awaiting the credit decision (`pending_approval`), with the
 * documents loan management checks: the NID card (pending) and the application form itself (verified:
 * the online form is the application record), and a system note saying where the loan came from. The risk
 * level keeps the schema's default until loan assessment sets it. Inside the caller's transaction.
 */
export async function createLoanFromApplication(
  tx: Prisma.TransactionClient,
  application: ApprovedApplication,
  customerId: string,
  reviewer: { name: string },
  now = new Date(),
): Promise<{ id: string; loanNumber: string }> {
  const loanNumber = await allocateNumberedCode(tx, "loan");
  const loan = await tx.loan.create({
    data: {
      loanNumber,
      customerId,
      applicationId: application.id,
      loanType: application.loanType,
      requestedAmount: application.amount,
      tenure: application.tenure,
      interestRate: application.interestRate,
      emi: application.emi,
      purpose: application.purpose,
      status: "pending_approval",
      monthlyIncome: application.monthlyIncome,
      existingLoans: application.existingLoans,
      submittedAt: application.submittedAt,
      documents: {
        create: [
          { type: "nid_front", documentId: application.nidImageId, status: "pending", uploadedAt: application.submittedAt },
          { type: "application_form", status: "verified", uploadedAt: application.submittedAt },
        ],
      },
      notes: {
        create: { content: `Created from application ${application.applicationId}, approved by ${reviewer.name}.`, createdAt: now },
      },
    },
    select: { id: true, loanNumber: true },
  });
  return loan;
}
