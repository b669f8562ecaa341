/** Application review: the list's URL filters and the decision forms' schemas (shared with the forms). */
import { z } from "zod";
import { choiceParam, pageParam, searchParam } from "@/lib/validation/search-params";
import { normalizeApplicationId } from "./ids";

export const REVIEW_STATUS_FILTERS = ["all", "pending", "under_review", "approved", "rejected"] as const;
export type ReviewStatusFilter = (typeof REVIEW_STATUS_FILTERS)[number];

/** URL search parameters, forgiving: anything unknown falls back to the default instead of failing. */
export const reviewListFiltersSchema = z.object({
  q: searchParam,
  status: choiceParam(REVIEW_STATUS_FILTERS, "all"),
  page: pageParam,
});
export type ReviewListFilters = z.output<typeof reviewListFiltersSchema>;

export const MAX_REJECTION_REASON_LENGTH = 1000;

const applicationIdField = z.string().trim().min(1, "required").max(40, "tooLong");

/** An application's reference as stored ("LB-7K3Q-9M2X", or an older "LB1795336200123"), read as /status reads one. */
export const applicationReferenceField = applicationIdField.transform((v, ctx) => normalizeApplicationId(v) ?? (ctx.addIssue({ code: "custom", message: "required" }), z.NEVER));

export const markUnderReviewSchema = z.object({ applicationId: applicationIdField });
export const approveApplicationSchema = z.object({ applicationId: applicationIdField });
/** An application waiting in the head office's queue, assigned to a branch (issue 41). */
export const assignApplicationBranchSchema = z.object({ applicationId: applicationIdField, branchId: z.string().trim().min(1, "required").max(64, "tooLong") });
export type AssignApplicationBranchInput = z.input<typeof assignApplicationBranchSchema>;
export const rejectApplicationSchema = z.object({
  applicationId: applicationIdField,
  reason: z.string().trim().min(1, "required").max(MAX_REJECTION_REASON_LENGTH, "tooLong"),
});
export type RejectApplicationInput = z.input<typeof rejectApplicationSchema>;
