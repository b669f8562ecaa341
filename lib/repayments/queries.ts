import "server-only";
import { percentChange, percentOf } from "@/lib/dashboard/period";
import { prisma } from "@/lib/db";
import { branchInScopeSql, loanInScopeSql, officeDb, type OfficeScope } from "@/lib/offices/scope";
import { dhakaToday } from "@/lib/format";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  LoanType,
  type CollectionActivityKind,
  type CollectionActivityStatus,
  type InstallmentStatus,
  type LoanScheduleChangeKind,
  type LoanStatus,
  type PaymentMethod,
  type PrepaymentMode,
  type PaymentStatus,
} from "@/lib/generated/prisma/enums";
import { normalizeBdMobile } from "@/lib/validation/bd";
import { isoDateOf } from "@/lib/validation/fields";
import { activityWording, readActivityFacts, type ActivityWording } from "./activity-wording";
import type { InstalmentChange, StoredScheduleChange } from "./early-repayment";
import { DEFAULT_LATE_FEE_POLICY, installmentNow, type InstallmentNow, type LateFeePolicy } from "./installments";
import { addCalendarDays } from "./schedule";
import type { RepaymentListFilters, RepaymentStatusFilter, RepaymentTab } from "./list-schemas";

/*
 * Reads of the repayments screen (/admin/repayments). Which tab an instalment belongs to is computed from its due
 * date against today (Asia/Dhaka) when asked, never read from the stored status, which goes stale as days pass:
 * only "paid" is final and is used as stored (a payment sets it under the same rule as installmentStatus()).
 *
 * Instalments exist only for disbursed, closed or written-off loans: the schedule is written in the disbursement's
 * transaction (lib/loans/service.ts) and a disbursed loan only ever becomes closed or written off (still owed, still
 * collected: decision 0267). So the counts need no join with Loan;
 * tests/integration/repayments-screen.test.ts checks the invariant.
 *
 * Speed (bench: 1,000,000 instalments): every tab is a bounded number of indexed statements. The unpaid tabs and
 * cards read an index of the unpaid rows by ("dueDate", "loanId", …) (partial: WHERE "status" <> 'paid'), Paid reads
 * ("status", "paidAt"); tab totals are counted up to COUNT_CAP (half a million paid instalments are paged, not
 * counted row by row on each visit). Each SQL condition on the status is a literal (`<> 'paid'`), never a bound
 * parameter, so the partial index matches.
 */

export const REPAYMENT_PAGE_SIZE = 20;
/** Totals of a tab are counted up to here; beyond it the list says "10,000+" and offers 500 pages. */
export const COUNT_CAP = 10_000;
/** The Collection Rate card looks at instalments that fell due in this many days, today included. */
export const COLLECTION_RATE_WINDOW_DAYS = 30;

/** A `date` column as YYYY-MM-DD, whether the driver gave a Date (UTC midnight) or a string. */
function isoOf(value: Date | string): string {
  return typeof value === "string" ? value.slice(0, 10) : isoDateOf(value);
}

export type LateFeePolicies = Record<LoanType, LateFeePolicy>;

/** Each loan type's late-fee rule, from its product (the defaults where a product is missing, as the payment service does). */
export async function lateFeePolicies(): Promise<LateFeePolicies> {
  const products = await prisma.loanProduct.findMany({ select: { key: true, lateFeePercent: true, lateFeeGraceDays: true } });
  const policies = Object.fromEntries(Object.values(LoanType).map((type) => [type, DEFAULT_LATE_FEE_POLICY])) as LateFeePolicies;
  for (const p of products) policies[p.key] = { percentOfEmi: p.lateFeePercent.toNumber(), graceDays: p.lateFeeGraceDays };
  return policies;
}

// ---------------------------------------------------------------------------------------------------------------
// Cards

