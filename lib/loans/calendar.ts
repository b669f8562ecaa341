/**
 * The lender's calendar (MRA rules, issue 26): weekly days off and government holidays, the first instalment's
 * earliest date, and the dates of a monthly schedule with each date on a day off moved to the next working day.
 * Calendar dates are Asia/Dhaka dates as YYYY-MM-DD strings. Pure.
 */
import { addCalendarDays, addCalendarMonths } from "@/lib/repayments/schedule";

export type DaysOff = {
  /** 0 = Sunday … 6 = Saturday (Bangladesh: 5 and 6, Friday and Saturday). Fewer than seven. */
  weekly: readonly number[];
  /** Government holidays, YYYY-MM-DD. */
  holidays: ReadonlySet<string>;
};

/** What an office adds to the lender's calendar (decision 0259): its own weekly days off (empty: none of its own), local holidays. */
export type OfficeDaysOff = { weeklyDaysOff: readonly number[]; holidays: readonly string[] };

/**
 * A branch's days off: the weekly days off of the nearest office that sets its own (`offices` from the head office down
 * to the branch), else the lender's; the government holidays and every office's local holidays on top.
 */
export function branchDaysOff(lender: DaysOff, offices: readonly OfficeDaysOff[]): DaysOff {
  const own = [...offices].reverse().find((o) => o.weeklyDaysOff.length > 0);
  const holidays = new Set(lender.holidays);
  for (const office of offices) for (const day of office.holidays) holidays.add(day);
  return { weekly: own ? [...own.weeklyDaysOff] : lender.weekly, holidays };
}

/** 0 = Sunday … 6 = Saturday for a calendar date. */
export function weekdayOf(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay();
}

export function isDayOff(iso: string, daysOff: DaysOff): boolean {
  return daysOff.weekly.includes(weekdayOf(iso)) || daysOff.holidays.has(iso);
}

/** `iso` itself when it is a working day, otherwise the first working day after it. */
export function nextWorkingDay(iso: string, daysOff: DaysOff): string {
  if (daysOff.weekly.length >= 7) throw new RangeError("every day of the week is a day off");
  let day = iso;
  // A year of holidays in a row is not a calendar anyone keeps: stop rather than loop for ever.
  for (let i = 0; i < 366; i++) {
    if (!isDayOff(day, daysOff)) return day;
    day = addCalendarDays(day, 1);
  }
  throw new RangeError(`no working day within a year of ${iso}`);
}

/**
 * The earliest first instalment, before days off move it: one month after the disbursement, and never fewer than
 * `minDays` days after it (at a month's end a month can be 28 days; a rule of more than that pushes it later).
 */
export function earliestFirstScheduledDate(disbursedOn: string, minDays: number): string {
  const oneMonth = addCalendarMonths(disbursedOn, 1);
  const minimum = addCalendarDays(disbursedOn, minDays);
  return oneMonth >= minimum ? oneMonth : minimum;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type InstallmentDates = { scheduledDate: string; dueDate: string };

/**
 * `count` monthly dates from the first (each counted from the first, so the 31st stays the month's last day where
 * needed), each due on the next working day when it falls on a day off.
 */
export function installmentDates(firstScheduledOn: string, count: number, daysOff: DaysOff): InstallmentDates[] {
  return Array.from({ length: count }, (_, i) => {
    const scheduledDate = addCalendarMonths(firstScheduledOn, i);
    return { scheduledDate, dueDate: nextWorkingDay(scheduledDate, daysOff) };
  });
}
