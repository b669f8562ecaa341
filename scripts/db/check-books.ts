/**
 * `npm run db:check-books`: whether every society's running totals (SocietyAccountDay, what the trial balance, cash
 * book and statements read) equal its journal lines. Run it nightly (cron, docs/backups.md): it prints each account-day
 * that differs and exits 1, so the scheduler's failure mail is the admin's alert. The database refuses any direct change
 * of the totals; this finds what only an owner with the guards switched off could have done.
 */
import nextEnv from "@next/env";
import pg from "pg";
import { projectRoot } from "./schema-engine";

nextEnv.loadEnvConfig(projectRoot, process.env.NODE_ENV !== "production");
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set: it names the database to check.");
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const { rows } = await client.query(`SELECT d.*, a."societyId", a."code" FROM "society_account_days_drift"() d JOIN "SocietyAccount" a ON a."id" = d."accountId" ORDER BY a."societyId", a."code", d."date"`);
  if (rows.length === 0) {
    console.log("Society books: every account's running totals equal its journal lines.");
  } else {
    console.error(`Society books: ${rows.length} account-day(s) differ from the journal lines:`);
    for (const r of rows.slice(0, 50)) console.error(`  society ${r.societyId} account ${r.code} ${r.workerId ? `worker ${r.workerId} ` : ""}${r.date.toISOString().slice(0, 10)}: totals ${r.debit}/${r.credit}, lines ${r.linesDebit}/${r.linesCredit}`);
    process.exitCode = 1;
  }
} finally {
  await client.end();
}
