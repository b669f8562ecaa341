import { contentDisposition } from "./download";

/** CSV for spreadsheet users: RFC 4180 quoting, CRLF lines, a UTF-8 BOM so Excel reads Bengali. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const cell = (v: string | number | null | undefined) => {
    const text = v === null || v === undefined ? "" : String(v);
    // A leading =, +, - or @ would run as a formula in a spreadsheet: quote it with an apostrophe.
    const safe = /^[=+\-@]/.test(text) && typeof v !== "number" ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

/** A download response with a file name every browser accepts (ASCII name plus UTF-8 filename*). */
export function csvResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
