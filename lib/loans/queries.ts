import "server-only";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import type { LoanStatus, Prisma } from "@/lib/generated/prisma/client";
import { normalizeBdMobile } from "@/lib/validation/bd";
import type { LoanListFilters, LoanTab } from "./schemas";

export const LOAN_PAGE_SIZE = 20;

const TAB_STATUSES: Record<LoanTab, LoanStatus[] | null> = {
  applications: ["pending_approval"],
  approved: ["approved"],
  active: ["disbursed"],
  all: null,
};

/** The filters as one WHERE: the tab, then status, type and risk, then the search over loan number and applicant. */
function loanWhere(filters: LoanListFilters): Prisma.LoanWhereInput {
  const and: Prisma.LoanWhereInput[] = [];
  const tabStatuses = TAB_STATUSES[filters.tab];
  if (tabStatuses) and.push({ status: { in: tabStatuses } });
  if (filters.status !== "any") and.push({ status: filters.status });
  if (filters.loanType !== "any") and.push({ loanType: filters.loanType });
  if (filters.risk !== "any") and.push({ riskLevel: filters.risk });
  const q = filters.q;
  if (q) {
    const phone = normalizeBdMobile(q);
    and.push({
      OR: [
        { loanNumber: { contains: q, mode: "insensitive" } },
        { customer: { name: { contains: q, mode: "insensitive" } } },
        { customer: { email: { contains: q, mode: "insensitive" } } },
        ...(phone ? [{ customer: { phone } }] : []),
      ],
    });
  }
  return and.length ? { AND: and } : {};
}

const listSelect = {
  loanNumber: true,
  loanType: true,
  tenure: true,
  interestRate: true,
  requestedAmount: true,
  approvedAmount: true,
  emi: true,
  riskLevel: true,
  creditScore: true,
  monthlyIncome: true,
  status: true,
  submittedAt: true,
  customer: { select: { name: true, phone: true, email: true, userNumber: true } },
} satisfies Prisma.LoanSelect;

export type LoanListRow = Prisma.LoanGetPayload<{ select: typeof listSelect }>;
export type LoanList = { rows: LoanListRow[]; total: number; page: number; pageCount: number };

/** One page of the filtered list, newest first (index on status + submittedAt). */
export async function listLoans(filters: LoanListFilters): Promise<LoanList> {
  const where = loanWhere(filters);
  const [rows, total] = await Promise.all([
    prisma.loan.findMany({
      where,
      orderBy: [{ submittedAt: "desc" }, { loanNumber: "desc" }],
      skip: (filters.page - 1) * LOAN_PAGE_SIZE,
      take: LOAN_PAGE_SIZE,
      select: listSelect,
    }),
    prisma.loan.count({ where }),
  ]);
  return { rows, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / LOAN_PAGE_SIZE)) };
}

export type LoanStats = {
  pendingApprovals: { count: number; totalRequested: number };
  approved: number;
  active: number;
  /** Everything paid out, ever (disbursed and since closed loans alike). */
  totalDisbursed: number;
  /** Paid out this calendar month and the last one (Asia/Dhaka): the card's month-on-month change, computed. */
  disbursedThisMonth: number;
  disbursedLastMonth: number;
};

/** The four cards, from the data: one grouped query by status and sums of what went out when. */
export async function loanStats(now = new Date()): Promise<LoanStats> {
  const [year, month] = dhakaToday(now).split("-").map(Number) as [number, number];
  // Asia/Dhaka is UTC+6 all year: a Dhaka month starts at 18:00 UTC on the day before the 1st.
  const monthStart = (monthsAgo: number) => new Date(Date.UTC(year, month - 1 - monthsAgo, 1) - 6 * 60 * 60 * 1000);
  const disbursedBetween = (from: Date, to: Date) =>
    prisma.loan.aggregate({ where: { disbursedAt: { gte: from, lt: to } }, _sum: { disbursedAmount: true } });
  const [thisMonth, lastMonth, nextMonth] = [monthStart(0), monthStart(1), monthStart(-1)];
  const [groups, all, current, previous] = await Promise.all([
    prisma.loan.groupBy({ by: ["status"], _count: { _all: true }, _sum: { requestedAmount: true } }),
    prisma.loan.aggregate({ where: { disbursedAmount: { not: null } }, _sum: { disbursedAmount: true } }),
    disbursedBetween(thisMonth, nextMonth),
    disbursedBetween(lastMonth, thisMonth),
  ]);
  const group = (s: LoanStatus) => groups.find((g) => g.status === s);
  return {
    pendingApprovals: { count: group("pending_approval")?._count._all ?? 0, totalRequested: group("pending_approval")?._sum.requestedAmount ?? 0 },
    approved: group("approved")?._count._all ?? 0,
    active: group("disbursed")?._count._all ?? 0,
    totalDisbursed: all._sum.disbursedAmount ?? 0,
    disbursedThisMonth: current._sum.disbursedAmount ?? 0,
    disbursedLastMonth: previous._sum.disbursedAmount ?? 0,
  };
}
