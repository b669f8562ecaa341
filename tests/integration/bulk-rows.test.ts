import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyRows, insertRows, withoutRowTriggers } from "@/lib/db";
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

  it("withoutRowTriggers switches foreign-key checks off only for a role that may, and only for its work", async () => {
    const role = `bulk_${Date.now().toString(36)}`;
    await client.query(`CREATE ROLE "${role}"`);
    try {
      /** Whether a child row without a parent got in, and whether the checks were off, as the current role. */
      const tryOrphan = async () => {
        await client.query(`CREATE TEMP TABLE "Parent" (id int PRIMARY KEY); CREATE TEMP TABLE "Child" (parent int REFERENCES "Parent"(id))`);
        await client.query("BEGIN");
        try {
          const off = await withoutRowTriggers(client, () => client.query(`INSERT INTO "Child" VALUES (1)`).then(() => undefined));
          // Checked again once the work is done.
          const after = await client.query(`INSERT INTO "Child" VALUES (2)`).then(() => "inserted", (e: { code?: string }) => e.code);
          return { off, after };
        } catch (error) {
          return { off: null, error: (error as { code?: string }).code };
        } finally {
          await client.query("ROLLBACK");
          await client.query(`DROP TABLE IF EXISTS "Child", "Parent"`);
        }
      };
      // This test's connection is a superuser's: the checks go off, and come back after the work.
      expect(await tryOrphan()).toEqual({ off: true, after: "23503" });
      await client.query(`SET ROLE "${role}"`);
      // A plain role: the SET is refused, the work runs with the checks on, and the orphan is refused.
      expect(await tryOrphan()).toEqual({ off: null, error: "23503" });
      await client.query("RESET ROLE");
      await client.query(`GRANT SET ON PARAMETER session_replication_role TO "${role}"`);
      await client.query(`SET ROLE "${role}"`);
      expect(await tryOrphan()).toEqual({ off: true, after: "23503" });
    } finally {
      await client.query("RESET ROLE");
      await client.query(`REVOKE SET ON PARAMETER session_replication_role FROM "${role}"`).catch(() => undefined);
      await client.query(`DROP ROLE "${role}"`);
    }
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