export type RepaymentStats = {
  today: string;
  /** Unpaid instalments due today and their EMIs. */
  dueToday: { count: number; emiTotal: number };
  /** Unpaid instalments past their due date: their EMIs, and their late fees (charged, or due if paid today). */
  overdue: { count: number; emiTotal: number; lateFeeTotal: number };
  /** Completed payments received today and yesterday (payment date, Asia/Dhaka). */
  collectedToday: number;
  collectedYesterday: number;
  /** Change on yesterday in percent, one decimal; null when yesterday had nothing to compare with. */
  changeOnYesterday: number | null;
  /**
   * Collection rate: of the instalments that fell due in the last COLLECTION_RATE_WINDOW_DAYS days (today
   * included), the share fully paid, in percent with one decimal; null when none fell due. A trailing window, not
   * all history: it says how collection goes now (years of settled instalments would hide this month's misses),
   * and it is counted from two short index ranges. docs/decisions/0126-collection-rate.md.
   */
  collectionRate: { percent: number | null; paid: number; due: number };
};

const bigToNumber = (v: bigint | number | null | undefined) => Number(v ?? 0);

/**
 * The late fee an unpaid instalment owes on `today`, in SQL, as installmentNow() computes it: the stored fee, else
 * once the grace period is over a share of the EMI rounded half up. When every loan type has the same rule the
 * loan is not needed; otherwise the fee depends on the loan's type (alias `l`).
 */
export function lateFeeSql(today: string, policies: LateFeePolicies): { sql: Prisma.Sql; needsLoan: boolean } {
  // Percent to hundredths as an integer, so the rounding is exact: fee = (emi × bp + 5000) div 10000.
  const basis = (p: LateFeePolicy) => Math.round(p.percentOfEmi * 100);
  const types = Object.values(LoanType);
  const first = policies[types[0]!];
  const uniform = types.every((t) => basis(policies[t]) === basis(first) && policies[t].graceDays === first.graceDays);
  if (uniform) {
    return {
      needsLoan: false,
      sql: Prisma.sql`CASE WHEN i."lateFee" > 0 THEN i."lateFee"
        WHEN i."dueDate" + ${first.graceDays}::int < ${today}::date THEN (i."emiAmount"::bigint * ${basis(first)}::int + 5000) / 10000
        ELSE 0 END`,
    };
  }
  const byType = (value: (p: LateFeePolicy) => number) =>
    Prisma.sql`CASE l."loanType" ${Prisma.join(
      types.map((t) => Prisma.sql`WHEN ${t}::"LoanType" THEN ${value(policies[t])}::int`),
      " ",
    )} END`;
  return {
    needsLoan: true,
    sql: Prisma.sql`CASE WHEN i."lateFee" > 0 THEN i."lateFee"
      WHEN i."dueDate" + ${byType((p) => p.graceDays)} < ${today}::date THEN (i."emiAmount"::bigint * ${byType(basis)} + 5000) / 10000
      ELSE 0 END`,
  };
}

