"use server";

import { z } from "zod";
import { defineSocietyAction } from "@/lib/society/action-client";
import { recordId } from "@/lib/society/schemas";
import { confirmHandover } from "./handover-service";
import { linkWorkerAccount } from "./link-service";
import { confirmHandoverSchema } from "./schemas";

/** The society admin confirms a worker's cash hand-over (never their own). */
export const confirmHandoverAction = defineSocietyAction({
  name: "society.field.confirmHandover",
  permission: "society.cash",
  input: confirmHandoverSchema,
  handler: (input, access) => confirmHandover(access, input),
});

/** The society admin names the staff account that collects as a worker in the field app (or none). */
export const linkWorkerAccountAction = defineSocietyAction({
  name: "society.field.linkWorker",
  permission: "society.cash",
  input: z.object({ workerId: recordId, staffUserId: recordId.nullable() }),
  handler: (input, access) => linkWorkerAccount(access, input),
});
