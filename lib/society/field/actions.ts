"use server";

import { z } from "zod";
import { defineSocietyAction } from "@/lib/society/action-client";
import { recordId } from "@/lib/society/schemas";
import { confirmHandover, receiveWorkerCash } from "./handover-service";
import { linkWorkerAccount } from "./link-service";
import { confirmHandoverSchema, receiveWorkerCashSchema } from "./schemas";

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
