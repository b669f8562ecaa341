/**
 * A holiday import file (pure): a header row `date,name_bn,name_en`, then one holiday per row (the date as
 * YYYY-MM-DD, Bengali digits too), each checked with the Add form's schema. Bad rows are reported by line.
 */
import { readCsvRecords, type ImportLineError } from "@/lib/csv-import";
import { holidaySchema, type HolidayValues } from "./schemas";

export const MAX_HOLIDAY_ROWS = 1_000;
const COLUMNS = ["date", "name_bn", "name_en"] as const;

export type HolidayLineError = ImportLineError<"date" | "nameBn" | "nameEn">;
export type ParsedHolidays = { ok: true; rows: HolidayValues[]; errors: HolidayLineError[] } | { ok: false; error: "badHeader" | "badCsv" | "tooManyRows" };

export function parseHolidayCsv(text: string): ParsedHolidays {
  const read = readCsvRecords(text, COLUMNS, MAX_HOLIDAY_ROWS);
  if (!read.ok) return read;
  const rows = new Map<string, HolidayValues>();
  const errors: HolidayLineError[] = [];
  for (const { record, line } of read.records) {
    const parsed = holidaySchema.safeParse({ date: record.date, nameBn: record.name_bn, nameEn: record.name_en });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      errors.push({ line, field: (issue.path[0] as HolidayLineError["field"] | undefined) ?? "row", error: issue.message });
      continue;
    }
    // A date twice in one file: the later row wins, as it would typed twice.
    rows.set(parsed.data.date, parsed.data);
  }
  return { ok: true, rows: [...rows.values()], errors };
}
