/**
 * Rows written in PostgreSQL's COPY text format (tab-separated, `\N` for null, backslash escapes), for
 * bulk inserts through `COPY … FROM STDIN`: several times cheaper per row than INSERT with parameters.
 */
export type CopyValue = string | number | Date | null | undefined;

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPED = /[\\\t\n\r]/g;

function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "number") return String(value);
  // Timestamps as UTC: Prisma keeps `timestamp` columns in UTC, and PostgreSQL ignores the zone for them.
  if (value instanceof Date) return value.toISOString();
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, (c) => ESCAPES[c]!) : value;
}

/** One row as a line of COPY text. */
export function copyLine(values: readonly CopyValue[]): string {
  return `${values.map(copyField).join("\t")}\n`;
}

/** Lines gathered into chunks of about `size` characters, so the stream writes few large pieces. */
export function* copyChunks(rows: Iterable<readonly CopyValue[]>, size = 64 * 1024): Generator<string> {
  let chunk = "";
  for (const row of rows) {
    chunk += copyLine(row);
    if (chunk.length >= size) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}
