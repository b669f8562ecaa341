/** The migrations folder is the schema: applying it again is a no-op, and no schema change lacks a migration. */
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { applyMigrations, diffMigrationsToSchema, readMigrationsList } from "../../scripts/db/schema-engine";

describe("migrations", () => {
  it("are recorded in _prisma_migrations like prisma migrate deploy does", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ migration_name: string; finished_at: Date | null }>(
        "select migration_name, finished_at from _prisma_migrations order by migration_name",
      );
      const folders = readMigrationsList().migrationDirectories.map((d) => d.path);
      expect(rows.map((r) => r.migration_name)).toEqual(folders);
      expect(rows.every((r) => r.finished_at !== null)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it("apply nothing the second time", async () => {
    expect(await applyMigrations(process.env.DATABASE_URL!)).toEqual([]);
  });

  it("cover the whole Prisma schema (run npm run db:migration:create when this fails)", async () => {
    const { adminUrl } = inject("testPostgres");
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS "migration_diff_scratch" WITH (FORCE)');
    await admin.query('CREATE DATABASE "migration_diff_scratch"');
    const scratch = new URL(adminUrl);
    scratch.pathname = "/migration_diff_scratch";
    const sql = await diffMigrationsToSchema(scratch.toString()).finally(() => admin.end());
    expect(sql.replace(/--.*$/gm, "").trim()).toBe("");
  });
});
