"use server";
import { defineAction } from "@/lib/auth/action-client";
import { assignApplicationBranch, decideApplication } from "./review-service";
import { approveApplicationSchema, assignApplicationBranchSchema, markUnderReviewSchema, rejectApplicationSchema } from "./review-schemas";

export const markApplicationUnderReview = defineAction({
  name: "applications.under_review",
  permission: "applications.decide",
  input: markUnderReviewSchema,
  handler: (input, ctx) => decideApplication(ctx, { applicationId: input.applicationId, decision: "under_review" }),
});

export const approveApplication = defineAction({
  name: "applications.approve",
  permission: "applications.decide",
  input: approveApplicationSchema,
  handler: (input, ctx) => decideApplication(ctx, { applicationId: input.applicationId, decision: "approved" }),
});

export const rejectApplication = defineAction({
  name: "applications.reject",
  permission: "applications.decide",
  input: rejectApplicationSchema,
  handler: (input, ctx) => decideApplication(ctx, { applicationId: input.applicationId, decision: "rejected", reason: input.reason }),
});

export const assignApplicationBranchAction = defineAction({
  name: "applications.assign_branch",
  permission: "applications.decide",
  input: assignApplicationBranchSchema,
  handler: (input, ctx) => assignApplicationBranch(ctx, input),
});
