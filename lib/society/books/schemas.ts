/** The books' forms (shared by the form and the server action). */
import { z } from "zod";
import { wholeTaka } from "@/lib/applications/schemas";
import { recordId } from "@/lib/society/schemas";
import { pastOrTodayDate, requiredText } from "@/lib/validation/fields";

/** Close the books through a day (today or earlier): nothing dated on or before it can be posted afterwards. */
export const closeBooksSchema = z.object({ through: pastOrTodayDate });

/** A member takes savings out: whole taka, more than zero (Bengali digits accepted). */
export const withdrawalSchema = z.object({ memberId: recordId, amount: wholeTaka("invalidAmount") });

/** A second person approves a withdrawal waiting above the society's limit. */
export const approveWithdrawalSchema = z.object({ withdrawalId: recordId });

/** Or refuses it, saying why. */
export const rejectWithdrawalSchema = z.object({ withdrawalId: recordId, note: requiredText(300) });
