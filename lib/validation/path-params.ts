/**
 * The dynamic segments of an address ([loanNumber], [societyId], …) read with the same zod rules as the forms that
 * name the same ids. An address is typed by anyone: a NUL byte (PostgreSQL refuses it, a 500), a 5,000-character
 * value, an encoded slash or dot segment, another script's digits. Whatever does not pass a segment's rule is the
 * route's own "not found", decided before any lookup, audit row or log line; nothing here throws.
 */
import { notFound } from "next/navigation";
import type { z } from "zod";
import { CONTROL_CHARACTER } from "./fields";

/** Longer than any id of this app (record ids 64, codes 40); longer values are not looked at further. */
export const MAX_PATH_PARAM_LENGTH = 200;

/** A single path segment as no id of this app looks: empty, too long, a control character, a slash (%2F), a dot segment. */
function isPlausibleSegment(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length > 0 &&
    value.length <= MAX_PATH_PARAM_LENGTH &&
    !CONTROL_CHARACTER.test(value) &&
    !/[/\\]/.test(value) &&
    value !== "." &&
    value !== ".."
  );
}

/** One segment through its rule: the parsed value, or null. */
export function parsePathParam<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
  if (!isPlausibleSegment(value)) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export type PathParamRules = Record<string, z.ZodType>;
export type PathParamValues<R extends PathParamRules> = { [K in keyof R]: z.output<R[K]> };
type RawParams = Promise<Record<string, string | string[] | undefined>> | Record<string, string | string[] | undefined>;

/**
 * A route's `params` with one rule per segment (e.g. `{ loanNumber: loanNumberField }`): the parsed values, or null
 * when any segment fails its rule (or is missing). Route handlers answer null with their 404.
 */
export async function parsePathParams<R extends PathParamRules>(params: RawParams, rules: R): Promise<PathParamValues<R> | null> {
  const raw = await params;
  const values: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const value = parsePathParam(rule, raw[name]);
    if (value === null) return null;
    values[name] = value;
  }
  return values as PathParamValues<R>;
}

/** For pages: the parsed values, or the not-found page (notFound()). */
export async function pagePathParams<R extends PathParamRules>(params: RawParams, rules: R): Promise<PathParamValues<R>> {
  return (await parsePathParams(params, rules)) ?? notFound();
}

/** The plain 404 a route handler answers for an address that names nothing (never cached). */
export function notFoundResponse(): Response {
  return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" } });
}

/** Any text from an address, safe for a log line or an audit row: control characters as "?", at most `max` characters. */
export function printable(value: string, max = 300): string {
  return value.replace(new RegExp(CONTROL_CHARACTER.source, "g"), "?").slice(0, max);
}
