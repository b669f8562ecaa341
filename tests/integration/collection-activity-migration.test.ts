/**
 * Collection activities used to be stored as English sentences; the migration `collection_activity_facts` turns the
 * sentences the app wrote into facts (worded in the reader's language on screen) and keeps any other text as a note.
 * Run on a scratch database built from the migrations before it, with rows as the old code wrote them.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { splitSqlScript } from "../../scripts/db/sql-script";

const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
const folders = readdirSync(dir).filter((f) => /^\d{14}_/.test(f)).sort();
const target = folders.findIndex((f) => f.endsWith("_collection_activity_facts"));
const run = async (client: pg.Client, folder: string) => {
  for (const statement of splitSqlScript(readFileSync(path.join(dir, folder, "migration.sql"), "utf8"))) await client.query(statement);
};

const { adminUrl } = inject("testPostgres");
const scratch = new URL(adminUrl);
scratch.pathname = "/collection_activity_migration";
let client: pg.Client;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS "collection_activity_migration" WITH (FORCE)');
  await admin.query('CREATE DATABASE "collection_activity_migration"');
  await admin.end();
  client = new pg.Client({ connectionString: scratch.toString() });
  await client.connect();
  for (const folder of folders.slice(0, target)) await run(client, folder);
});

afterAll(async () => {
  await client?.end();
});

describe("migration collection_activity_facts", () => {
  it("turns the app's English sentences into facts, keeps other text as a note, and names no system in English", async () => {
    expect(target).toBeGreaterThan(0);
    // Only the activity rows matter here: the loan, customer and staff they point at are left out (replica mode skips
    // the foreign-key triggers for this session).
    await client.query("SET session_replication_role = replica");
    const insert = (id: string, activity: string, description: string, by: string | null, label: string) =>
      client.query(`INSERT INTO "CollectionActivity" ("id", "loanId", "customerId", "activity", "description", "performedById", "performedByLabel")
        VALUES ($1, 'loan-1', 'cust-1', $2, $3, $4, $5)`, [id, activity, description, by, label]);
    await insert("a-call", "call_made", "Called the member about EMI 3 of 12 (due 2026-11-05).", "staff-1", "Karim");
    await insert("a-sms-en", "reminder_sent", "SMS reminder (English): EMI 4 of 12, ৳2500 due on 2026-12-05.", "staff-1", "Karim");
    await insert("a-sms-bn", "reminder_sent", "SMS reminder (Bengali): EMI 5 of 12, ৳900 due on 2027-01-05.", "staff-1", "Karim");
    await insert("a-typed", "promise_to_pay", "Will pay after the market day.", "staff-1", "Karim");
    await insert("a-auto", "auto_collection", "EMI 6 payment received and matched to the loan automatically.", null, "Auto Collection");

    await client.query("SET session_replication_role = DEFAULT");
    await run(client, folders[target]!);

    const { rows } = await client.query(`SELECT "id", "facts", "note", "performedByLabel" FROM "CollectionActivity" ORDER BY "id"`);
    expect(rows).toEqual([
      { id: "a-auto", facts: {}, note: "EMI 6 payment received and matched to the loan automatically.", performedByLabel: null },
      { id: "a-call", facts: { emiNumber: 3, tenure: 12, dueDate: "2026-11-05" }, note: null, performedByLabel: "Karim" },
      { id: "a-sms-bn", facts: { language: "bn", emiNumber: 5, tenure: 12, amount: 900, dueDate: "2027-01-05" }, note: null, performedByLabel: "Karim" },
      { id: "a-sms-en", facts: { language: "en", emiNumber: 4, tenure: 12, amount: 2500, dueDate: "2026-12-05" }, note: null, performedByLabel: "Karim" },
      { id: "a-typed", facts: {}, note: "Will pay after the market day.", performedByLabel: "Karim" },
    ]);
    const { rows: columns } = await client.query(`SELECT "column_name" FROM information_schema.columns WHERE "table_name" = 'CollectionActivity'`);
    expect(columns.map((c) => c.column_name)).not.toContain("description");
  });
});
