/** Inputs of the repayments screen's collection actions (Call Member, Send Reminder). Pure: forms and actions share them. */
import { z } from "zod";
import { requiredText } from "@/lib/validation/fields";

/** The instalment the call or reminder is about (its id, as the list's ?view= names it). */
export const collectionActionSchema = z.object({ installmentId: requiredText(40) });
export type CollectionActionInput = z.output<typeof collectionActionSchema>;
