/**
 * Issue 41: every query on a branch-scoped model goes through the office scope (lib/offices/scope.ts). This test
 * inventories every query site of app/, components/ and lib/ that reaches a branch-scoped model without the narrowed
 * client (`officeDb(scope)`, by convention held in `db`): Prisma calls on another client and raw SQL reading a scoped
 * table. Each file with such sites is listed below with their number and why they are right; a new site anywhere (or
 * one fewer) fails until it goes through the scope or is added here with its reason.
 * tests/integration/office-scope.test.ts shows the scope holding on PostgreSQL.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SCOPED_MODELS } from "@/lib/offices/scope-rules";

const SOURCE_DIRS = ["app", "components", "lib"];
const OPERATIONS =
  "findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|findMany|count|aggregate|groupBy|update|updateMany|updateManyAndReturn|delete|deleteMany|upsert|create|createMany|createManyAndReturn";
const DELEGATE_CALL = new RegExp(`(\\w+|\\))\\s*\\.\\s*(${SCOPED_MODELS.join("|")})\\s*\\.\\s*(${OPERATIONS})\\b`, "g");
const TABLES = SCOPED_MODELS.map((m) => m.charAt(0).toUpperCase() + m.slice(1));
const RAW_READ = new RegExp(`\\b(FROM|JOIN|UPDATE|INTO)\\s+"(${TABLES.join("|")})"`, "g");

/** Why a system-wide read is right, by kind (each file below names one). */
const WHY = {
  narrowedSql: "raw SQL narrowed with branchInScopeSql / loanInScopeSql (the scope's own SQL conditions)",
  actionChecks: "staff actions: the record is loaded in the transaction and answers notFound unless inScope(ctx.scope, …)",
  public: "the public application and status pages: no staff, no scope (the applicant's own reference)",
  borrower: "the borrower's own pages: narrowed to her NID and phone, never to a branch",
  system: "system work (jobs, schedules, figures over the whole book, the scope itself)",
  underScopedParent: "reads under a record already found through the scope (its history, its page's rows, a search's ids)",
} as const;

const INVENTORY: Record<string, { sites: number; why: keyof typeof WHY }> = {
  "lib/accounting/queries.ts": { sites: 4, why: "narrowedSql" }, // the journal's and ledgers' loan and receipt numbers, of entries whose lines are in the scope
  "lib/applications/queries.ts": { sites: 2, why: "public" },
  "lib/applications/review-queries.ts": { sites: 1, why: "system" }, // the version fingerprint of the stat cards' cache
  "lib/applications/review-service.ts": { sites: 9, why: "actionChecks" },
  "lib/applications/service.ts": { sites: 2, why: "public" },
  "lib/borrower/queries.ts": { sites: 3, why: "borrower" }, // and her own messages, by her phone
  "lib/borrower/service.ts": { sites: 4, why: "borrower" },
  "lib/customers/admin-service.ts": { sites: 6, why: "actionChecks" },
  "lib/customers/queries.ts": { sites: 4, why: "underScopedParent" },
  "lib/customers/service.ts": { sites: 4, why: "actionChecks" },
  "lib/dashboard/queries.ts": { sites: 25, why: "narrowedSql" },
  "lib/kyc/ocr-job.ts": { sites: 3, why: "system" },
  "lib/kyc/queries.ts": { sites: 3, why: "underScopedParent" }, // and the assignee list, its raw SQL narrowed with branchInScopeSql
  "lib/kyc/service.ts": { sites: 18, why: "actionChecks" },
  "lib/lending-rules/service.ts": { sites: 2, why: "system" }, // the super admin's holiday calendar moves every open loan
  "lib/loans/queries.ts": { sites: 1, why: "system" }, // the public site's figures
  "lib/loans/service.ts": { sites: 11, why: "actionChecks" },
  "lib/offices/scope.ts": { sites: 1, why: "system" },
  "lib/offices/service.ts": { sites: 2, why: "system" },
  "lib/offices/transfers.ts": { sites: 7, why: "actionChecks" }, // a transfer is found through inScope of either branch; then moves the customer's records // the super admin closes an office only once none of its loans is open
  "lib/ops/queries.ts": { sites: 1, why: "system" }, // the outbox's backlog for the health and metrics endpoints
  "lib/outbox/service.ts": { sites: 8, why: "system" }, // queueing and delivery; the resend is checked with inScope
  "lib/repayments/collection-service.ts": { sites: 6, why: "actionChecks" },
  "lib/repayments/queries.ts": { sites: 21, why: "narrowedSql" },
  "lib/repayments/early-repayment-service.ts": { sites: 14, why: "actionChecks" }, // under the loan locked and checked with inScope (lockedLoanForPayment, or the reversal's)
  "lib/repayments/reversal-service.ts": { sites: 8, why: "actionChecks" }, // the payment's loan is locked and checked with inScope; then its instalments
  "lib/repayments/service.ts": { sites: 8, why: "actionChecks" },
  "lib/write-offs/queries.ts": { sites: 6, why: "narrowedSql" }, // the candidates' SQL narrowed with branchInScopeSql; the recoveries and facts of loans found through it
  "lib/write-offs/service.ts": { sites: 11, why: "actionChecks" }, // under the loan locked and checked with inScope
  "lib/society/field/receipts.ts": { sites: 1, why: "system" }, // a society's receipt SMS: about no branch's record
};

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes("generated"))
    .map((f) => join(dir, f));
}

/** Query sites on a branch-scoped model that do not go through the narrowed client. */
function unscopedSites(text: string): number {
  let count = 0;
  for (const match of text.matchAll(DELEGATE_CALL)) {
    const receiver = match[1]!;
    if (receiver === "db") continue;
    // officeDb(scope).loan.findMany(…), or a helper returning it.
    if (receiver === ")" && /(officeDb|clientFor)\([^()]*\)$/.test(text.slice(0, match.index + 1))) continue;
    count += 1;
  }
  return count + [...text.matchAll(RAW_READ)].length;
}

describe("the office scope's inventory of query sites", () => {
  const found = Object.fromEntries(
    SOURCE_DIRS.flatMap(sources)
      .map((file) => [file, unscopedSites(readFileSync(file, "utf8"))] as const)
      .filter(([, sites]) => sites > 0),
  );

  it("lists every file that reaches a branch-scoped model without the scope, with its number of sites", () => {
    expect(found).toEqual(Object.fromEntries(Object.entries(INVENTORY).map(([file, { sites }]) => [file, sites])));
  });

  it("finds the sites it is meant to find (a scoped read, an unscoped read and raw SQL)", () => {
    expect(unscopedSites(`const db = officeDb(scope); db.loan.findMany({});`)).toBe(0);
    expect(unscopedSites(`officeDb(ctx.scope).kycCase.count();`)).toBe(0);
    expect(unscopedSites(`prisma.loan.findMany({}); tx.loanPayment.create({});`)).toBe(2);
    expect(unscopedSites('prisma.$queryRaw`SELECT 1 FROM "Loan" l JOIN "Customer" c ON true`')).toBe(2);
  });

  it("keeps the staff-facing pages, route handlers and components off the database client", () => {
    const direct = ["app", "components"].flatMap(sources).filter((file) => /from "@\/lib\/db"/.test(readFileSync(file, "utf8")));
    expect(direct).toEqual([]);
  });

  it("names a reason for every listed file", () => {
    for (const [file, entry] of Object.entries(INVENTORY)) expect(WHY[entry.why], file).toBeTruthy();
  });
});
