/** Pieces of the back-office lists' URL filters: forgiving, so a hand-edited address falls back to defaults. */
import { z } from "zod";
import { toAsciiDigits } from "@/lib/format";

/** `?q=a&q=b` arrives as an array: the first one counts. */
export const firstValue = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** Search text, trimmed, at most 100 characters; "" when absent or unusable. */
export const searchParam = z.preprocess(firstValue, z.string().trim().max(100).catch("")).default("");

/** A page number (Bengali digits too), 1 when absent or unusable. */
export const pageParam = z.preprocess((v) => Number(toAsciiDigits(String(firstValue(v) ?? "1"))), z.number().int().min(1).max(100_000).catch(1));

/** One of `values`, else `fallback`. */
export const choiceParam = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(firstValue, z.enum(values).catch(fallback)).default(fallback);
