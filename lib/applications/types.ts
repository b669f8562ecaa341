/** Shapes exchanged between the application wizard, /status and the server actions (no server imports). */
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
export type CheckNidImageResult = { ok: true; token: string | null } | { ok: false; error: ImageErrorKey | "rateLimited" };

export type ApplicationStatusKey = "pending" | "under_review" | "approved" | "rejected";

export type ApplicationStatusLookupResult =
  | {
      ok: true;
      applicationId: string;
      status: ApplicationStatusKey;
      rejectionReason: string | null;
      loanType: LoanTypeKey;
      amount: number;
      tenure: number;
      submittedAt: string; // ISO instant
      reviewedAt: string | null;
    }
  | { ok: false; error: "notFound" | "validation" | "rateLimited" };
