"use server";

import { z } from "zod";
import { defineSocietyAction } from "@/lib/society/action-client";
import { recordId } from "@/lib/society/schemas";
import { confirmHandover, receiveWorkerCash } from "./handover-service";
import { linkWorkerAccount } from "./link-service";
import { decideMovedEntry, moveMember } from "./moved-entry-service";
import { confirmHandoverSchema, decideMovedEntrySchema, moveMemberSchema, receiveWorkerCashSchema } from "./schemas";

/** The society admin confirms a worker's cash hand-over (never their own). */
export const confirmHandoverAction = defineSocietyAction({
  name: "society.field.confirmHandover",
  permission: "society.cash",
  input: confirmHandoverSchema,
  handler: (input, access) => confirmHandover(access, input),
});

/** At the office, the society admin receives the cash a worker holds on the books (from the office's sheet, or the field app). */
export const receiveWorkerCashAction = defineSocietyAction({
  name: "society.field.receiveCash",
  permission: "society.cash",
  input: receiveWorkerCashSchema,
  handler: (input, access) => receiveWorkerCash(access, input),
});

/** The society admin names the staff account that collects as a worker in the field app (or none). */
export const linkWorkerAccountAction = defineSocietyAction({
  name: "society.field.linkWorker",
  permission: "society.cash",
  input: z.object({ workerId: recordId, staffUserId: recordId.nullable() }),
  handler: (input, access) => linkWorkerAccount(access, input),
});

/** The society admin moves a member to another worker (both phones learn it at their next sync). */
export const moveMemberAction = defineSocietyAction({
  name: "society.member.move",
  permission: "society.cash",
  input: moveMemberSchema,
  handler: (input, access) => moveMember(access, input),
});

/** The society admin approves or refuses an entry a phone made for a member the office had moved (never their own). */
export const decideMovedEntryAction = defineSocietyAction({
  name: "society.field.decideMovedEntry",
  permission: "society.cash",
  input: decideMovedEntrySchema,
  handler: (input, access) => decideMovedEntry(access, input),
});
