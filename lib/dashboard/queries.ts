import "server-only";
import { cache } from "react";
import { minuteBucket, versionedMemo } from "@/lib/cache/versioned";
import { prisma } from "@/lib/db";
import { branchInScopeSql, loanInScopeSql, officeDb, type OfficeScope } from "@/lib/offices/scope";
import { scopeKey } from "@/lib/offices/scope-rules";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ApplicationStatus, LoanType } from "@/lib/generated/prisma/enums";
import { dhakaDay, percentChange, percentOf, periodWindows, type Period } from "./period";

/*
 * Dashboard figures, all computed from the database (docs/decisions/0064-back-office-dashboard-figures.md):
 * - applications received: applications submitted in the window;
 * - approval rate: approved ÷ (approved + rejected) among applications decided in the window;
 * - amount disbursed: Loan.disbursedAmount of loans disbursed in the window;
 * - active portfolio at an instant T: disbursed amount of loans disbursed before T and not closed by T, minus
 *   the completed payments received on them before T (payments count in full against the balance);
 * - collection rate: amount paid ÷ amount due of the instalments due in the window, up to today;
 * - PAR30: the balance of loans with an instalment unpaid more than 30 days after its due date ÷ the whole
 *   active portfolio (0 when nothing is outstanding).
 */

const n = (v: bigint | number | null | undefined) => Number(v ?? 0);

/** The scope's condition on a branch column, or on a loan-id column through the loan's branch (TRUE for all). */
function within(scope: OfficeScope) {
  return {
    branch: (column: string) => branchInScopeSql(scope, Prisma.raw(column)),
    loan: (column: string) => loanInScopeSql(scope, Prisma.raw(column)),
  };
}

export type Kpi = { current: number | null; previous: number | null; change: number | null };

function kpi(current: number | null, previous: number | null): Kpi {
  return { current, previous, change: percentChange(current, previous) };
}

async function applicationFigures(w: ReturnType<typeof periodWindows>, scope: OfficeScope) {
  const inScope = within(scope).branch(`"branchId"`);
  const received = (win: { start: Date; end: Date }) =>
    Prisma.sql`(SELECT count(*) FROM "LoanApplication" WHERE "submittedAt" >= ${win.start} AND "submittedAt" < ${win.end} AND ${inScope})`;
  const decided = (status: "approved" | "rejected", win: { start: Date; end: Date }) =>
    Prisma.sql`(SELECT count(*) FROM "LoanApplication" WHERE "status" = ${status}::"ApplicationStatus" AND "reviewedAt" >= ${win.start} AND "reviewedAt" < ${win.end} AND ${inScope})`;
  // Each count is a range of one index (submittedAt; status + reviewedAt), not a pass over the table.
  const [row] = await prisma.$queryRaw<Record<string, bigint>[]>`
    SELECT ${received(w.current)} AS "received", ${received(w.previous)} AS "receivedBefore",
           ${decided("approved", w.current)} AS "approved", ${decided("rejected", w.current)} AS "rejected",
           ${decided("approved", w.previous)} AS "approvedBefore", ${decided("rejected", w.previous)} AS "rejectedBefore"`;
  return row ?? {};
}

async function loanFigures(w: ReturnType<typeof periodWindows>, scope: OfficeScope) {
  const [row] = await prisma.$queryRaw<Record<string, bigint | null>[]>`
    SELECT
      sum("disbursedAmount") FILTER (WHERE "disbursedAt" >= ${w.current.start} AND "disbursedAt" < ${w.current.end}) AS "disbursed",
      sum("disbursedAmount") FILTER (WHERE "disbursedAt" >= ${w.previous.start} AND "disbursedAt" < ${w.previous.end}) AS "disbursedBefore"
    FROM "Loan" WHERE "disbursedAt" >= ${w.previous.start} AND ${within(scope).branch(`"branchId"`)}`;
  return row ?? {};
}

/**
 * The active portfolio (outstanding balance) at two instants, as defined above, from one pass over the loans open at
 * either and their payments (the loans open at `start` or at `end` are those disbursed before `end` and not closed
 * before `start`, as start < end).
 */
