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

/** Rows for a bulk insert: a list, or rows produced as they are read (a restore's checked records). */
export type CopyRowSource = Iterable<readonly CopyValue[]> | AsyncIterable<readonly CopyValue[]>;

/** Lines gathered into chunks of about `size` characters, so the stream writes few large pieces. */
export async function* copyChunks(rows: CopyRowSource, size = 64 * 1024): AsyncGenerator<string> {
  let chunk = "";
  for await (const row of rows) {
    chunk += copyLine(row);
    if (chunk.length >= size) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}
