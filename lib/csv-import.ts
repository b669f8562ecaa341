/**
 * Reading an import file (pure): a header row naming `columns` (any order, any case, more columns allowed), then one
 * record per row. Parsing is csv-parse's (quotes, commas inside values, BOM, CRLF). The importer checks each record
 * with its form's schema and reports bad rows by line.
 */
import { parse } from "csv-parse/sync";

export type CsvRecord = { record: Record<string, string>; line: number };
export type CsvRead = { ok: true; records: CsvRecord[] } | { ok: false; error: "badHeader" | "badCsv" | "tooManyRows" };
/** A refused row of an import: its line in the file, the field at fault (or "row") and the validation message key. */
export type ImportLineError<F extends string = string> = { line: number; field: F | "row"; error: string };

export function readCsvRecords(text: string, columns: readonly string[], maxRows: number): CsvRead {
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
  if (records.length > maxRows) return { ok: false, error: "tooManyRows" };
  const first = records[0];
  if (first && !columns.every((column) => column in first.record)) return { ok: false, error: "badHeader" };
  if (!first) {
    // A header alone: still the right header, or the wrong file.
    const header = (text.replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "").split(",").map((h) => h.trim().toLowerCase());
    if (!columns.every((column) => header.includes(column))) return { ok: false, error: "badHeader" };
  }
  return { ok: true, records: records.map(({ record, info }) => ({ record, line: info.lines })) };
}
