/**
 * The KYC case's state machine as a table (pure): which decision may leave which status, and where it goes.
 * Every change in lib/kyc/service.ts is one guarded UPDATE on these `from` statuses, so of concurrent
 * decisions exactly one finds the case as expected.
 */
import type { KycCaseStatus, KycStatus } from "@/lib/generated/prisma/enums";

export const KYC_TRANSITIONS = {
  /** An officer takes the case (assignment). */
  startReview: { from: ["pending_review"], to: "under_review" },
  approve: { from: ["pending_review", "under_review"], to: "approved" },
  reject: { from: ["pending_review", "under_review"], to: "rejected" },
  requestResubmission: { from: ["pending_review", "under_review"], to: "resubmission_required" },
  /** The applicant sent a new card photo through the link. */
  resubmitted: { from: ["resubmission_required"], to: "pending_review" },
} as const satisfies Record<string, { from: readonly KycCaseStatus[]; to: KycCaseStatus }>;

export type KycTransition = keyof typeof KYC_TRANSITIONS;

export function canTransition(transition: KycTransition, from: KycCaseStatus): boolean {
  return (KYC_TRANSITIONS[transition].from as readonly KycCaseStatus[]).includes(from);
}

/** Cases an officer still has to decide: the queue's Pending tab and the Pending Review card. */
export const OPEN_KYC_STATUSES = ["pending_review", "under_review"] as const satisfies readonly KycCaseStatus[];

export function isOpenKycStatus(status: KycCaseStatus): boolean {
  return (OPEN_KYC_STATUSES as readonly KycCaseStatus[]).includes(status);
}

/** A customer's KYC status is their latest case's, in the customer screen's three words. */
export function customerKycStatusFor(caseStatus: KycCaseStatus | null): KycStatus {
  if (caseStatus === "approved") return "verified";
  if (caseStatus === "rejected") return "rejected";
  return "pending";
}
