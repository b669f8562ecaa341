/** Pieces of the back-office lists' URL filters: forgiving, so a hand-edited address falls back to defaults. */
import { z } from "zod";
import { toAsciiDigits } from "@/lib/format";
import { isPrintable } from "./fields";

/** `?q=a&q=b` arrives as an array: the first one counts. */
export const firstValue = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** Search text, trimmed, at most 100 characters, one line; "" when absent or unusable. */
export const searchParam = z.preprocess(firstValue, z.string().trim().max(100).refine(isPrintable).catch("")).default("");

/** A page number (Bengali digits too), 1 when absent or unusable. */
export const pageParam = z.preprocess((v) => Number(toAsciiDigits(String(firstValue(v) ?? "1"))), z.number().int().min(1).max(100_000).catch(1));

/** One of `values`, else `fallback`. */
export const choiceParam = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(firstValue, z.enum(values).catch(fallback)).default(fallback);

/**
 * A back-office list's URL: `values` that differ from their `defaults` (empty text and page 1 are defaults too),
 * in the order given, so links stay short and the back button returns to the same filtered page.
 */
export function listHref(path: string, values: Record<string, string | number | undefined>, defaults: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === "" || value === defaults[key] || (key === "page" && value === 1)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}`;
}
