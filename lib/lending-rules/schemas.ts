/**
 * The lending rules' and the holiday calendar's validation (issue 26), shared by the forms, the CSV import and the
 * server actions. Messages are keys of the "validation" namespace. Dates are YYYY-MM-DD (Asia/Dhaka).
 */
import { z } from "zod";
import { toAsciiDigits } from "@/lib/format";
import { isRealIsoDate, msg, requiredText } from "@/lib/validation/fields";
import { choiceParam } from "@/lib/validation/search-params";

export const MAX_HOLIDAY_NAME_LENGTH = 100;
/** An import file's text: a few years of holidays. */
export const MAX_HOLIDAY_CSV_LENGTH = 100_000;

/** A calendar date as typed or picked (Bengali digits too). */
export const calendarDay = z.preprocess(
  (v) => (typeof v === "string" ? toAsciiDigits(v).trim() : v),
  z.string(msg("required")).min(1, msg("required")).refine(isRealIsoDate, msg("invalidDate")),
);

/** Whose holiday: blank for the whole lender (a government holiday), else an office's local one (decision 0259). */
const holidayOffice = z.string().trim().max(64).optional();

export const holidaySchema = z.object({
  date: calendarDay,
  nameBn: requiredText(MAX_HOLIDAY_NAME_LENGTH),
  nameEn: requiredText(MAX_HOLIDAY_NAME_LENGTH),
  officeId: holidayOffice,
});
export type HolidayInput = z.input<typeof holidaySchema>;
export type HolidayValues = z.output<typeof holidaySchema>;

export const removeHolidaySchema = z.object({ date: calendarDay, officeId: holidayOffice });

export const importHolidaysSchema = z.object({
  csv: z.string(msg("required")).min(1, msg("required")).max(MAX_HOLIDAY_CSV_LENGTH, msg("tooLong")),
});

/** "Apply to open loans": nothing to type; it applies the calendar as it is when it runs. */
export const applyCalendarSchema = z.object({});

/** The years the calendar page shows: this year, the last and the next two. */
export function calendarYears(today: string): string[] {
  const year = Number(today.slice(0, 4));
  return [year - 1, year, year + 1, year + 2].map(String);
}

export const calendarFiltersSchema = (today: string) =>
  z.object({ year: choiceParam(calendarYears(today) as [string, ...string[]], today.slice(0, 4)) });
