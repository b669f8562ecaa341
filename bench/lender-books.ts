/**
 * `npm run bench:lender-books` (issue 50): the lender's books at 100,000 loans (BENCH_LOANS), 1,200,000 instalments
 * (12 each) and about 3,000,000 journal lines, over 20 branches, seeded in bulk into a throwaway PostgreSQL database:
 * every loan disbursed 400–730 days ago, nine instalments of twelve paid (cash, bKash, Nagad in turn; the ninth with a
 * late fee), each disbursement and payment posted as the database posts them (entries and lines written in bulk, the
 * running totals kept by the lines' own statement trigger; the per-row checks switched off for the load only). Server
 * time of what the accounting screen runs (lib/accounting/queries.ts: trial balance, statements, cash books, ledgers,
 * journal), BENCH_ROUNDS each (default 50) after 5 warm-ups,
 * for the head office (every branch) and one branch; then the month-end provisioning run for all loans, timed once.
 * Goals: each screen p95 ≤ 100 ms; the provisioning run ≤ 30 s.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { applyMigrations } from "../scripts/db/schema-engine";
import { startTestPostgres } from "../scripts/throwaway-postgres";
import type { OfficeScope } from "../lib/offices/scope-rules";
import { timeCalls, type Stats } from "./stats";

const loans = Number(process.env.BENCH_LOANS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 50);
const BRANCHES = 20;

async function seed(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(sql, params);
    console.log(`[bench] ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  try {
    // The load writes what the database's posting functions would write, in bulk: the row-by-row posting and line
    // checks are off for it (a throwaway database); the balance check and the running totals stay on.
    for (const [table, trigger] of [["Loan", "Loan_books_post"], ["LoanPaymentAllocation", "LoanPaymentAllocation_books_post"], ["LenderJournalLine", "LenderJournalLine_valid"], ["LenderJournalLine", "LenderJournalLine_period_open"]]) {
      await client.query(`ALTER TABLE "${table}" DISABLE TRIGGER "${trigger}"`);
    }
    await step("branches", `INSERT INTO "Office" ("id", "code", "nameBn", "nameEn", "level", "parentId", "openedOn", "updatedAt")
      SELECT 'lb-branch-' || b, 'LB' || lpad(b::text, 3, '0'), 'শাখা ' || b, 'Branch ' || b, 'branch', 'office-head', DATE '2020-01-01', now() FROM generate_series(1, $1::int) b`, [BRANCHES]);
    await step("customers", `INSERT INTO "Customer" ("id", "userNumber", "userCode", "name", "phone", "nid", "address", "employmentType", "monthlyIncome", "joinDate", "branchId", "updatedAt")
      SELECT 'lc' || c, 'L' || lpad(c::text, 7, '0'), 'LK-' || lpad(c::text, 7, '0'), 'Borrower ' || c, '+8801' || (3 + c % 7)::text || lpad(c::text, 8, '0'),
             '6' || lpad(c::text, 12, '0'), 'Dhaka', 'business', 30000, DATE '2023-01-01', 'lb-branch-' || (1 + c % $2::int), now()
      FROM generate_series(1, $1::int) c`, [Math.ceil(loans / 2), BRANCHES]);
    await step("loans", `INSERT INTO "Loan" ("id", "loanNumber", "customerId", "branchId", "loanType", "requestedAmount", "approvedAmount", "tenure", "interestRate", "emi",
        "purpose", "status", "monthlyIncome", "submittedAt", "approvedAt", "disbursedAt", "disbursedAmount", "disbursementBankName", "disbursementBankAccount", "disbursementMethod", "updatedAt")
      SELECT 'll' || i, 'LN-L' || lpad(i::text, 7, '0'), 'lc' || (1 + i % $2::int), 'lb-branch-' || (1 + (1 + i % $2::int) % $3::int), 'business',
             amount, amount, 12, 20.00, emi, 'Business stock', 'disbursed', 30000, at - interval '7 days', at - interval '2 days', at, amount, 'Sonali Bank', lpad(i::text, 12, '0'),
             (ARRAY['bank_transfer','bkash']::"PaymentMethod"[])[1 + i % 2], now()
      FROM (SELECT i, 12000 * (1 + i % 20) AS amount, 1100 * (1 + i % 20) AS emi, now() - make_interval(days => 400 + (i * 7919) % 330) AS at
            FROM generate_series(1, $1::int) i) l`, [loans, Math.ceil(loans / 2), BRANCHES]);
    await step("instalments", `INSERT INTO "LoanInstallment" ("id", "loanId", "emiNumber", "dueDate", "scheduledDate", "emiAmount", "principalAmount", "interestAmount", "status", "lateFee", "paidAmount", "paidAt")
      SELECT l."id" || '-' || k, l."id", k, due, due, l."emi", l."emi" - l."emi" / 10, l."emi" / 10,
             CASE WHEN k <= 9 THEN 'paid' ELSE 'overdue' END::"InstallmentStatus",
             CASE WHEN k = 9 THEN 50 ELSE 0 END, CASE WHEN k <= 9 THEN l."emi" + CASE WHEN k = 9 THEN 50 ELSE 0 END ELSE 0 END,
             CASE WHEN k <= 9 THEN due::timestamp + interval '10 hours' END
      FROM "Loan" l CROSS JOIN LATERAL generate_series(1, 12) k CROSS JOIN LATERAL (SELECT (l."disbursedAt" + make_interval(months => k))::date AS due) d
      WHERE l."id" LIKE 'll%'`);
    await step("payments", `INSERT INTO "LoanPayment" ("id", "paymentNumber", "loanId", "installmentId", "amount", "method", "status", "reference", "paymentDate", "receivedAtBranchId", "createdAt")
      SELECT 'lp' || i."id", 'PAY-L' || i."id", i."loanId", i."id", i."paidAmount", m.method, 'completed',
             CASE WHEN m.method = 'cash' THEN NULL ELSE 'LTRX' || i."id" END, i."dueDate" - (i."emiNumber" % 3), l."branchId", i."paidAt"
      FROM "LoanInstallment" i JOIN "Loan" l ON l."id" = i."loanId"
      CROSS JOIN LATERAL (SELECT (ARRAY['cash','bkash','nagad']::"PaymentMethod"[])[1 + i."emiNumber" % 3] AS method) m
      WHERE i."loanId" LIKE 'll%' AND i."paidAmount" > 0`);
    await step("allocations", `INSERT INTO "LoanPaymentAllocation" ("id", "paymentId", "installmentId", "lateFee", "interest", "principal")
      SELECT 'la' || i."id", 'lp' || i."id", i."id", i."lateFee", i."interestAmount", i."principalAmount" FROM "LoanInstallment" i WHERE i."loanId" LIKE 'll%' AND i."paidAmount" > 0`);
    await step("journal entries", `INSERT INTO "LenderJournalEntry" ("id", "date", "kind", "sourceType", "sourceId", "loanId")
      SELECT 'ed' || l."id", ((l."disbursedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date, 'disbursement'::"LenderJournalKind", 'Loan', l."id", l."id" FROM "Loan" l WHERE l."id" LIKE 'll%'
      UNION ALL
      SELECT 'ep' || p."id", p."paymentDate", 'repayment'::"LenderJournalKind", 'LoanPayment', p."id", p."loanId" FROM "LoanPayment" p WHERE p."id" LIKE 'lp%'
      ORDER BY 2, 1`);
    await step("journal lines (one statement: balanced, and the running totals)", `INSERT INTO "LenderJournalLine" ("id", "entryId", "accountId", "branchId", "amount", "date", "voucher")
      SELECT x.*, e."voucher" FROM (
      SELECT 'd1' || l."id", 'ed' || l."id", 'la_loan_portfolio', l."branchId", l."disbursedAmount", ((l."disbursedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date FROM "Loan" l WHERE l."id" LIKE 'll%'
      UNION ALL
      SELECT 'd2' || l."id", 'ed' || l."id", CASE l."disbursementMethod" WHEN 'bkash' THEN 'la_bkash' ELSE 'la_bank' END, l."branchId", -l."disbursedAmount", ((l."disbursedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date FROM "Loan" l WHERE l."id" LIKE 'll%'
      UNION ALL
      SELECT 'p1' || p."id", 'ep' || p."id", CASE p."method" WHEN 'bkash' THEN 'la_bkash' WHEN 'nagad' THEN 'la_nagad' ELSE 'la_cash_in_hand' END, p."receivedAtBranchId", p."amount", p."paymentDate" FROM "LoanPayment" p WHERE p."id" LIKE 'lp%'
      UNION ALL
      SELECT 'p2' || a."paymentId", 'ep' || a."paymentId", 'la_interest_income', p."receivedAtBranchId", -a."interest", p."paymentDate" FROM "LoanPaymentAllocation" a JOIN "LoanPayment" p ON p."id" = a."paymentId" WHERE a."id" LIKE 'la%'
      UNION ALL
      SELECT 'p3' || a."paymentId", 'ep' || a."paymentId", 'la_loan_portfolio', p."receivedAtBranchId", -a."principal", p."paymentDate" FROM "LoanPaymentAllocation" a JOIN "LoanPayment" p ON p."id" = a."paymentId" WHERE a."id" LIKE 'la%'
      UNION ALL
      SELECT 'p4' || a."paymentId", 'ep' || a."paymentId", 'la_late_fee_income', p."receivedAtBranchId", -a."lateFee", p."paymentDate" FROM "LoanPaymentAllocation" a JOIN "LoanPayment" p ON p."id" = a."paymentId" WHERE a."id" LIKE 'la%' AND a."lateFee" > 0
      ) x ("id", "entryId", "accountId", "branchId", "amount", "date") JOIN "LenderJournalEntry" e ON e."id" = x."entryId"`);
    for (const [table, trigger] of [["Loan", "Loan_books_post"], ["LoanPaymentAllocation", "LoanPaymentAllocation_books_post"], ["LenderJournalLine", "LenderJournalLine_valid"], ["LenderJournalLine", "LenderJournalLine_period_open"]]) {
      await client.query(`ALTER TABLE "${table}" ENABLE TRIGGER "${trigger}"`);
    }
    await client.query(`VACUUM ANALYZE`);
    const counts = await client.query(`SELECT (SELECT count(*) FROM "Loan") AS loans, (SELECT count(*) FROM "LoanInstallment") AS instalments,
      (SELECT count(*) FROM "LenderJournalLine") AS lines, (SELECT count(*) FROM "LenderAccountDay") AS days, (SELECT coalesce(sum("amount"), 0) FROM "LenderJournalLine") AS total`);
    console.log(`[bench] ${JSON.stringify(counts.rows[0])}`);
  } finally {
    await client.end();
  }
}

const server = await startTestPostgres();
try {
  const databaseUrl = await server.createDatabase("rinbondhu_bench_lender_books");
  await applyMigrations(databaseUrl);
  const seedStarted = performance.now();
  await seed(databaseUrl);
  console.log(`[bench] seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  process.env.DATABASE_URL = databaseUrl;

  const books = await import("../lib/accounting/queries");
  const { provisioningMonthEnds } = await import("../lib/accounting/schemas");
  const { dhakaToday } = await import("../lib/format");
  const { prisma } = await import("../lib/db");
  const today = dhakaToday();
  const monthStart = `${today.slice(0, 7)}-01`;
  // A busy month: the month a year back (its payments and disbursements), for the cash book, journal and ledger.
  const yearBack = new Date(Date.UTC(Number(today.slice(0, 4)) - 1, Number(today.slice(5, 7)) - 1, 1)).toISOString().slice(0, 10);
  const yearBackEnd = new Date(Date.UTC(Number(today.slice(0, 4)) - 1, Number(today.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const results: [string, Stats][] = [];
  const time = async (label: string, fn: () => Promise<unknown>) => results.push([label, await timeCalls(label, fn, { rounds, warmUp: 5, width: 52 })]);
  const scopes: [string, OfficeScope][] = [
    ["head office (every branch)", { kind: "all" }],
    ["one branch", { kind: "branches", officeId: "lb-branch-7", branchIds: ["lb-branch-7"] }],
  ];
  for (const [who, scope] of scopes) {
    console.log(`\n${who} (${rounds} calls each):`);
    await time(`${who}: trial balance today`, () => books.lenderTrialBalance(scope, today));
    await time(`${who}: balance sheet and income statement, a year`, () => books.lenderStatements(scope, { from: yearBack, to: today }));
    await time(`${who}: cash book, bKash, a month`, () => books.lenderCashBook(scope, { channel: "bkash", from: yearBack, to: yearBackEnd }));
    await time(`${who}: cash book, cash in hand, this month`, () => books.lenderCashBook(scope, { channel: "cash_in_hand", from: monthStart, to: today }));
    await time(`${who}: ledger page, loan portfolio, a month`, () => books.lenderLedger(scope, { code: "1200", from: yearBack, to: yearBackEnd, page: 1 }));
    await time(`${who}: ledger last page, loan portfolio, a month`, () => books.lenderLedger(scope, { code: "1200", from: yearBack, to: yearBackEnd, page: 100_000 }));
    await time(`${who}: journal page, a month`, () => books.lenderJournal(scope, { from: yearBack, to: yearBackEnd, account: null, loan: null, page: 1 }));
    await time(`${who}: journal of one loan`, () => books.lenderJournal(scope, { from: "2000-01-01", to: today, account: null, loan: "LN-L0000007", page: 1 }));
  }

  const asOf = provisioningMonthEnds(today)[0]!;
  const started = performance.now();
  const [run] = await prisma.$queryRaw<{ id: string }[]>`SELECT "lender_provisioning_run"(${asOf}::date, NULL) AS "id"`;
  const seconds = (performance.now() - started) / 1000;
  const classified = await prisma.loanClassification.count({ where: { runId: run!.id } });
  console.log(`\nProvisioning run as of ${asOf}: ${classified} loans classified and posted in ${seconds.toFixed(1)} s (goal ≤ 30 s: ${seconds <= 30 ? "met" : "NOT met"}).`);
  const worst = results.reduce((a, b) => (b[1].p95 > a[1].p95 ? b : a));
  console.log(`Goal p95 ≤ 100 ms for each screen: ${worst[1].p95 <= 100 ? "met" : "NOT met"} (worst: ${worst[0]}, ${worst[1].p95.toFixed(1)} ms).`);
  await prisma.$disconnect();
} finally {
  await server.stop();
}
