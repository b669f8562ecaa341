/**
 * KYC verification's validation, shared by the screen's dialogs and the server actions. Messages are keys
 * of the "validation" namespace.
 */
import { z } from "zod";
import { KycCaseStatus, KycPriority } from "@/lib/generated/prisma/enums";
import { bdMobileField, isPrintable, msg, requiredText } from "@/lib/validation/fields";
import { choiceParam, pageParam, searchParam } from "@/lib/validation/search-params";

/** A case's public number, "KYC-000123". */
export const caseNumberField = z
  .string(msg("required"))
  .trim()
  .regex(/^KYC-\d{1,12}$/, msg("required"));

export const MAX_KYC_TEXT_LENGTH = 1000;

export const approveKycSchema = z.object({ caseNumber: caseNumberField });
/** Rejecting a case, or asking for a new document: the applicant is told why. */
export const rejectKycSchema = z.object({ caseNumber: caseNumberField, reason: requiredText(MAX_KYC_TEXT_LENGTH) });
export const requestResubmissionSchema = rejectKycSchema;

/** A KYC document's id (a cuid), as the case screen sends it. */
export const kycDocumentIdField = z.string(msg("required")).min(1, msg("required")).max(40).refine(isPrintable, msg("required"));

export const decideKycDocumentSchema = z.object({
  documentId: kycDocumentIdField,
  decision: z.enum(["verified", "rejected"], msg("required")),
});

/** Empty assignee = unassigned. */
export const assignKycSchema = z.object({
  caseNumber: caseNumberField,
  assigneeId: z.string().max(40).nullable(),
});

export const addKycNoteSchema = z.object({ caseNumber: caseNumberField, content: requiredText(MAX_KYC_TEXT_LENGTH) });

/** The public resubmission page: the link's token and the applicant's phone (the photo travels as a file). */
export const kycResubmissionSchema = z.object({
  token: z.string(msg("required")).trim().regex(/^[A-Za-z0-9_-]{20,100}$/, msg("invalidLink")),
  phone: bdMobileField(),
});

/** The queue's tabs (admin spec: Pending = pending_review + under_review, Approved, Rejected, All KYC). */
export const KYC_TABS = ["pending", "approved", "rejected", "all"] as const;
export type KycTab = (typeof KYC_TABS)[number];
export const KYC_STATUS_FILTERS = ["any", ...Object.values(KycCaseStatus)] as const;
export const KYC_PRIORITY_FILTERS = ["any", ...Object.values(KycPriority)] as const;

/** URL search parameters of /admin/kyc, forgiving: anything unknown falls back to the default. */
export const kycListFiltersSchema = z.object({
  tab: choiceParam(KYC_TABS, "pending"),
  q: searchParam,
  status: choiceParam(KYC_STATUS_FILTERS, "any"),
  priority: choiceParam(KYC_PRIORITY_FILTERS, "any"),
  page: pageParam,
});
export type KycListFilters = z.output<typeof kycListFiltersSchema>;
