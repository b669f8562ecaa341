/** Shapes exchanged between the application wizard, /status and the server actions (no server imports). */
import type { ApplicationStatus } from "@/lib/generated/prisma/enums";
import type { LoanTypeKey } from "./rules";
import type { ValidationMessageKey } from "./schemas";

/** Why a card image was refused; keys of the "validation" message namespace. */
export type ImageErrorKey = "imageMissing" | "imageTooLarge" | "imageNotImage" | "imageExpired";

export type SubmitApplicationResult =
  | { ok: true; applicationId: string }
  | { ok: false; error: "validation"; fieldErrors: Partial<Record<string, ValidationMessageKey>> }
  | { ok: false; error: "image"; imageError: ImageErrorKey }
  | { ok: false; error: "rateLimited" }
  | { ok: false; error: "server" };

/** `token` names the checked photo for the submission; null when the check could not hold it (then the submission uploads it). */
/** What OCR read from the card for the wizard to propose (never a verification). Dates are YYYY-MM-DD. */
export type CardProposal = { nidNumber: string | null; fullName: string | null; dateOfBirth: string | null };

export type CheckNidImageResult = { ok: true; token: string | null; card: CardProposal | null } | { ok: false; error: ImageErrorKey | "rateLimited" };

export type ApplicationStatusKey = ApplicationStatus;

/** What an applicant may see about their own application on /status; instants as ISO strings (it goes to the browser). */
export type ApplicantStatusView = {
  applicationId: string;
  status: ApplicationStatusKey;
  /** Only for rejected applications. */
  rejectionReason: string | null;
  loanType: LoanTypeKey;
  amount: number;
  tenure: number;
  submittedAt: string;
  reviewedAt: string | null;
  /** Set while the identity check waits for a new card photo from the applicant: the officer's reason. */
  kycResubmission: { reason: string } | null;
  /** Once the loan is disbursed: its schedule, for the borrower to follow (dates YYYY-MM-DD, Asia/Dhaka). */
  loan: {
    loanNumber: string;
    /** Nominal yearly percent on the declining balance. */
    annualRate: number;
    installments: { emiNumber: number; dueDate: string; scheduledDate: string; amount: number; status: "paid" | "due_today" | "overdue" | "upcoming" | "partial" }[];
  } | null;
};

export type ApplicationStatusLookupResult =
  | ({ ok: true } & ApplicantStatusView)
  | { ok: false; error: "notFound" | "validation" | "rateLimited" };
