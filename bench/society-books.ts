/**
 * `npm run bench:books`: a society's books at the size of issue 28: 2,000 members (BENCH_MEMBERS) under 10 workers and
 * 1,000,000 collections (BENCH_COLLECTIONS), each posted to the journal (1,000,000 entries, 2,000,000 lines), seeded in
 * bulk into a throwaway PostgreSQL database. Server time of what the screens read, called directly, BENCH_ROUNDS each
 * (default 200): a member's balance and passbook, the trial balance, a month's cash book (the society's and a worker's),
 * the income and expenditure statement, an account's ledger for a month (first and last page), a member's loan standing.
 * Goal: each p95 ≤ 100 ms.
 *
 * The bulk posting writes entries, lines and the accounts' days with set-based statements under
 * session_replication_role = replica (the row-by-row triggers would take an hour here); the benchmark checks afterwards
 * that the books balance and that the days add up to the lines, as the triggers would have kept them.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { startTestPostgres } from "../scripts/throwaway-postgres";
import { applyMigrations } from "../scripts/db/schema-engine";
import { seedBackupSocietyInBulk } from "./bulk-seed";
import { timeCalls, type Stats } from "./stats";

const members = Number(process.env.BENCH_MEMBERS ?? 2_000);
const collections = Number(process.env.BENCH_COLLECTIONS ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const societyId = "bench-books";

async function postInBulk(client: pg.Client): Promise<void> {
  for (const kind of ["cash_in_hand", "worker_cash", "member_savings", "member_loans"]) await client.query(`SELECT "society_account"($1, $2::"SocietyAccountKind")`, [societyId, kind]);
  const account = async (kind: string) => (await client.query<{ id: string }>(`SELECT "id" FROM "SocietyAccount" WHERE "societyId" = $1 AND "kind" = $2::"SocietyAccountKind"`, [societyId, kind])).rows[0]!.id;
  const [workerCash, savings, loans] = [await account("worker_cash"), await account("member_savings"), await account("member_loans")];
  await client.query("SET session_replication_role = replica");
  await client.query(
    `INSERT INTO "SocietyJournalEntry" ("id", "societyId", "date", "kind", "sourceType", "sourceId", "createdAt")
     SELECT 'e' || c."id", c."societyId", c."date", 'collection', 'SocietyCollection', c."id", c."createdAt" FROM "SocietyCollection" c WHERE c."societyId" = $1`,
    [societyId],
  );
  await client.query(
    `INSERT INTO "SocietyJournalLine" ("id", "entryId", "societyId", "accountId", "memberId", "workerId", "amount", "date")
     SELECT 'l' || c."id" || '-' || x.n, 'e' || c."id", c."societyId", x.account, x.member, x.worker, x.amount, c."date"
     FROM "SocietyCollection" c
     CROSS JOIN LATERAL (VALUES
       (1, $2::text, NULL::text, c."workerId", c."installmentCollected" + c."savingsCollected"),
       (2, $3::text, c."memberId", NULL::text, -c."installmentCollected"),
       (3, $4::text, c."memberId", NULL::text, -c."savingsCollected")) AS x(n, account, member, worker, amount)
     WHERE c."societyId" = $1 AND x.amount <> 0`,
    [societyId, workerCash, loans, savings],
  );
  await client.query(
    `INSERT INTO "SocietyAccountDay" ("accountId", "workerId", "date", "debit", "credit")
     SELECT "accountId", coalesce("workerId", ''), "date", sum(GREATEST("amount", 0)), sum(GREATEST(-"amount", 0))
     FROM "SocietyJournalLine" WHERE "societyId" = $1 GROUP BY 1, 2, 3`,
    [societyId],
  );
  await client.query("SET session_replication_role = origin");
  await client.query(`VACUUM ANALYZE "SocietyJournalEntry", "SocietyJournalLine", "SocietyAccountDay"`);
}

const server = await startTestPostgres();
try {
  const databaseUrl = await server.createDatabase("rinbondhu_bench_books");
  await applyMigrations(databaseUrl);
  const started = performance.now();
  await seedBackupSocietyInBulk(databaseUrl, { societyId, workers: 10, members, collections });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await postInBulk(client);
  const [counts] = (await client.query<{ entries: string; lines: string; last: Date }>(
    `SELECT (SELECT count(*) FROM "SocietyJournalEntry") AS "entries", (SELECT count(*) FROM "SocietyJournalLine") AS "lines", (SELECT max("date") FROM "SocietyJournalLine") AS "last"`,
  )).rows;
  await client.end();
  console.log(`[bench] ${members} members, ${collections} collections: ${counts!.entries} entries, ${counts!.lines} lines, posted in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  process.env.DATABASE_URL = databaseUrl;
  const { prisma } = await import("../lib/db");
  const books = await import("../lib/society/books/queries");
  const { passbookLines } = await import("../lib/society/books/passbook");
  const last = counts!.last.toISOString().slice(0, 10);
  const month = { from: `${last.slice(0, 7)}-01`, to: last };

  // The triggers' guarantees, checked on what the bulk load wrote.
  const trial = await books.trialBalance(societyId, last);
  if (trial.debit !== trial.credit || trial.debit === 0) throw new Error(`trial balance does not balance: ${trial.debit} / ${trial.credit}`);
  const fromLines = await prisma.$queryRaw<{ code: string; total: bigint }[]>`
    SELECT a."code", sum(l."amount") AS "total" FROM "SocietyJournalLine" l JOIN "SocietyAccount" a ON a."id" = l."accountId" WHERE l."societyId" = ${societyId} GROUP BY a."code"`;
  for (const row of trial.rows) {
    if (row.debit - row.credit !== Number(fromLines.find((l) => l.code === row.code)?.total ?? 0)) throw new Error(`account ${row.code}: days and lines differ`);
  }

  const results: [string, Stats][] = [];
  const time = async (label: string, fn: () => Promise<unknown>) => results.push([label, await timeCalls(label, fn, { rounds, warmUp: 5, width: 44 })]);
  let n = 0;
  console.log(`\nServer time, ${rounds} calls each (each member call a different member):`);
  await time("member balance + passbook (500 lines)", async () => {
    const member = `m${1 + (n++ * 7919) % members}`;
    const [balance, movements] = await Promise.all([books.memberBalances(societyId, [member]), books.memberMovements(societyId, member)]);
    if (passbookLines(movements).length === 0 || !balance.get(member)) throw new Error("empty passbook");
  });
  await time("members tab balances (a page of 20)", () => books.memberBalances(societyId, Array.from({ length: 20 }, (_, i) => `m${1 + ((n++ * 20 + i) % members)}`)));
  await time("trial balance (to date)", () => books.trialBalance(societyId, last));
  await time("cash book, a month (the society)", () => books.cashBook(societyId, month, null));
  await time("cash book, a month (one worker)", () => books.cashBook(societyId, month, "w3"));
  await time("income and expenditure, a month", () => books.accountTotals(societyId, month));
  // Ledgers: the busiest account (members' savings, a line per collection) and a worker's cash, a month, first and
  // last page of 200 lines with the running balance.
  const savingsLines = (await books.accountLedger(societyId, "2000", month))!.total;
  const lastPage = Math.max(0, Math.ceil(savingsLines / books.LEDGER_PAGE_SIZE) - 1);
  console.log(`(members' savings ledger, a month: ${savingsLines} lines, ${lastPage + 1} pages)`);
  await time("ledger, members' savings, a month, page 1", () => books.accountLedger(societyId, "2000", month, 0));
  await time("ledger, members' savings, a month, last page", () => books.accountLedger(societyId, "2000", month, lastPage));
  await time("ledger, one worker's cash, a month, page 1", () => books.accountLedger(societyId, "1010", month, 0));
  // A loan with a plan of a year of daily instalments: where the member stands today.
  await prisma.societyMemberLoan.createMany({
    data: Array.from({ length: members }, (_, i) => ({ societyId, memberId: `m${i + 1}`, principal: 36_500, serviceCharge: 3_650, ratePercent: 10, method: "flat" as const, frequency: "daily" as const, instalmentCount: 365, instalmentAmount: 110, firstDueDate: new Date(`${month.from}T00:00:00Z`), disbursedOn: new Date(`${month.from}T00:00:00Z`) })),
  });
  await time("member loan standing (365 instalments)", async () => {
    const member = `m${1 + (n++ * 7919) % members}`;
    const balance = (await books.memberBalances(societyId, [member])).get(member)!;
    if (!(await books.memberLoanView(societyId, member, balance.loanOutstanding, last))) throw new Error("no loan");
  });
  const worst = Math.max(...results.map(([, s]) => s.p95));
  console.log(`\n[bench] goal: every p95 ≤ 100 ms → ${worst <= 100 ? "met" : "NOT met"} (worst ${worst.toFixed(1)} ms)`);
  await prisma.$disconnect();
} finally {
  await server.stop();
}
