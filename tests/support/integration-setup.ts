/**
 * Per test file: a fresh database cloned from the migrated template, exported as DATABASE_URL
 * before any application module (lib/env, lib/db) is imported.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";

const { adminUrl } = inject("testPostgres");

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const name = `it_${randomBytes(6).toString("hex")}`;
await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE rinbondhu_template`));
const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
// Tests run jobs themselves (runDueJobs), never a background run racing them.
process.env.JOB_RUNNER = "off";
afterAll(async () => {
  const { prisma } = await import("@/lib/db").catch(() => ({ prisma: undefined }));
  await prisma?.$disconnect();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});
