/**
 * `npm run bench:branches` (issue 41): the back office's lists and dashboard through the office scope, at 100,000 loans
 * (BENCH_LOANS; about 1,000,000 instalments) and 100,000 applications with their KYC cases (BENCH_CASES), spread over
 * 200 branches in 10 areas, seeded in bulk into a throwaway PostgreSQL database. Server time of what each screen runs
 * (its cards and one page), the query functions called directly, BENCH_ROUNDS each (default 50) after 5 warm-ups, for a
 * head-office user (every branch), an area manager (20 branches) and a branch user (one). Goal: p95 ≤ 100 ms for a
 * branch user and for a head-office user.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { startTestPostgres } from "../scripts/throwaway-postgres";
import { applyMigrations } from "../scripts/db/schema-engine";
import type { OfficeScope } from "../lib/offices/scope-rules";
import { seedKycInBulk, seedLoansInBulk } from "./bulk-seed";
import { timeCalls } from "./stats";

const loans = Number(process.env.BENCH_LOANS ?? 100_000);
const cases = Number(process.env.BENCH_CASES ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 50);
const BRANCHES = 200;
const AREAS = 10;

const time = (label: string, fn: () => Promise<unknown>) => timeCalls(label, fn, { rounds, warmUp: 5, width: 44 });

/** 10 areas of 20 branches under the head office; every customer (and her loans, payments and activities) and every application (and its case) in one. */
async function spreadOverBranches(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "Office" ("id", "code", "nameBn", "nameEn", "level", "parentId", "openedOn", "updatedAt")
       SELECT 'bench-area-' || a, 'A' || lpad(a::text, 3, '0'), 'এরিয়া ' || a, 'Area ' || a, 'area', 'office-head', DATE '2020-01-01', now()
       FROM generate_series(1, $1::int) a`,
      [AREAS],
    );
    await client.query(
      `INSERT INTO "Office" ("id", "code", "nameBn", "nameEn", "level", "parentId", "openedOn", "updatedAt")
       SELECT 'bench-branch-' || b, 'BR' || lpad(b::text, 4, '0'), 'শাখা ' || b, 'Branch ' || b, 'branch', 'bench-area-' || (1 + (b - 1) / ($1::int / $2::int)), DATE '2020-01-01', now()
       FROM generate_series(1, $1::int) b`,
      [BRANCHES, AREAS],
    );
    const branchOf = (column: string) => `'bench-branch-' || (1 + abs(hashtext(${column})) % ${BRANCHES})`;
    await client.query(`UPDATE "Customer" SET "branchId" = ${branchOf(`"id"`)}`);
    await client.query(`UPDATE "Loan" l SET "branchId" = c."branchId" FROM "Customer" c WHERE c."id" = l."customerId"`);
    await client.query(`UPDATE "LoanApplication" a SET "branchId" = COALESCE((SELECT c."branchId" FROM "Customer" c WHERE c."id" = a."customerId"), ${branchOf(`a."id"`)})`);
    await client.query(`UPDATE "KycCase" k SET "branchId" = a."branchId" FROM "LoanApplication" a WHERE a."id" = k."applicationId"`);
    await client.query(`UPDATE "CollectionActivity" x SET "branchId" = l."branchId" FROM "Loan" l WHERE l."id" = x."loanId"`);
    // The seed's payments were "received" before the branches existed: put each where its loan is (the rule that a
    // payment keeps its branch is for the app, not for this throwaway database's owner).
    await client.query(`ALTER TABLE "LoanPayment" DISABLE TRIGGER "LoanPayment_branch_kept"`);
    await client.query(`UPDATE "LoanPayment" p SET "receivedAtBranchId" = l."branchId" FROM "Loan" l WHERE l."id" = p."loanId"`);
    await client.query(`ALTER TABLE "LoanPayment" ENABLE TRIGGER "LoanPayment_branch_kept"`);
    await client.query(`UPDATE "Office" SET "status" = 'closed', "closedOn" = DATE '2026-01-01' WHERE "id" = 'office-main-branch'`);
    await client.query(`VACUUM ANALYZE`);
  } finally {
    await client.end();
  }
}

const server = await startTestPostgres();
try {
  const databaseUrl = await server.createDatabase("rinbondhu_bench_branches");
  await applyMigrations(databaseUrl);
  const seedStarted = performance.now();
  await seedLoansInBulk(databaseUrl, loans);
  await seedKycInBulk(databaseUrl, cases);
  await spreadOverBranches(databaseUrl);
  console.log(`[bench] ${loans} loans and ${cases} applications with KYC cases over ${BRANCHES} branches, seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  process.env.DATABASE_URL = databaseUrl;

  const { listLoans, loanStats } = await import("../lib/loans/queries");
  const { loanListFiltersSchema } = await import("../lib/loans/schemas");
  const { listCollectionActivities, listRepayments, repaymentStats } = await import("../lib/repayments/queries");
  const { repaymentListFiltersSchema } = await import("../lib/repayments/list-schemas");
  const { customerStats, listCustomers } = await import("../lib/customers/queries");
  const { customerListFiltersSchema } = await import("../lib/customers/schemas");
  const { kycStats, listKycCases } = await import("../lib/kyc/queries");
  const { kycListFiltersSchema } = await import("../lib/kyc/schemas");
  const dashboard = await import("../lib/dashboard/queries");
  const { scopeOfOffice } = await import("../lib/offices/scope");
  const { prisma } = await import("../lib/db");
  const officeScope = async (id: string) => scopeOfOffice(await prisma.office.findUniqueOrThrow({ where: { id }, select: { id: true, path: true, parentId: true } }));

  const scopes: [string, OfficeScope][] = [
    ["head office", await officeScope("office-head")],
    ["area (20 branches)", await officeScope("bench-area-1")],
    ["branch", await officeScope("bench-branch-7")],
  ];
  for (const [who, scope] of scopes) {
    console.log(`\n${who} (${rounds} calls each):`);
    const loanTab = (params: Record<string, string>) => () => Promise.all([loanStats(scope), listLoans(loanListFiltersSchema.parse(params), scope)]);
    await time("loans: applications tab", loanTab({ tab: "applications" }));
    await time("loans: active tab", loanTab({ tab: "active" }));
    await time("loans: all, search by name", loanTab({ tab: "all", q: "Karim" }));
    const repaymentTab = (params: Record<string, string>) => () => {
      const filters = repaymentListFiltersSchema.parse(params);
      const list = filters.tab === "collections" ? listCollectionActivities(filters, scope) : listRepayments({ ...filters, tab: filters.tab }, scope);
      return Promise.all([repaymentStats(scope), list]);
    };
    await time("repayments: overdue tab", repaymentTab({ tab: "overdue" }));
    await time("repayments: upcoming tab", repaymentTab({ tab: "upcoming" }));
    await time("repayments: collections tab", repaymentTab({ tab: "collections" }));
    const access = { loans: true, scope };
    await time("customers: first page", () => Promise.all([customerStats(access), listCustomers(customerListFiltersSchema.parse({}), access)]));
    await time("customers: search by name", () => Promise.all([customerStats(access), listCustomers(customerListFiltersSchema.parse({ q: "Karim" }), access)]));
    const kycTab = (params: Record<string, string>) => () => Promise.all([kycStats(scope), listKycCases(kycListFiltersSchema.parse(params), scope)]);
    await time("kyc: pending tab", kycTab({ tab: "pending" }));
    await time("kyc: all tab", kycTab({ tab: "all" }));
    // The dashboard's figures computed afresh (the page memoises them per scope and minute).
    await time("dashboard: all figures, 30 days", () =>
      Promise.all([
        dashboard.getDashboardKpis("30d", scope),
        dashboard.listRecentApplications(scope),
        dashboard.getTodayActivity(scope),
        dashboard.getPortfolioByProduct("30d", scope),
        dashboard.computeAlerts(scope),
      ]),
    );
  }
  await prisma.$disconnect();
} finally {
  await server.stop();
}