/** The four cards, from the data on `now`'s Dhaka date. */
export async function repaymentStats(scope: OfficeScope, now = new Date()): Promise<RepaymentStats> {
  const today = dhakaToday(now);
  const inScope = loanInScopeSql(scope, Prisma.sql`i."loanId"`);
  const yesterday = addCalendarDays(today, -1);
  const windowStart = addCalendarDays(today, -COLLECTION_RATE_WINDOW_DAYS); // exclusive
  const policies = await lateFeePolicies();
  const fee = lateFeeSql(today, policies);
  const [dueToday, overdue, collected, rate] = await Promise.all([
    prisma.$queryRaw<{ count: number; emi: bigint | null }[]>`
      SELECT count(*)::int AS "count", sum(i."emiAmount")::bigint AS "emi"
      FROM "LoanInstallment" i WHERE i."status" <> 'paid' AND i."dueDate" = ${today}::date AND ${inScope}`,
    prisma.$queryRaw<{ count: number; emi: bigint | null; fees: bigint | null }[]>`
      SELECT count(*)::int AS "count", sum(i."emiAmount")::bigint AS "emi", sum(${fee.sql})::bigint AS "fees"
      FROM "LoanInstallment" i ${fee.needsLoan ? Prisma.sql`JOIN "Loan" l ON l."id" = i."loanId"` : Prisma.empty}
      WHERE i."status" <> 'paid' AND i."dueDate" < ${today}::date AND ${inScope}`,
    officeDb(scope).loanPayment.groupBy({
      by: ["paymentDate"],
      where: { status: "completed", paymentDate: { in: [new Date(`${today}T00:00:00Z`), new Date(`${yesterday}T00:00:00Z`)] } },
      _sum: { amount: true },
    }),
    prisma.$queryRaw<{ paid: number; unpaid: number }[]>`
      SELECT
        (SELECT count(*) FROM "LoanInstallment" i WHERE i."status" = 'paid' AND i."dueDate" > ${windowStart}::date AND i."dueDate" <= ${today}::date AND ${inScope})::int AS "paid",
        (SELECT count(*) FROM "LoanInstallment" i WHERE i."status" <> 'paid' AND i."dueDate" > ${windowStart}::date AND i."dueDate" <= ${today}::date AND ${inScope})::int AS "unpaid"`,
  ]);
  const collectedOn = (iso: string) => collected.find((g) => isoOf(g.paymentDate) === iso)?._sum.amount ?? 0;
  const collectedToday = collectedOn(today);
  const collectedYesterday = collectedOn(yesterday);
  const { paid, unpaid } = rate[0]!;
  const due = paid + unpaid;
  return {
    today,
    dueToday: { count: dueToday[0]!.count, emiTotal: bigToNumber(dueToday[0]!.emi) },
    overdue: { count: overdue[0]!.count, emiTotal: bigToNumber(overdue[0]!.emi), lateFeeTotal: bigToNumber(overdue[0]!.fees) },
    collectedToday,
    collectedYesterday,
    changeOnYesterday: percentChange(collectedToday, collectedYesterday),
    collectionRate: { percent: percentOf(paid, due), paid, due },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Search, shared by the instalment tabs and the collection log

/** `text` for ILIKE '%…%', its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What a search names, read once per list and then used by its page and its count. */
type SearchTarget = { column: "loanId" | "id"; ids: string[] };

/**
 * The loans a search names: by loan number (LN-…, exact), receipt number (PAY-…, exact; on the instalment tabs the
 * instalments its money went to), or borrower: a phone number in any usual form (Bengali digits too), member ID,
 * or a part of the name or e-mail (and of the loan number when the text has a digit).
 */
async function resolveSearch(q: string, list: "installments" | "activities"): Promise<SearchTarget> {
  const upper = q.toUpperCase();
  const loans = (rows: { id: string }[]): SearchTarget => ({ column: "loanId", ids: rows.map((r) => r.id) });
  if (/^LN-\d+$/.test(upper)) return loans(await prisma.$queryRaw`SELECT "id" FROM "Loan" WHERE "loanNumber" = ${upper}`);
  if (/^PAY-/.test(upper)) {
    if (list === "activities") return loans(await prisma.$queryRaw`SELECT "loanId" AS "id" FROM "LoanPayment" WHERE "paymentNumber" = ${upper}`);
    const rows = await prisma.$queryRaw<{ id: string }[]>`
      SELECT a."installmentId" AS "id" FROM "LoanPaymentAllocation" a JOIN "LoanPayment" p ON p."id" = a."paymentId" WHERE p."paymentNumber" = ${upper}
      UNION SELECT p."installmentId" FROM "LoanPayment" p WHERE p."paymentNumber" = ${upper} AND p."installmentId" IS NOT NULL`;
    return { column: "id", ids: rows.map((r) => r.id) };
  }
  const phone = normalizeBdMobile(q);
  if (phone) return loans(await prisma.$queryRaw`SELECT l."id" FROM "Loan" l JOIN "Customer" c ON c."id" = l."customerId" WHERE c."phone" = ${phone}`);
  const pattern = containsPattern(q);
  return loans(
    await prisma.$queryRaw`SELECT l."id" FROM "Loan" l
      WHERE l."customerId" IN (SELECT c."id" FROM "Customer" c
        WHERE c."name" ILIKE ${pattern} OR c."email" ILIKE ${pattern} OR c."userNumber" = ${upper} OR c."userCode" = ${upper})
      ${/\d/.test(q) ? Prisma.sql`OR l."loanNumber" ILIKE ${pattern}` : Prisma.empty}`,
  );
}

/** The search as a condition on the list's rows (alias `i`, which carries "loanId"). */
function searchCondition(target: SearchTarget): Prisma.Sql {
  // = ANY of a bound array: hashed by PostgreSQL, and the index walk in list order stays (IN (SELECT unnest(…)) does not).
  return target.column === "id" ? Prisma.sql`i."id" = ANY(${target.ids}::text[])` : Prisma.sql`i."loanId" = ANY(${target.ids}::text[])`;
}

// ---------------------------------------------------------------------------------------------------------------
// The instalment tabs

export type InstallmentTab = Exclude<RepaymentTab, "collections">;

/** A tab's members on `today`: due today, overdue and upcoming are the unpaid ones by due date; paid as stored. */
function tabCondition(tab: InstallmentTab, today: string): Prisma.Sql {
  switch (tab) {
    case "due_today":
      return Prisma.sql`i."status" <> 'paid' AND i."dueDate" = ${today}::date`;
    case "overdue":
      return Prisma.sql`i."status" <> 'paid' AND i."dueDate" < ${today}::date`;
    case "upcoming":
      return Prisma.sql`i."status" <> 'paid' AND i."dueDate" > ${today}::date`;
    case "paid":
      return Prisma.sql`i."status" = 'paid'`;
  }
}

/** The status filter, as installmentStatus() decides: partial before the calendar. */
function statusCondition(status: Exclude<RepaymentStatusFilter, "any">, today: string): Prisma.Sql {
  switch (status) {
    case "paid":
      return Prisma.sql`i."status" = 'paid'`;
    case "partial":
      return Prisma.sql`i."status" <> 'paid' AND i."paidAmount" > 0`;
    case "due_today":
      return Prisma.sql`i."status" <> 'paid' AND i."paidAmount" = 0 AND i."dueDate" = ${today}::date`;
    case "overdue":
      return Prisma.sql`i."status" <> 'paid' AND i."paidAmount" = 0 AND i."dueDate" < ${today}::date`;
    case "upcoming":
      return Prisma.sql`i."status" <> 'paid' AND i."paidAmount" = 0 AND i."dueDate" > ${today}::date`;
  }
}

const loanTypeCondition = (loanType: LoanType) => Prisma.sql`i."loanId" IN (SELECT "id" FROM "Loan" WHERE "loanType" = ${loanType}::"LoanType")`;

function installmentWhere(
  filters: RepaymentListFilters & { tab: InstallmentTab },
  today: string,
  search: SearchTarget | null,
  scope: OfficeScope,
): Prisma.Sql {
  const and: Prisma.Sql[] = [tabCondition(filters.tab, today)];
  if (scope.kind !== "all") and.push(loanInScopeSql(scope, Prisma.sql`i."loanId"`));
  if (filters.status !== "any") and.push(statusCondition(filters.status, today));
  if (filters.loanType !== "any") and.push(loanTypeCondition(filters.loanType));
  if (search) and.push(searchCondition(search));
  return Prisma.join(and, " AND ");
}

export type RepaymentRow = {
  installmentId: string;
  emiNumber: number;
  /** The loan's number of instalments (its tenure). */
  totalEmis: number;
  dueDate: string;
  emiAmount: number;
  paidAmount: number;
  paidAt: Date | null;
  /** State, late fee, owed and days overdue on the day asked. */
  now: InstallmentNow;
  /** What a payment must bring to clear this instalment: payments go to the oldest instalment first. */
  owedThrough: number;
  loan: {
    loanNumber: string;
    loanType: LoanType;
    /** Everything still owed on the loan: unpaid EMIs and their late fees, less partial payments. */
    outstanding: number;
    /** outstanding ÷ (EMI × instalments), percent with one decimal (admin spec section 9). */
    remainingPercent: number;
  };
  member: { name: string; phone: string; userNumber: string };
};

export type RepaymentList = {
  rows: RepaymentRow[];
  /** Up to COUNT_CAP; `capped` when there are more. */
  total: number;
  capped: boolean;
  page: number;
  pageCount: number;
};

type PageRow = {
  id: string;
  loanId: string;
  emiNumber: number;
  dueDate: Date | string;
  emiAmount: number;
  lateFee: number;
  paidAmount: number;
  paidAt: Date | null;
  status: InstallmentStatus;
  loanNumber: string;
  loanType: LoanType;
  tenure: number;
  loanEmi: number;
  name: string;
  phone: string;
  userNumber: string;
};

const MAX_PAGE = Math.ceil(COUNT_CAP / REPAYMENT_PAGE_SIZE);

/** The number of rows of one filtered list (alias `i`), counted up to COUNT_CAP. */
async function cappedCount(from: Prisma.Sql, where: Prisma.Sql): Promise<{ total: number; capped: boolean }> {
  const [{ count }] = await prisma.$queryRaw<[{ count: number }]>`
    SELECT count(*)::int AS "count" FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${COUNT_CAP + 1}) AS t`;
  return { total: Math.min(count, COUNT_CAP), capped: count > COUNT_CAP };
}

const emptyList = (page: number) => ({ rows: [], total: 0, capped: false, page, pageCount: 1 });

/**
 * One page of an instalment tab on `now`'s Dhaka date: due today, overdue and upcoming by due date (oldest first),
 * paid newest payment first. At most four statements whatever the page's size: the search (when there is one), the
 * page, the capped count, and the unpaid instalments of the page's loans (their outstanding and what clears each row).
 */
export async function listRepayments(
  filters: RepaymentListFilters & { tab: InstallmentTab },
  scope: OfficeScope,
  now = new Date(),
): Promise<RepaymentList> {
  const today = dhakaToday(now);
  const page = Math.min(filters.page, MAX_PAGE);
  const search = filters.q ? await resolveSearch(filters.q, "installments") : null;
  if (search && search.ids.length === 0) return emptyList(page);
  const where = installmentWhere(filters, today, search, scope);
  // The page is chosen on the instalments alone (an index walk, the tie-break inside one day and loan), then joined.
  const order =
    filters.tab === "paid" ? Prisma.sql`"paidAt" DESC, "id" DESC` : Prisma.sql`"dueDate" ASC, "loanId" ASC, "id" ASC`;
  const [pageRows, count, policies] = await Promise.all([
    prisma.$queryRaw<PageRow[]>`
      SELECT i."id", i."loanId", i."emiNumber", i."dueDate", i."emiAmount", i."lateFee", i."paidAmount", i."paidAt", i."status",
        l."loanNumber", l."loanType", l."tenure", l."emi" AS "loanEmi", c."name", c."phone", c."userNumber"
      FROM (
        SELECT i."id", i."loanId", i."emiNumber", i."dueDate", i."emiAmount", i."lateFee", i."paidAmount", i."paidAt", i."status"
        FROM "LoanInstallment" i WHERE ${where}
        ORDER BY ${order} LIMIT ${REPAYMENT_PAGE_SIZE} OFFSET ${(page - 1) * REPAYMENT_PAGE_SIZE}
      ) AS i
      JOIN "Loan" l ON l."id" = i."loanId" JOIN "Customer" c ON c."id" = l."customerId"
      ORDER BY ${order}`,
    cappedCount(Prisma.sql`"LoanInstallment" i`, where),
    lateFeePolicies(),
  ]);
  const loanIds = [...new Set(pageRows.map((r) => r.loanId))];
  const unpaid = loanIds.length
    ? await prisma.loanInstallment.findMany({
        where: { loanId: { in: loanIds }, status: { not: "paid" } },
        select: { loanId: true, emiNumber: true, dueDate: true, emiAmount: true, lateFee: true, paidAmount: true, status: true },
        orderBy: [{ loanId: "asc" }, { emiNumber: "asc" }],
      })
    : [];
  const typeOf = new Map(pageRows.map((r) => [r.loanId, r.loanType]));
  const owedByLoan = new Map<string, { emiNumber: number; owed: number }[]>();
  for (const u of unpaid) {
    const { owed } = installmentNow({ ...u, dueDate: isoDateOf(u.dueDate) }, today, policies[typeOf.get(u.loanId)!]);
    owedByLoan.set(u.loanId, [...(owedByLoan.get(u.loanId) ?? []), { emiNumber: u.emiNumber, owed }]);
  }

  const rows = pageRows.map((r): RepaymentRow => {
    const dueDate = isoOf(r.dueDate);
    const owed = owedByLoan.get(r.loanId) ?? [];
    const outstanding = owed.reduce((sum, o) => sum + o.owed, 0);
    const scheduled = r.loanEmi * r.tenure;
    return {
      installmentId: r.id,
      emiNumber: r.emiNumber,
      totalEmis: r.tenure,
      dueDate,
      emiAmount: r.emiAmount,
      paidAmount: r.paidAmount,
      paidAt: r.paidAt,
      now: installmentNow({ ...r, dueDate }, today, policies[r.loanType]),
      owedThrough: r.status === "paid" ? 0 : owed.filter((o) => o.emiNumber <= r.emiNumber).reduce((sum, o) => sum + o.owed, 0),
      loan: {
        loanNumber: r.loanNumber,
        loanType: r.loanType,
        outstanding,
        remainingPercent: scheduled > 0 ? Math.round((outstanding / scheduled) * 1000) / 10 : 0,
      },
      member: { name: r.name, phone: r.phone, userNumber: r.userNumber },
    };
  });
  return { rows, ...count, page, pageCount: Math.max(1, Math.ceil(count.total / REPAYMENT_PAGE_SIZE)) };
}

// ---------------------------------------------------------------------------------------------------------------
// The Collections tab

export type CollectionRow = {
  id: string;
  activity: CollectionActivityKind;
  /** What happened, to be worded in the reader's language (lib/repayments/activity-wording.ts). */
  wording: ActivityWording | null;
  /** What a person typed about it. */
  note: string | null;
  status: CollectionActivityStatus;
  createdAt: Date;
  /** The staff member's name; null for an automatic activity (the screen names the system). */
  performer: string | null;
  loanNumber: string;
  loanType: LoanType;
  member: { name: string; phone: string };
};

export type CollectionList = Omit<RepaymentList, "rows"> & { rows: CollectionRow[] };

/** One page of the collection log, newest first (index on createdAt), with the search and loan type filters. */
export async function listCollectionActivities(filters: RepaymentListFilters, scope: OfficeScope): Promise<CollectionList> {
  const page = Math.min(filters.page, MAX_PAGE);
  const search = filters.q ? await resolveSearch(filters.q, "activities") : null;
  if (search && search.ids.length === 0) return emptyList(page);
  const and: Prisma.Sql[] = [branchInScopeSql(scope, Prisma.sql`i."branchId"`)];
  if (filters.loanType !== "any") and.push(loanTypeCondition(filters.loanType));
  if (search) and.push(searchCondition(search));
  const where = Prisma.join(and, " AND ");
  // Alias `i` for the activity too, so the loan conditions above read the same for both lists.
  const [rows, count] = await Promise.all([
    prisma.$queryRaw<(Omit<CollectionRow, "member" | "wording"> & { facts: unknown; name: string; phone: string })[]>`
      SELECT i."id", i."activity", i."facts", i."note", i."status", i."createdAt", COALESCE(s."name", i."performedByLabel") AS "performer",
        l."loanNumber", l."loanType", c."name", c."phone"
      FROM "CollectionActivity" i JOIN "Loan" l ON l."id" = i."loanId" JOIN "Customer" c ON c."id" = i."customerId"
        LEFT JOIN "StaffUser" s ON s."id" = i."performedById"
      WHERE ${where}
      ORDER BY i."createdAt" DESC, i."id" DESC
      LIMIT ${REPAYMENT_PAGE_SIZE} OFFSET ${(page - 1) * REPAYMENT_PAGE_SIZE}`,
    cappedCount(Prisma.sql`"CollectionActivity" i`, where),
  ]);
  return {
    rows: rows.map(({ name, phone, facts, ...row }) => ({ ...row, wording: activityWording(row.activity, readActivityFacts(facts)), member: { name, phone } })),
    ...count,
    page,
    pageCount: Math.max(1, Math.ceil(count.total / REPAYMENT_PAGE_SIZE)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The payment detail dialog (?view=<installmentId>)

export type ScheduleEntry = {
  installmentId: string;
  emiNumber: number;
  dueDate: string;
  emiAmount: number;
  paidAmount: number;
  paidAt: Date | null;
  now: InstallmentNow;
  /** The spec's schedule labels: paid ones Paid, the first unpaid one Current, later ones Pending. */
  position: "paid" | "current" | "pending";
};

export type RepaymentDetail = {
  today: string;
  installment: ScheduleEntry & { principalAmount: number; interestAmount: number; owedThrough: number };
  loan: {
    loanNumber: string;
    loanType: LoanType;
    status: LoanStatus;
    emi: number;
    tenure: number;
    interestRate: number;
    disbursedAmount: number | null;
    disbursedAt: Date | null;
    paidCount: number;
    outstanding: number;
    remainingPercent: number;
    /** The first unpaid instalment's due date; null once everything is paid. */
    nextDue: string | null;
    /** The borrower's language for messages: the application's, else Bengali. */
    language: "bn" | "en";
    /** What a partial prepayment does to its schedule (the product's rule). */
    prepaymentMode: PrepaymentMode;
  };
  member: { name: string; phone: string; email: string | null; userNumber: string; address: string };
  schedule: ScheduleEntry[];
  payments: {
    paymentNumber: string;
    amount: number;
    paymentDate: string;
    method: PaymentMethod | null;
    status: PaymentStatus;
    reference: string | null;
    notes: string | null;
    collectedBy: string | null;
    /** A reversal asked for and waiting for a second person (issue 50, point 6). */
    pendingReversal: { id: string; reason: string; requestedBy: string; requestedById: string } | null;
    /** The schedule change a settlement or prepayment made (issue 50, point 5); a reversed payment's was put back. */
    scheduleChange: { kind: LoanScheduleChangeKind; mode: PrepaymentMode | null; instalments: InstalmentChange[] } | null;
  }[];
};

/** Everything the detail dialog shows, on `now`'s Dhaka date; null when the instalment does not exist. Two statements. */
export async function getRepaymentDetail(installmentId: string, scope: OfficeScope, now = new Date()): Promise<RepaymentDetail | null> {
  const today = dhakaToday(now);
  const [found, policies] = await Promise.all([
    officeDb(scope).loanInstallment.findUnique({
      where: { id: installmentId },
      select: {
        id: true,
        principalAmount: true,
        interestAmount: true,
        loan: {
          select: {
            loanNumber: true,
            loanType: true,
            status: true,
            emi: true,
            tenure: true,
            interestRate: true,
            disbursedAmount: true,
            disbursedAt: true,
            application: { select: { language: true } },
            customer: { select: { name: true, phone: true, email: true, userNumber: true, address: true } },
            installments: {
              select: { id: true, emiNumber: true, dueDate: true, emiAmount: true, lateFee: true, paidAmount: true, paidAt: true, status: true },
              orderBy: { emiNumber: "asc" },
            },
            payments: {
              select: {
                paymentNumber: true,
                amount: true,
                paymentDate: true,
                method: true,
                status: true,
                reference: true,
                notes: true,
                collectedBy: { select: { name: true } },
                reversals: { where: { status: "requested" }, select: { id: true, reason: true, requestedById: true, requestedBy: { select: { name: true } } } },
                scheduleChange: { select: { kind: true, mode: true, changes: true } },
              },
              orderBy: [{ paymentDate: "desc" }, { createdAt: "desc" }],
            },
          },
        },
      },
    }),
    lateFeePolicies(),
  ]);
  if (!found) return null;
  const { loan } = found;
  const policy = policies[loan.loanType];
  const product = await prisma.loanProduct.findUnique({ where: { key: loan.loanType }, select: { prepaymentMode: true } });
  let currentSeen = false;
  const schedule = loan.installments.map((row): ScheduleEntry => {
    const dueDate = isoDateOf(row.dueDate);
    const state = installmentNow({ ...row, dueDate }, today, policy);
    const position = row.status === "paid" ? "paid" : currentSeen ? "pending" : "current";
    if (position === "current") currentSeen = true;
    return { installmentId: row.id, emiNumber: row.emiNumber, dueDate, emiAmount: row.emiAmount, paidAmount: row.paidAmount, paidAt: row.paidAt, now: state, position };
  });
  const entry = schedule.find((s) => s.installmentId === found.id)!;
  const outstanding = schedule.reduce((sum, s) => sum + s.now.owed, 0);
  const scheduled = loan.emi * loan.tenure;
  return {
    today,
    installment: {
      ...entry,
      principalAmount: found.principalAmount,
      interestAmount: found.interestAmount,
      owedThrough: entry.position === "paid" ? 0 : schedule.filter((s) => s.emiNumber <= entry.emiNumber).reduce((sum, s) => sum + s.now.owed, 0),
    },
    loan: {
      loanNumber: loan.loanNumber,
      loanType: loan.loanType,
      status: loan.status,
      emi: loan.emi,
      tenure: loan.tenure,
      interestRate: loan.interestRate.toNumber(),
      disbursedAmount: loan.disbursedAmount,
      disbursedAt: loan.disbursedAt,
      paidCount: schedule.filter((s) => s.position === "paid").length,
      outstanding,
      remainingPercent: scheduled > 0 ? Math.round((outstanding / scheduled) * 1000) / 10 : 0,
      nextDue: schedule.find((s) => s.position === "current")?.dueDate ?? null,
      language: loan.application?.language ?? "bn",
      prepaymentMode: product?.prepaymentMode ?? "lower_instalment",
    },
    member: loan.customer,
    schedule,
    payments: loan.payments.map((p) => ({
      paymentNumber: p.paymentNumber,
      amount: p.amount,
      paymentDate: isoDateOf(p.paymentDate),
      method: p.method,
      status: p.status,
      reference: p.reference,
      notes: p.notes,
      collectedBy: p.collectedBy?.name ?? null,
      pendingReversal: p.reversals[0] ? { id: p.reversals[0].id, reason: p.reversals[0].reason, requestedById: p.reversals[0].requestedById, requestedBy: p.reversals[0].requestedBy.name } : null,
      scheduleChange: p.scheduleChange
        ? {
            kind: p.scheduleChange.kind,
            mode: p.scheduleChange.mode,
            instalments: (p.scheduleChange.changes as unknown as StoredScheduleChange).instalments.map(({ emiNumber, before, after }) => ({ emiNumber, before, after })),
          }
        : null,
    })),
  };
}
