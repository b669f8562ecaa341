/**
 * The audit trail is append-only in the database itself (migration audit_append_only): UPDATE, DELETE and
 * TRUNCATE are refused whoever runs them, the owner and a replica-mode session included, on PostgreSQL and on
 * the embedded PGlite; inserting, seeding and the society restore's bulk mode still work.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "../../scripts/db/schema-engine";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../scripts/embedded-postgres";

async function insertAuditRow(client: pg.ClientBase, id: string): Promise<void> {
  await client.query(
    `INSERT INTO "AuditLog" ("id", "actorLabel", "action", "entityType", "entityId") VALUES ($1, 'system', 'test.append', 'Test', $1)`,
    [id],
  );
}

function appendOnlyChecks(connect: () => Promise<pg.Client>) {
  let client: pg.Client;
  beforeAll(async () => {
    client = await connect();
    await insertAuditRow(client, "audit-row-1");
    await insertAuditRow(client, "audit-row-2");
  });
  afterAll(async () => {
    await client.end();
  });

  it("refuses UPDATE, DELETE and TRUNCATE and keeps the rows as they were", async () => {
    await expect(client.query(`UPDATE "AuditLog" SET "action" = 'forged' WHERE "id" = 'audit-row-1'`)).rejects.toThrow(
      /AuditLog is append-only: UPDATE refused/,
    );
    await expect(client.query(`DELETE FROM "AuditLog" WHERE "id" = 'audit-row-2'`)).rejects.toThrow(/append-only: DELETE refused/);
    await expect(client.query(`TRUNCATE "AuditLog"`)).rejects.toThrow(/append-only: TRUNCATE refused/);
    const { rows } = await client.query<{ id: string; action: string }>(`SELECT "id", "action" FROM "AuditLog" WHERE "id" LIKE 'audit-row-%' ORDER BY "id"`);
    expect(rows).toEqual([
      { id: "audit-row-1", action: "test.append" },
      { id: "audit-row-2", action: "test.append" },
    ]);
  });

  it("still refuses with triggers switched to replica mode (the bulk restore's setting), and inserts still work there", async () => {
    await client.query("BEGIN");
    try {
      await client.query("SET LOCAL session_replication_role = replica");
      await insertAuditRow(client, "audit-row-3");
      await expect(client.query(`DELETE FROM "AuditLog" WHERE "id" = 'audit-row-1'`)).rejects.toThrow(/append-only/);
    } finally {
      await client.query("ROLLBACK");
    }
    const { rows } = await client.query(`SELECT 1 FROM "AuditLog" WHERE "id" = 'audit-row-1'`);
    expect(rows).toHaveLength(1);
  });
}

describe("audit rows on PostgreSQL (connected as the owner, a superuser)", () => {
  appendOnlyChecks(async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    return client;
  });
});

describe("audit rows on the embedded database (PGlite)", () => {
  let embedded: EmbeddedPostgres;
  beforeAll(async () => {
    embedded = await startEmbeddedPostgres({});
    await applyMigrations(embedded.url);
  }, 120_000);
  afterAll(async () => {
    await embedded.stop();
  });
  appendOnlyChecks(async () => {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    return client;
  });
});
