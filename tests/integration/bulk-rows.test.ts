import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyRows, insertRows } from "@/lib/db";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../scripts/embedded-postgres";

// Values COPY's text format has to escape, and every kind of value the restore writes.
const rows = [
  ["a\tb", "line\nbreak\r", "back\\slash \\N", "রহিমা খাতুন কিস্তি", 120, new Date("2025-01-02T03:04:05.006Z"), "2025-02-28", "\\x00ff10"],
  ["plain", null, undefined, "", 0, new Date("2024-12-31T23:59:59.999Z"), "2024-02-29", null],
] as const;
const columns = ["a", "b", "c", "d", "n", "at", "day", "bytes"];
const TABLE = `CREATE TEMP TABLE "BulkProbe" (a text, b text, c text, d text, n int, at timestamp(3), day date, bytes bytea)`;
const expected = [
  { a: "a\tb", b: "line\nbreak\r", c: "back\\slash \\N", d: "রহিমা খাতুন কিস্তি", n: 120, at: "2025-01-02 03:04:05.006", day: "2025-02-28", bytes: "\\x00ff10" },
  { a: "plain", b: null, c: null, d: "", n: 0, at: "2024-12-31 23:59:59.999", day: "2024-02-29", bytes: null },
];

async function roundTrip(client: pg.ClientBase, write: typeof copyRows): Promise<unknown[]> {
  await client.query(TABLE);
  await client.query("BEGIN");
  await write(client, "BulkProbe", columns, rows);
  await client.query("COMMIT");
  const { rows: read } = await client.query(`SELECT a, b, c, d, n, to_char(at, 'YYYY-MM-DD HH24:MI:SS.MS') AS at, to_char(day, 'YYYY-MM-DD') AS day, bytes::text AS bytes FROM "BulkProbe" ORDER BY a`);
  await client.query(`DROP TABLE "BulkProbe"`);
  return read;
}

describe("bulk rows on PostgreSQL", () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
  });
  afterAll(() => client.end());

  it("COPY writes every value as it was given (escapes, null, Bengali, UTC timestamps, dates, bytes)", async () => {
    expect(await roundTrip(client, copyRows)).toEqual(expected);
  });

  it("multi-row INSERTs write the same rows the same way", async () => {
    expect(await roundTrip(client, insertRows)).toEqual(expected);
  });
});

describe("bulk rows on the embedded database (PGlite)", () => {
  let embedded: EmbeddedPostgres;
  let client: pg.Client;
  beforeAll(async () => {
    embedded = await startEmbeddedPostgres({});
    client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await embedded.stop();
  });

  it("multi-row INSERTs (what copyInto uses there) write the same rows", async () => {
    expect(await roundTrip(client, insertRows)).toEqual(expected);
  });
});