async function portfolioAt(start: Date, end: Date, scope: OfficeScope): Promise<{ atStart: number; atEnd: number }> {
  const [row] = await prisma.$queryRaw<{ disbursedEnd: bigint | null; disbursedStart: bigint | null; repaidEnd: bigint | null; repaidStart: bigint | null }[]>`
    WITH open_loans AS MATERIALIZED (
      SELECT "id", "disbursedAmount",
             ("disbursedAt" < ${end} AND ("closedAt" IS NULL OR "closedAt" >= ${end})) AS "openAtEnd",
             ("disbursedAt" < ${start} AND ("closedAt" IS NULL OR "closedAt" >= ${start})) AS "openAtStart"
      FROM "Loan"
      WHERE "disbursedAt" < ${end} AND ("closedAt" IS NULL OR "closedAt" >= ${start}) AND "disbursedAmount" IS NOT NULL
        AND ${within(scope).branch(`"branchId"`)}),
    loans AS (
      SELECT sum("disbursedAmount") FILTER (WHERE "openAtEnd") AS "disbursedEnd",
             sum("disbursedAmount") FILTER (WHERE "openAtStart") AS "disbursedStart"
      FROM open_loans),
    repaid AS (
      SELECT sum(p."amount") FILTER (WHERE l."openAtEnd") AS "repaidEnd",
             sum(p."amount") FILTER (WHERE l."openAtStart" AND p."createdAt" < ${start}) AS "repaidStart"
      FROM "LoanPayment" p JOIN open_loans l ON l."id" = p."loanId"
      WHERE p."status" = 'completed' AND p."createdAt" < ${end})
    SELECT * FROM loans, repaid`;
  return {
    atStart: Math.max(0, n(row?.disbursedStart) - n(row?.repaidStart)),
    atEnd: Math.max(0, n(row?.disbursedEnd) - n(row?.repaidEnd)),
  };
}

/** The collection rate of the current and the previous window (instalments due in each, by Asia/Dhaka date). */
async function collectionRates(w: ReturnType<typeof periodWindows>, scope: OfficeScope): Promise<{ current: number | null; previous: number | null }> {
  const [curStart, curEnd, prevStart, prevEnd] = [w.current.start, w.current.end, w.previous.start, w.previous.end].map((d) => dhakaDay(d).date);
  const cur = Prisma.sql`"dueDate" >= ${curStart} AND "dueDate" < ${curEnd}`;
  const prev = Prisma.sql`"dueDate" >= ${prevStart} AND "dueDate" < ${prevEnd}`;
  const [row] = await prisma.$queryRaw<{ due: bigint | null; paid: bigint | null; dueBefore: bigint | null; paidBefore: bigint | null }[]>`
    SELECT sum("emiAmount") FILTER (WHERE ${cur}) AS "due", sum(LEAST("paidAmount", "emiAmount")) FILTER (WHERE ${cur}) AS "paid",
           sum("emiAmount") FILTER (WHERE ${prev}) AS "dueBefore", sum(LEAST("paidAmount", "emiAmount")) FILTER (WHERE ${prev}) AS "paidBefore"
    FROM "LoanInstallment"
    WHERE (${cur} OR ${prev}) AND ${within(scope).loan(`"loanId"`)}`;
  return { current: percentOf(n(row?.paid), n(row?.due)), previous: percentOf(n(row?.paidBefore), n(row?.dueBefore)) };
}

/**
 * Balance at risk: loans with an instalment unpaid more than 30 days after it fell due. The unpaid instalments come
 * from a range of the partial index of unpaid instalments by due date; each risky loan's payments from an index
 * lookup of its own (not a pass over every payment of the book).
 */
async function balanceAtRisk(now: Date, scope: OfficeScope): Promise<number> {
  const cutoff = new Date(dhakaDay(now).date.getTime() - 30 * 24 * 60 * 60 * 1000);
  const [row] = await prisma.$queryRaw<{ disbursed: bigint | null; repaid: bigint | null }[]>`
    WITH risky AS MATERIALIZED (
      SELECT l."id", l."disbursedAmount" FROM "Loan" l
      WHERE l."status" = 'disbursed' AND ${within(scope).branch(`l."branchId"`)} AND EXISTS (
        SELECT 1 FROM "LoanInstallment" i WHERE i."loanId" = l."id" AND i."dueDate" < ${cutoff} AND i."paidAmount" < i."emiAmount"))
    SELECT sum(r."disbursedAmount") AS "disbursed",
           sum((SELECT sum(p."amount") FROM "LoanPayment" p WHERE p."loanId" = r."id" AND p."status" = 'completed')) AS "repaid"
    FROM risky r`;
  return Math.max(0, n(row?.disbursed) - n(row?.repaid));
}

