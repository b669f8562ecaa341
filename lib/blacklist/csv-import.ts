/**
 * A blacklist import file (pure): a header row `kind,value,reason` (kind nid or phone), then one entry per row,
 * each checked with the same schema as the Add form. Rows that fail are reported by line and left out; the
 * good rows are returned for one transaction. Reading is lib/csv-import.ts's.
 */
import { readCsvRecords, type ImportLineError as LineError } from "@/lib/csv-import";
import { blacklistEntrySchema, type BlacklistEntryValues } from "./schemas";

export const MAX_IMPORT_ROWS = 5_000;
const REQUIRED_COLUMNS = ["kind", "value", "reason"] as const;

export type ImportLineError = LineError<"kind" | "value" | "reason">;
export type ParsedImport = { ok: true; rows: BlacklistEntryValues[]; errors: ImportLineError[] } | { ok: false; error: "badHeader" | "badCsv" | "tooManyRows" };

export function parseBlacklistCsv(text: string): ParsedImport {
  const read = readCsvRecords(text, REQUIRED_COLUMNS, MAX_IMPORT_ROWS);
  if (!read.ok) return read;
  const rows: BlacklistEntryValues[] = [];
  const errors: ImportLineError[] = [];
  const seen = new Set<string>();
  for (const { record, line } of read.records) {
    const parsed = blacklistEntrySchema.safeParse({ kind: record.kind?.toLowerCase(), value: record.value, reason: record.reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = (issue.path[0] as ImportLineError["field"] | undefined) ?? "row";
      errors.push({ line, field, error: issue.message });
      continue;
    }
    // The same entry twice in one file counts once.
    const key = `${parsed.data.kind}:${parsed.data.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(parsed.data);
  }
  return { ok: true, rows, errors };
}
