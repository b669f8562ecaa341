/**
 * An upazila routing file (pure): a header row `district,upazila,branch`, then one upazila per row, its district and
 * its own name in Bengali or English and the branch's code (Bengali digits too). Bad rows are reported by line; the
 * service then checks each code names an open branch (and, for an upazila named twice, takes its later good row).
 */
import { readCsvRecords, type ImportLineError } from "@/lib/csv-import";
import { findUpazila } from "@/lib/geo/upazilas";
import { officeCodeField } from "./schemas";

/** More than the country's upazilas: a file may repeat one (the later row wins). */
export const MAX_UPAZILA_ROWS = 1_000;
const COLUMNS = ["district", "upazila", "branch"] as const;

export type UpazilaLineError = ImportLineError<"upazila" | "branch">;
export type UpazilaRoute = { upazilaCode: string; branchCode: string; line: number };
export type ParsedUpazilaRoutes = { ok: true; rows: UpazilaRoute[]; errors: UpazilaLineError[] } | { ok: false; error: "badHeader" | "badCsv" | "tooManyRows" };

export function parseUpazilaCsv(text: string): ParsedUpazilaRoutes {
  const read = readCsvRecords(text, COLUMNS, MAX_UPAZILA_ROWS);
  if (!read.ok) return read;
  // Every good row in file order: the service decides between rows of one upazila once it knows which branches are open.
  const rows: UpazilaRoute[] = [];
  const errors: UpazilaLineError[] = [];
  for (const { record, line } of read.records) {
    const upazila = findUpazila(record.district ?? "", record.upazila ?? "");
    if (!upazila) {
      errors.push({ line, field: "upazila", error: "unknownUpazila" });
      continue;
    }
    const branch = officeCodeField.safeParse(record.branch ?? "");
    if (!branch.success) {
      errors.push({ line, field: "branch", error: branch.error.issues[0]!.message });
      continue;
    }
    rows.push({ upazilaCode: upazila.code, branchCode: branch.data, line });
  }
  return { ok: true, rows, errors };
}
