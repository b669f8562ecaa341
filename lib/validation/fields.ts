/**
 * Field schemas shared by every form's zod schema (wizard, back office, society tool). Messages are keys
 * of the "validation" namespace. Pure: forms and server actions import the same pieces.
 */
import { z } from "zod";
import type { ValidationMessageKey } from "@/lib/applications/validation-keys";
import { normalizeBdMobile, normalizeNid } from "./bd";

export const msg = (key: ValidationMessageKey) => ({ error: key });

/** Required text, trimmed, at most `max` characters. */
export const requiredText = (max: number) => z.string(msg("required")).trim().min(1, msg("required")).max(max, msg("tooLong"));

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
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A calendar date (YYYY-MM-DD) as stored in `@db.Date` columns (UTC midnight), and back. */
export function calendarDateOf(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function isoDateOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
