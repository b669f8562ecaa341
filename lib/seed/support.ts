import { sha256Hex } from "../crypto/hash";
import { addCalendarMonths } from "../repayments/schedule";

/**
 * Helpers that keep the demo data deterministic: the same ids, dates and bytes on every run
 * and every machine, so seeding twice inserts nothing new and two fresh databases are identical.
 */

/** Demo data is anchored to this Asia/Dhaka calendar date, never to the clock. */
export const REFERENCE_DATE = { year: 2026, month: 11, day: 20 } as const;

const DHAKA_OFFSET_HOURS = 6; // Asia/Dhaka is UTC+6 all year (no daylight saving).

/**
 * A stable cuid-shaped id for a demo row ("c" + 24 hex characters), so code that validates ids as
 * cuids accepts demo rows too.
 */
export function demoId(label: string): string {
  return `c${sha256Hex(`rinbondhu-demo:${label}`).slice(0, 24)}`;
}

export { sha256Hex };

/** A calendar date `offsetDays` from the reference date, as stored in `@db.Date` columns (UTC midnight). */
export function demoDate(offsetDays: number): Date {
  return new Date(Date.UTC(REFERENCE_DATE.year, REFERENCE_DATE.month - 1, REFERENCE_DATE.day + offsetDays));
}

/** A calendar date given explicitly (month 1-12), as stored in `@db.Date` columns. */
export function calendarDate(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

/** An instant `offsetDays` from the reference date at a Dhaka wall-clock time ("HH:MM"). */
export function demoTime(offsetDays: number, hhmm: string): Date {
  return atDhakaTime(demoDate(offsetDays), hhmm);
}

/** The instant of a calendar date (from demoDate/calendarDate) at a Dhaka wall-clock time ("HH:MM"). */
export function atDhakaTime(date: Date, hhmm: string): Date {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return new Date(date.getTime() + ((hours - DHAKA_OFFSET_HOURS) * 60 + minutes) * 60_000);
}

/** The same calendar day `months` later (day clamped to the month's length), as a repayment schedule counts. */
export function addMonths(date: Date, months: number): Date {
  return new Date(`${addCalendarMonths(date.toISOString().slice(0, 10), months)}T00:00:00Z`);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

export { societyCode } from "../society/codes";
