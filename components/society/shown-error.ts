import type { Locale } from "@/i18n/config";
import type { ActionError } from "@/lib/auth/action-result";
import { formatCalendarDate, formatNumber } from "@/lib/format";

/**
 * A refusal's details as its sentence shows them on this screen. Messages read a count (`count`) and a day (`through`,
 * YYYY-MM-DD) as plain text, which prints ASCII digits inside a Bengali sentence: the count takes the screen's digits,
 * the day becomes a date. Amounts keep the messages' own number format; codes and names stay as typed.
 */
export function withShownDetails(error: ActionError | null, locale: Locale): ActionError | null {
  if (!error?.details) return error;
  const details = { ...error.details };
  if (typeof details.count === "number") details.count = formatNumber(details.count, locale);
  if (typeof details.through === "string" && /^\d{4}-\d{2}-\d{2}$/.test(details.through)) details.through = formatCalendarDate(details.through, locale);
  return { ...error, details };
}