export type DashboardKpis = {
  applicationsReceived: Kpi;
  approvalRate: Kpi;
  amountDisbursed: Kpi;
  activePortfolio: Kpi;
  collectionRate: Kpi;
  par30: number;
};

export async function getDashboardKpis(period: Period, scope: OfficeScope, now = new Date()): Promise<DashboardKpis> {
  const w = periodWindows(period, now);
  const [apps, loans, portfolio, collected, atRisk] = await Promise.all([
    applicationFigures(w, scope),
    loanFigures(w, scope),
    portfolioAt(w.current.start, w.current.end, scope),
    collectionRates(w, scope),
    balanceAtRisk(now, scope),
  ]);
  const portfolioNow = portfolio.atEnd;
  return {
    applicationsReceived: kpi(n(apps.received), n(apps.receivedBefore)),
    approvalRate: kpi(percentOf(n(apps.approved), n(apps.approved) + n(apps.rejected)), percentOf(n(apps.approvedBefore), n(apps.approvedBefore) + n(apps.rejectedBefore))),
    amountDisbursed: kpi(n(loans.disbursed), n(loans.disbursedBefore)),
    activePortfolio: kpi(portfolioNow, portfolio.atStart),
    collectionRate: kpi(collected.current, collected.previous),
    par30: percentOf(atRisk, portfolioNow) ?? 0,
  };
}

export type RecentApplication = { applicationId: string; name: string; loanType: LoanType; amount: number; status: ApplicationStatus; submittedAt: Date };

export function listRecentApplications(scope: OfficeScope, limit = 10): Promise<RecentApplication[]> {
  return officeDb(scope).loanApplication.findMany({
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { applicationId: true, name: true, loanType: true, amount: true, status: true, submittedAt: true },
  });
}

export type TodayActivity = { received: number; approved: number; rejected: number; disbursed: number; disbursedAmount: number; payments: number; collected: number };

/** What happened today, Asia/Dhaka calendar day. */
export async function getTodayActivity(scope: OfficeScope, now = new Date()): Promise<TodayActivity> {
  const day = dhakaDay(now);
  const inBranch = within(scope).branch(`"branchId"`);
  const [[apps], [loans], [payments]] = await Promise.all([
    // Index ranges (submittedAt; status + reviewedAt) rather than a pass over the table.
    prisma.$queryRaw<Record<string, bigint>[]>`
      SELECT (SELECT count(*) FROM "LoanApplication" WHERE "submittedAt" >= ${day.start} AND "submittedAt" < ${day.end} AND ${inBranch}) AS "received",
             (SELECT count(*) FROM "LoanApplication" WHERE "status" = 'approved' AND "reviewedAt" >= ${day.start} AND "reviewedAt" < ${day.end} AND ${inBranch}) AS "approved",
             (SELECT count(*) FROM "LoanApplication" WHERE "status" = 'rejected' AND "reviewedAt" >= ${day.start} AND "reviewedAt" < ${day.end} AND ${inBranch}) AS "rejected"`,
    prisma.$queryRaw<Record<string, bigint | null>[]>`
      SELECT count(*) AS "disbursed", sum("disbursedAmount") AS "amount" FROM "Loan" WHERE "disbursedAt" >= ${day.start} AND "disbursedAt" < ${day.end} AND ${inBranch}`,
    prisma.$queryRaw<Record<string, bigint | null>[]>`
      SELECT count(*) AS "payments", sum("amount") AS "collected" FROM "LoanPayment" WHERE "status" = 'completed' AND "paymentDate" = ${day.date}
        AND ${within(scope).branch(`"receivedAtBranchId"`)}`,
  ]);
  return {
    received: n(apps?.received),
    approved: n(apps?.approved),
    rejected: n(apps?.rejected),
    disbursed: n(loans?.disbursed),
    disbursedAmount: n(loans?.amount),
    payments: n(payments?.payments),
    collected: n(payments?.collected),
  };
}

