/**
 * `npm run bench:borrower`: the borrower's page (/account, issue 24) with 100,000 customers (BENCH_CUSTOMERS), one
 * loan each (about 1,000,000 instalments), 100,000 applications and 300,000 messages, seeded in bulk into a throwaway
 * PostgreSQL database. Server time of what the page reads per request, called directly, each call a different
 * signed-in borrower (BENCH_ROUNDS, default 300): the session behind the cookie, then everything the page shows.
 * Also the two sign-in steps. Goal (issue 24): the page's p95 ≤ 50 ms.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { startTestPostgres } from "../scripts/throwaway-postgres";
import { applyMigrations } from "../scripts/db/schema-engine";
import { seedApplicationsInBulk, seedLoansInBulk } from "./bulk-seed";
import { timeCalls } from "./stats";

const customers = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 300);

const server = await startTestPostgres();
try {
  const databaseUrl = await server.createDatabase("rinbondhu_bench_borrower");
  await applyMigrations(databaseUrl);
  const seedStarted = performance.now();
  await seedLoansInBulk(databaseUrl, customers, customers);
  await seedApplicationsInBulk(databaseUrl, customers);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // Three reminders per customer over the last 90 days: the page lists the newest twenty sent to the number.
  await client.query(
    `INSERT INTO "OutboxMessage" ("id", "channel", "recipient", "language", "template", "body", "status", "sentAt", "createdAt")
     SELECT 'bo' || c || '-' || k, 'sms', cu."phone", 'bn', 'repayment.reminder', 'ঋণবন্ধু: মনে করিয়ে দিচ্ছি, আপনার কিস্তি…', 'sent',
       now() - make_interval(days => (c * 13 + k * 29) % 90), now() - make_interval(days => (c * 13 + k * 29) % 90)
     FROM generate_series(1, $1::int) c JOIN "Customer" cu ON cu."id" = 'bc' || c CROSS JOIN generate_series(1, 3) k`,
    [customers],
  );
  await client.query(`VACUUM ANALYZE "OutboxMessage", "LoanApplication"`);
  const [{ instalments }] = (await client.query<{ instalments: string }>(`SELECT count(*) AS "instalments" FROM "LoanInstallment"`)).rows as [{ instalments: string }];
  console.log(`[bench] ${customers} customers, ${instalments} instalments, ${customers} applications, ${customers * 3} messages seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  // Borrowers with a disbursed loan, spread over the table, each signed in once.
  const sample = (
    await client.query<{ phone: string; nid: string }>(
      `SELECT c."phone", c."nid" FROM "Customer" c JOIN "Loan" l ON l."customerId" = c."id" WHERE l."status" = 'disbursed' ORDER BY md5(c."id") LIMIT $1`,
      [rounds + 10],
    )
  ).rows;
  await client.end();

  process.env.DATABASE_URL = databaseUrl;
  const { prisma } = await import("../lib/db");
  const { createBorrowerSession, loadBorrowerSession } = await import("../lib/borrower/session");
  const { borrowerAccountView } = await import("../lib/borrower/queries");
  const { requestSignInCode } = await import("../lib/borrower/service");
  const request = { ip: "198.51.100.7", userAgent: "bench" };
  const tokens: string[] = [];
  for (const who of sample) tokens.push(await prisma.$transaction((tx) => createBorrowerSession(tx, { ...who, deviceId: null }, request)));

  let next = 0;
  console.log(`\n/account (${rounds} calls, each a different borrower):`);
  const page = await timeCalls(
    "session + the page's data",
    async () => {
      const borrower = await loadBorrowerSession(tokens[next++ % tokens.length]!);
      if (!borrower) throw new Error("session not found");
      const view = await borrowerAccountView(borrower);
      if (view.loans.length !== 1 || view.loans[0]!.installments.length === 0) throw new Error("expected one loan with its schedule");
    },
    { rounds, warmUp: 10, width: 40 },
  );

  let phoneIndex = 0;
  await timeCalls(
    "ask for a code (known number)",
    async () => {
      // Rate limits are per number and per address; each call is a new number from a new address.
      const who = sample[phoneIndex++ % sample.length]!;
      await requestSignInCode(who.phone, "bn", { ip: `198.51.${Math.floor(phoneIndex / 250)}.${phoneIndex % 250}`, userAgent: "bench" });
    },
    { rounds: Math.min(rounds, sample.length - 10), warmUp: 5, width: 40 },
  );
  console.log(`\n[bench] goal: the page's p95 ≤ 50 ms → ${page.p95 <= 50 ? "met" : "NOT met"} (${page.p95.toFixed(1)} ms)`);
  await (await import("../lib/outbox/service")).deliveryFinished();
  await prisma.$disconnect();
} finally {
  await server.stop();
}
