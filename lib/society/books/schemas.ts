/** The books' forms (shared by the form and the server action). */
import { z } from "zod";
import { pastOrTodayDate } from "@/lib/validation/fields";

/** Close the books through a day (today or earlier): nothing dated on or before it can be posted afterwards. */
export const closeBooksSchema = z.object({ through: pastOrTodayDate });
