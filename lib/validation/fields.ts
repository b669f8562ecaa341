/**
 * Field schemas shared by every form's zod schema (wizard, back office, society tool). Messages are keys
 * of the "validation" namespace. Pure: forms and server actions import the same pieces.
 */
import { z } from "zod";
import { dhakaToday, parseNumberInput, toAsciiDigits } from "@/lib/format";
import type { ValidationMessageKey } from "@/lib/applications/validation-keys";
import { normalizeBdMobile, normalizeNid } from "./bd";

export const msg = (key: ValidationMessageKey) => ({ error: key });

/**
 * A number typed as text (Bengali digits allowed) within [min, max] with at most `decimals` decimals; `message` says
 * what is wrong otherwise (default: "enter a whole number").
 */
export const typedNumber = (min: number, max: number, decimals: number, message: ValidationMessageKey = "invalidNumber") =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : (parseNumberInput(v) ?? Number.NaN)) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? "required" : message) })
      .refine((n) => Number.isFinite(n) && n >= min && n <= max, message)
      .refine((n) => Number.isInteger(Math.round(n * 10 ** decimals * 1e6) / 1e6), message),
  );

/**
 * Control characters (NUL among them: PostgreSQL refuses it in text) belong in no id and no one-line value; only a
 * hand-made request carries them.
 */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
export const isPrintable = (value: string) => !CONTROL_CHARACTER.test(value);

/** Record ids (cuids) travel as opaque strings; the server always looks them up inside their society. */
export const recordId = z.string(msg("required")).trim().min(1, msg("required")).max(64, msg("required")).refine(isPrintable, msg("required"));

/** Required text, trimmed, at most `max` characters. */
export const requiredText = (max: number) => z.string(msg("required")).trim().min(1, msg("required")).max(max, msg("tooLong"));

/** Optional text, trimmed, at most `max` characters; nothing typed leaves as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, msg("tooLong"))
    .optional()
    .transform((v) => (v ? v : null));

/** Bank account numbers as typed (Bengali digits too), kept with ASCII digits so they read the same everywhere. */
const asciiDigits = (v: unknown) => (typeof v === "string" ? toAsciiDigits(v) : v);
export const requiredBankAccount = () => z.preprocess(asciiDigits, requiredText(40));
export const optionalBankAccount = () => z.preprocess(asciiDigits, optionalText(40));

/** A calendar date (YYYY-MM-DD) that exists and is not after today in Dhaka. */
export const pastOrTodayDate = z
  .string(msg("required"))
  .trim()
  .min(1, msg("required"))
  .refine((v) => isRealIsoDate(v) && v <= dhakaToday(), msg("invalidDate"));

/** A calendar date (YYYY-MM-DD) that exists and is not before today in Dhaka. */
export const todayOrLaterDate = z
  .string(msg("required"))
  .trim()
  .min(1, msg("required"))
  .refine((v) => isRealIsoDate(v) && v >= dhakaToday(), msg("invalidDate"));

/** A Bangladeshi mobile number in any usual form (Bengali digits too), leaving as E.164. */
export const bdMobileField = () =>
  z
    .string(msg("required"))
    .trim()
    .min(1, msg("required"))
    .transform((v, ctx) => {
      const e164 = normalizeBdMobile(v);
      if (!e164) ctx.addIssue({ code: "custom", message: "invalidPhone" });
      return e164 ?? v;
    });

/** An NID number of 10, 13 or 17 digits, leaving as digits only. */
export const nidField = () =>
  z
    .string(msg("required"))
    .trim()
    .min(1, msg("required"))
    .transform((v, ctx) => {
      const nid = normalizeNid(v);
      if (!nid) ctx.addIssue({ code: "custom", message: "invalidNid" });
      return nid ?? v;
    });

/** YYYY-MM-DD naming a day that exists (not 2026-02-30). */
export function isRealIsoDate(value: string): boolean {
  const parts = ISO_DATE.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // Arithmetic rather than a Date round trip: a restore checks 300,000 of these.
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : DAYS_IN_MONTH[month - 1]!);
}
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A calendar date (YYYY-MM-DD) as stored in `@db.Date` columns (UTC midnight), and back. */
export function calendarDateOf(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function isoDateOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
