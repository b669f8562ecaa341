/**
 * `npm run bench:loans`: loan management and repayments with 100,000 loans (BENCH_LOANS) and about 1,000,000
 * instalments, seeded in bulk into a throwaway PostgreSQL database. Server time of the queries each tab of
 * /admin/loans and /admin/repayments runs (cards + one page), called directly, BENCH_ROUNDS each (default 100):
 * p50/p95. Goal (issue 8): p95 ≤ 100 ms per tab.
 */
import { performance } from "node:perf_hooks";
import { startTestPostgres } from "../scripts/throwaway-postgres";
import { applyMigrations } from "../scripts/db/schema-engine";
import { seedLoansInBulk } from "./bulk-seed";
import { timeCalls } from "./stats";

const loans = Number(process.env.BENCH_LOANS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 100);

const time = (label: string, fn: () => Promise<unknown>) => timeCalls(label, fn, { rounds, warmUp: 5, width: 40 });

const server = await startTestPostgres();
try {
  const databaseUrl = await server.createDatabase("rinbondhu_bench_loans");
  await applyMigrations(databaseUrl);
  const seedStarted = performance.now();
  await seedLoansInBulk(databaseUrl, loans);
  console.log(`[bench] ${loans} loans seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  process.env.DATABASE_URL = databaseUrl;
  const { listLoans, loanStats } = await import("../lib/loans/queries");
  const { loanListFiltersSchema } = await import("../lib/loans/schemas");

  console.log(`\n/admin/loans (${rounds} calls each: cards + one page of 20):`);
  const loanTab = (params: Record<string, string>) => () => Promise.all([loanStats({ kind: "all" }), listLoans(loanListFiltersSchema.parse(params), { kind: "all" })]);
  for (const tab of ["applications", "approved", "active", "all"]) await time(`tab ${tab}`, loanTab({ tab }));
  await time("all, search by phone", loanTab({ tab: "all", q: "০১৩০০০০১২৩৪" }));
  await time("all, search by name", loanTab({ tab: "all", q: "Karim" }));
  await time("all, risk high, type business", loanTab({ tab: "all", risk: "high", loanType: "business" }));
  await time("active, page 500", loanTab({ tab: "active", page: "500" }));

  const { listCollectionActivities, listRepayments, repaymentStats } = await import("../lib/repayments/queries");
  const { repaymentListFiltersSchema } = await import("../lib/repayments/list-schemas");
  console.log(`\n/admin/repayments (${rounds} calls each: cards + one page of 20):`);
  const repaymentTab = (params: Record<string, string>) => () => {
    const filters = repaymentListFiltersSchema.parse(params);
    const list = filters.tab === "collections" ? listCollectionActivities(filters, { kind: "all" }) : listRepayments({ ...filters, tab: filters.tab }, { kind: "all" });
    return Promise.all([repaymentStats({ kind: "all" }), list]);
  };
  for (const tab of ["due_today", "overdue", "upcoming", "paid", "collections"]) await time(`tab ${tab}`, repaymentTab({ tab }));
  await time("overdue, search by phone", repaymentTab({ tab: "overdue", q: "01300001237" }));
  await time("overdue, search by loan number", repaymentTab({ tab: "overdue", q: "LN-0100007" }));
  await time("upcoming, page 200", repaymentTab({ tab: "upcoming", page: "200" }));

  const { prisma } = await import("../lib/db");
  await prisma.$disconnect();
} finally {
  await server.stop();
}
