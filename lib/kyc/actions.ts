"use server";
import { defineAction } from "@/lib/auth/action-client";
import { addKycNoteSchema, approveKycSchema, assignKycSchema, decideKycDocumentSchema, rejectKycSchema, requestResubmissionSchema } from "./schemas";
import { addKycNote, assignKycCase, decideKycCase, decideKycDocument } from "./service";
import { deliverAfterResponse } from "@/lib/outbox/service";

export const approveKycAction = defineAction({
  name: "kyc.approve",
  permission: "kyc.decide",
  input: approveKycSchema,
  handler: (input, ctx) => decideKycCase(ctx, { caseNumber: input.caseNumber, decision: "approve" }),
});

export const rejectKycAction = defineAction({
  name: "kyc.reject",
  permission: "kyc.decide",
  input: rejectKycSchema,
  handler: (input, ctx) => decideKycCase(ctx, { ...input, decision: "reject" }),
});

export const requestKycResubmissionAction = defineAction({
  name: "kyc.request_resubmission",
  permission: "kyc.decide",
  input: requestResubmissionSchema,
  handler: async (input, ctx) => {
    const result = await decideKycCase(ctx, { ...input, decision: "requestResubmission" });
    if (result.ok) deliverAfterResponse();
    return result;
  },
});

export const decideKycDocumentAction = defineAction({
  name: "kyc.document",
  permission: "kyc.decide",
  input: decideKycDocumentSchema,
  handler: (input, ctx) => decideKycDocument(ctx, input),
});

export const assignKycAction = defineAction({
  name: "kyc.assign",
  permission: "kyc.decide",
  input: assignKycSchema,
  handler: (input, ctx) => assignKycCase(ctx, input),
});

export const addKycNoteAction = defineAction({
  name: "kyc.note",
  permission: "kyc.decide",
  input: addKycNoteSchema,
  handler: (input, ctx) => addKycNote(ctx, input),
});

