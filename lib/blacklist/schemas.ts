/**
 * The blacklist's validation, shared by its forms, the CSV import and the server actions. Messages are keys of
 * the "validation" namespace. A value is normalised by its kind: NID digits, or an E.164 mobile number.
 */
import { z } from "zod";
import { BlacklistKind } from "@/lib/generated/prisma/enums";
import { msg, requiredText } from "@/lib/validation/fields";
import { normalizeBdMobile, normalizeNid } from "@/lib/validation/bd";
import { choiceParam, pageParam, searchParam } from "@/lib/validation/search-params";

export const BLACKLIST_KINDS = Object.values(BlacklistKind);
export const MAX_BLACKLIST_REASON_LENGTH = 300;
/** An import file's text: about 5,000 rows. */
export const MAX_BLACKLIST_CSV_LENGTH = 300_000;

/** One entry: the value checked and normalised by its kind. */
export const blacklistEntrySchema = z
  .object({
    kind: z.enum(BLACKLIST_KINDS, msg("required")),
    value: z.string(msg("required")).trim().min(1, msg("required")).max(40, msg("tooLong")),
    reason: requiredText(MAX_BLACKLIST_REASON_LENGTH),
  })
  .transform((entry, ctx) => {
    const value = entry.kind === "nid" ? normalizeNid(entry.value) : normalizeBdMobile(entry.value);
    if (!value) {
      ctx.addIssue({ code: "custom", path: ["value"], message: entry.kind === "nid" ? "invalidNid" : "invalidPhone" });
      return z.NEVER;
    }
    return { ...entry, value };
  });
export type BlacklistEntryInput = z.input<typeof blacklistEntrySchema>;
export type BlacklistEntryValues = z.output<typeof blacklistEntrySchema>;

export const removeBlacklistSchema = z.object({ id: z.string(msg("required")).min(1, msg("required")).max(40) });

export const importBlacklistSchema = z.object({
  csv: z.string(msg("required")).min(1, msg("required")).max(MAX_BLACKLIST_CSV_LENGTH, msg("tooLong")),
});

export const BLACKLIST_KIND_FILTERS = ["any", ...BLACKLIST_KINDS] as const;

/** URL search parameters of /admin/settings/blacklist, forgiving. */
export const blacklistFiltersSchema = z.object({
  q: searchParam,
  kind: choiceParam(BLACKLIST_KIND_FILTERS, "any"),
  page: pageParam,
});
export type BlacklistFilters = z.output<typeof blacklistFiltersSchema>;