export type ProductSlice = { loanType: LoanType; applications: number; disbursedCount: number; disbursedAmount: number; outstanding: number };

/** Portfolio by product: applications in the window, loans disbursed in it, and today's outstanding balance. */
export async function getPortfolioByProduct(period: Period, scope: OfficeScope, now = new Date()): Promise<ProductSlice[]> {
  const { current } = periodWindows(period, now);
  const inBranch = within(scope).branch(`"branchId"`);
  // One grouped pass per table instead of a sub-select per product and table.
  const rows = await prisma.$queryRaw<{ loanType: LoanType; applications: bigint | null; disbursedCount: bigint | null; disbursedAmount: bigint | null; outstanding: bigint | null }[]>`
    WITH apps AS (
      SELECT "loanType", count(*) AS "n" FROM "LoanApplication"
      WHERE "submittedAt" >= ${current.start} AND "submittedAt" < ${current.end} AND ${inBranch} GROUP BY 1),
    disbursed AS (
      SELECT "loanType", count(*) AS "n", sum("disbursedAmount") AS "amount" FROM "Loan"
      WHERE "disbursedAt" >= ${current.start} AND "disbursedAt" < ${current.end} AND ${inBranch} GROUP BY 1),
    outstanding AS (
      SELECT l."loanType", sum(l."disbursedAmount") - coalesce(sum(r."paid"), 0) AS "amount"
      FROM "Loan" l
      LEFT JOIN LATERAL (SELECT sum(p."amount") AS "paid" FROM "LoanPayment" p WHERE p."loanId" = l."id" AND p."status" = 'completed') r ON TRUE
      WHERE l."status" = 'disbursed' AND ${within(scope).branch(`l."branchId"`)} GROUP BY 1)
    SELECT t."loanType", a."n" AS "applications", d."n" AS "disbursedCount", d."amount" AS "disbursedAmount", o."amount" AS "outstanding"
    FROM unnest(enum_range(NULL::"LoanType")) AS t("loanType")
    LEFT JOIN apps a ON a."loanType" = t."loanType"
    LEFT JOIN disbursed d ON d."loanType" = t."loanType"
    LEFT JOIN outstanding o ON o."loanType" = t."loanType"`;
  return rows.map((r) => ({
    loanType: r.loanType,
    applications: n(r.applications),
    disbursedCount: n(r.disbursedCount),
    disbursedAmount: n(r.disbursedAmount),
    outstanding: Math.max(0, n(r.outstanding)),
  }));
}

export type AlertKind = "staleApplications" | "staleKyc" | "overdueInstallments";
export type DashboardAlert = { kind: AlertKind; priority: "high" | "medium"; count: number; oldest: Date; href: string | null };

const APPLICATION_WAIT_MS = 24 * 60 * 60 * 1000;
const KYC_WAIT_MS = 48 * 60 * 60 * 1000;

/** Alerts derived from the data; only kinds with something to say are returned. */
export async function computeAlerts(scope: OfficeScope, now = new Date()): Promise<DashboardAlert[]> {
  const { branch } = within(scope);
  const appsBefore = new Date(now.getTime() - APPLICATION_WAIT_MS);
  const kycBefore = new Date(now.getTime() - KYC_WAIT_MS);
  // Each count and its oldest date from one range (status + submittedAt; the partial index of unpaid instalments).
  const [row] = await prisma.$queryRaw<{ apps: bigint; appsOldest: Date | null; kyc: bigint; kycOldest: Date | null; overdue: bigint; overdueOldest: Date | null }[]>`
    SELECT a."n" AS "apps", a."oldest" AS "appsOldest", k."n" AS "kyc", k."oldest" AS "kycOldest", o."n" AS "overdue", o."oldest" AS "overdueOldest"
    FROM (SELECT count(*) AS "n", min("submittedAt") AS "oldest" FROM "LoanApplication"
          WHERE "status" IN ('pending', 'under_review') AND "submittedAt" < ${appsBefore} AND ${branch(`"branchId"`)}) a,
         (SELECT count(*) AS "n", min("submittedAt") AS "oldest" FROM "KycCase"
          WHERE "status" IN ('pending_review', 'under_review') AND "submittedAt" < ${kycBefore} AND ${branch(`"branchId"`)}) k,
         (SELECT count(*) AS "n", min(i."dueDate") AS "oldest" FROM "LoanInstallment" i JOIN "Loan" l ON l."id" = i."loanId"
          WHERE l."status" = 'disbursed' AND i."dueDate" < ${dhakaDay(now).date} AND i."paidAmount" < i."emiAmount" AND ${branch(`l."branchId"`)}) o`;
  const alerts: DashboardAlert[] = [];
  if (row && n(row.apps) > 0 && row.appsOldest) alerts.push({ kind: "staleApplications", priority: "high", count: n(row.apps), oldest: row.appsOldest, href: "/admin/application-review?status=pending" });
  if (row && n(row.overdue) > 0 && row.overdueOldest) alerts.push({ kind: "overdueInstallments", priority: "high", count: n(row.overdue), oldest: row.overdueOldest, href: "/admin/repayments?tab=overdue" });
  if (row && n(row.kyc) > 0 && row.kycOldest) alerts.push({ kind: "staleKyc", priority: "medium", count: n(row.kyc), oldest: row.kycOldest, href: null });
  return alerts;
}

