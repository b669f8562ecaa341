/**
 * `npm run bench:collection-insert`: what PostgreSQL alone needs to insert one society's 300,000 collections in
 * this schema (plain SQL, no client, rolled back), the floor under the backup restore: twice after deleting the
 * same rows in the same transaction (as the restore does), once more so with row triggers (the foreign-key checks)
 * off, and into a society with no rows; vacuumed between. 10,000 members, 20 workers, seeded as bench:backup
 * seeds them.
 */
import pg from "pg";
import { applyMigrations } from "../scripts/db/schema-engine";
import { startTestPostgres } from "../scripts/throwaway-postgres";
import { seedBackupSocietyInBulk } from "./bulk-seed";
const members = 10_000, collections = 300_000, workers = 20, societyId = "bench-backup";

const INSERT = (prefix: string, n: number) => `INSERT INTO "SocietyCollection" ("id", "societyId", "code", "memberId", "workerId", "date", "installmentCollected", "savingsCollected", "createdAt", "createdByRole")
     SELECT '${prefix}' || x, '${societyId}', 'C' || lpad(x::text, 6, '0'), 'n' || (1 + x % 10000), 'w' || (1 + x % 20), DATE '2025-01-01', 100, 20, now(), 'user' FROM generate_series(1, ${n}) x`;
const server = await startTestPostgres();
try {
  const url = await server.createDatabase("probe");
  await applyMigrations(url);
  await seedBackupSocietyInBulk(url, { societyId, workers, members, collections });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const time = async (label: string, sql: string) => { const t = Date.now(); await c.query(sql); console.log(label, Date.now() - t, "ms"); };
  for (const variant of ["same keys after delete", "same keys after delete, again", "same keys after delete, row triggers off"]) {
    // The previous variant's rolled-back rows would otherwise sit in the indexes as dead entries under the same keys.
    await c.query(`VACUUM "SocietyCollection"`);
    await c.query("BEGIN");
    // What the restore does when its role may (withoutRowTriggers): foreign keys then verified in one query.
    if (variant.endsWith("triggers off")) await c.query("SET LOCAL session_replication_role = replica");
    await time("delete collections", `DELETE FROM "SocietyCollection" WHERE "societyId" = '${societyId}'`);
    await time("delete members", `DELETE FROM "SocietyMember" WHERE "societyId" = '${societyId}'`);
    await c.query(`INSERT INTO "SocietyMember" ("id", "societyId", "code", "memberCode", "name", "nid", "phone", "workerId", "area", "installmentAmount", "savingsAmount", "joinDate", "createdByRole")
       SELECT 'n' || m, '${societyId}', 'M' || lpad(m::text, 5, '0'), 'BS-' || m, 'x' || m, lpad(m::text, 10, '1'), '+88017' || lpad(m::text, 8, '0'), 'w' || (1 + m % 20), 'a', 100, 20, DATE '2025-01-01', 'admin' FROM generate_series(1, 10000) m`);
    await time(`insert 300k (${variant})`, INSERT("d", 300_000));
    await c.query("ROLLBACK");
  }
  // Into a society with no rows (no deleted keys to meet).
  await c.query(`VACUUM "SocietyCollection"`);
  await c.query("BEGIN");
  await c.query(`INSERT INTO "Society" ("id", "name", "updatedAt") VALUES ('fresh', 'f', now())`);
  await c.query(`INSERT INTO "SocietyMember" ("id", "societyId", "code", "memberCode", "name", "nid", "phone", "workerId", "area", "installmentAmount", "savingsAmount", "joinDate", "createdByRole")
       SELECT 'n' || m, 'fresh', 'M' || lpad(m::text, 5, '0'), 'BS-' || m, 'x' || m, lpad(m::text, 10, '1'), '+88017' || lpad(m::text, 8, '0'), 'w' || (1 + m % 20), 'a', 100, 20, DATE '2025-01-01', 'admin' FROM generate_series(1, 10000) m`);
  await time("insert 300k (empty society)", INSERT("e", 300_000).replace(`'${societyId}'`, "'fresh'"));
  await c.query("ROLLBACK");
  await c.end();
} finally {
  await server.stop();
}
