/**
 * A blacklist import file (pure): a header row `kind,value,reason` (kind nid or phone), then one entry per row,
 * each checked with the same schema as the Add form. Rows that fail are reported by line and left out; the
 * good rows are returned for one transaction. Parsing is csv-parse's (quotes, commas in reasons, BOM, CRLF).
 */
import { parse } from "csv-parse/sync";
import { blacklistEntrySchema, type BlacklistEntryValues } from "./schemas";

export const MAX_IMPORT_ROWS = 5_000;
const REQUIRED_COLUMNS = ["kind", "value", "reason"] as const;

export type ImportLineError = { line: number; field: "kind" | "value" | "reason" | "row"; error: string };
export type ParsedImport = { ok: true; rows: BlacklistEntryValues[]; errors: ImportLineError[] } | { ok: false; error: "badHeader" | "badCsv" | "tooManyRows" };

export function parseBlacklistCsv(text: string): ParsedImport {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    });
  } catch {
    return { ok: false, error: "badCsv" };
  }
  if (records.length > MAX_IMPORT_ROWS) return { ok: false, error: "tooManyRows" };
  const first = records[0];
  if (first && !REQUIRED_COLUMNS.every((column) => column in first.record)) return { ok: false, error: "badHeader" };
  if (!first && !/^\s*\uFEFF?\s*kind\s*,\s*value\s*,\s*reason\s*$/i.test(text.split(/\r?\n/)[0] ?? "")) return { ok: false, error: "badHeader" };

  const rows: BlacklistEntryValues[] = [];
  const errors: ImportLineError[] = [];
  const seen = new Set<string>();
  for (const { record, info } of records) {
    const parsed = blacklistEntrySchema.safeParse({ kind: record.kind?.toLowerCase(), value: record.value, reason: record.reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = (issue.path[0] as ImportLineError["field"] | undefined) ?? "row";
      errors.push({ line: info.lines, field, error: issue.message });
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