// One entry per scope in use and minute (a branch's staff share theirs).
const cachedAlerts = versionedMemo((scope: OfficeScope) => computeAlerts(scope), 256);

/**
 * The alerts, recomputed when applications, loans or KYC cases changed, and at least once a minute (waiting
 * times grow with the clock; instalments fall overdue with the date). Every back-office page shows the bell.
 */
export async function listAlerts(scope: OfficeScope): Promise<DashboardAlert[]> {
  return cachedAlerts(`${scopeKey(scope)}:${await getDashboardVersion(scope)}:${minuteBucket()}`, scope);
}

/** The bell's number: every alert item (an application waiting, a case waiting, an instalment overdue). */
export async function countOpenAlerts(scope: OfficeScope): Promise<number> {
  return (await listAlerts(scope)).reduce((sum, a) => sum + a.count, 0);
}

/**
 * A fingerprint of what the dashboard shows: it changes whenever an application, loan or KYC case of the scope is
 * created or updated (inserts set updatedAt too), so another branch's work neither refreshes a branch's dashboard nor
 * tells it when that branch last worked. Three max() lookups (index-only for the whole lender; a branch's rows else).
 */
export const getDashboardVersion = cache(async (scope: OfficeScope): Promise<string> => {
  const [row] = await prisma.$queryRaw<{ a: Date | null; l: Date | null; k: Date | null }[]>`
    SELECT (SELECT max("updatedAt") FROM "LoanApplication" WHERE ${branchInScopeSql(scope, Prisma.sql`"branchId"`)}) AS "a",
           (SELECT max("updatedAt") FROM "Loan" WHERE ${branchInScopeSql(scope, Prisma.sql`"branchId"`)}) AS "l",
           (SELECT max("updatedAt") FROM "KycCase" WHERE ${branchInScopeSql(scope, Prisma.sql`"branchId"`)}) AS "k"`;
  return [row?.a, row?.l, row?.k].map((d) => d?.getTime() ?? 0).join("-");
});

export type DashboardData = {
  kpis: DashboardKpis;
  recent: RecentApplication[];
  today: TodayActivity;
  products: ProductSlice[];
  alerts: DashboardAlert[];
};

async function computeDashboard({ period, scope }: { period: Period; scope: OfficeScope }): Promise<DashboardData> {
  const now = new Date();
  const [kpis, recent, today, products, alerts] = await Promise.all([
    getDashboardKpis(period, scope, now),
    listRecentApplications(scope),
    getTodayActivity(scope, now),
    getPortfolioByProduct(period, scope, now),
    computeAlerts(scope, now),
  ]);
  return { kpis, recent, today, products, alerts };
}

const cachedDashboard = versionedMemo(computeDashboard, 256);

/**
 * Everything the dashboard shows for a period, with the version it was computed at. Recomputed when the
 * data changed (the version) and at least once a minute (the windows move with the clock; payments are not
 * in the version), so a dashboard left open costs one cheap version read per poll.
 */
export async function getDashboard(period: Period, scope: OfficeScope): Promise<DashboardData & { version: string }> {
  const version = await getDashboardVersion(scope);
  return { ...(await cachedDashboard(`${scopeKey(scope)}:${period}:${version}:${minuteBucket()}`, { period, scope })), version };
}
