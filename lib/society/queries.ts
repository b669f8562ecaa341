import "server-only";
import { memberBalances, memberLoanView } from "./books/queries";
import { calendarDateOf, isoDateOf } from "@/lib/validation/fields";
import { dhakaToday } from "@/lib/format";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { calendarMonth, daysDueThisMonth, missedDays, monthlyTarget, monthOf, RECENT_LIMIT, REPORT_COLLECTION_LIMIT, REPORT_RECENT_LIMIT } from "./rules";

/**
 * Reads of the society tool. Every query is scoped by the society id the access check resolved, never
 * by a record id alone: a record of another society is simply not found.
 */


export const MEMBERS_PAGE_SIZE = 20;

/** The societies a staff user has a grant for, for the society home. */
export async function listSocietiesOf(staffUserId: string) {
  const grants = await prisma.societyManager.findMany({
    where: { staffUserId },
    select: { access: true, society: { select: { id: true, name: true, address: true, _count: { select: { members: true, workers: { where: { status: "active" } } } } } } },
    orderBy: { society: { name: "asc" } },
  });
  return grants.map((g) => ({ id: g.society.id, name: g.society.name, address: g.society.address, access: g.access, members: g.society._count.members, workers: g.society._count.workers }));
}

export type RecentCollection = {
  id: string;
  code: string;
  date: string;
  memberName: string;
  memberCode: string;
  workerName: string;
  installment: number;
  savings: number;
};

/** The last 10 collections, newest first (by day, then by when they were saved); or `take` of them, oldest first. */
export async function recentCollections(
  societyId: string,
  where: Prisma.SocietyCollectionWhereInput = {},
  take = RECENT_LIMIT,
  order: Prisma.SortOrder = "desc",
): Promise<RecentCollection[]> {
  const rows = await prisma.societyCollection.findMany({
    where: { societyId, status: "collected", ...where },
    orderBy: [{ date: order }, { createdAt: order }, { code: order }],
    take,
    select: {
      id: true,
      code: true,
      date: true,
      installmentCollected: true,
      savingsCollected: true,
      member: { select: { name: true, memberCode: true } },
      worker: { select: { name: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    date: isoDateOf(r.date),
    memberName: r.member.name,
    memberCode: r.member.memberCode,
    workerName: r.worker.name,
    installment: r.installmentCollected,
    savings: r.savingsCollected,
  }));
}

async function collectedSums(societyId: string, from: Date, to: Date) {
  const sums = await prisma.societyCollection.aggregate({
    where: { societyId, status: "collected", date: { gte: from, lt: to } },
    _sum: { installmentCollected: true, savingsCollected: true },
  });
  return { installment: sums._sum.installmentCollected ?? 0, savings: sums._sum.savingsCollected ?? 0 };
}

/** Everything on the dashboard tab, computed from the society's rows. */
export async function getSocietyDashboard(societyId: string, today = dhakaToday()) {
  const month = monthOf(today);
  const [members, workers, collected, entries, salaryAll, salaryMonth, recent] = await Promise.all([
    prisma.societyMember.count({ where: { societyId } }),
    prisma.societyWorker.count({ where: { societyId, status: "active" } }),
    collectedSums(societyId, month.start, month.end),
    prisma.incomeExpense.groupBy({ by: ["type"], where: { societyId, reversedAt: null, date: { gte: month.start, lt: month.end } }, _sum: { amount: true } }),
    prisma.workerSalary.aggregate({ where: { societyId, status: "paid" }, _sum: { totalSalary: true } }),
    prisma.workerSalary.aggregate({ where: { societyId, status: "paid", paidDate: { gte: month.start, lt: month.end } }, _sum: { totalSalary: true } }),
    recentCollections(societyId),
  ]);
  const income = entries.find((e) => e.type === "income")?._sum.amount ?? 0;
  const expense = entries.find((e) => e.type === "expense")?._sum.amount ?? 0;
  return {
    month: month.month,
    members,
    workers,
    monthInstallments: collected.installment,
    monthSavings: collected.savings,
    monthIncome: income,
    monthExpense: expense,
    netIncome: income - expense,
    salaryPaidTotal: salaryAll._sum.totalSalary ?? 0,
    salaryPaidThisMonth: salaryMonth._sum.totalSalary ?? 0,
    recent,
  };
}

/** The workers tab: active workers, each with what they collected today (Asia/Dhaka), instalments and savings. */
export async function listWorkers(societyId: string, today = dhakaToday()) {
  const [workers, sums] = await Promise.all([
    prisma.societyWorker.findMany({
      where: { societyId, status: "active" },
      orderBy: { code: "asc" },
      select: { id: true, code: true, name: true, area: true, phone: true, photoId: true, totalMembers: true, status: true },
    }),
    prisma.societyCollection.groupBy({
      by: ["workerId"],
      where: { societyId, status: "collected", date: calendarDateOf(today) },
      _sum: { installmentCollected: true, savingsCollected: true },
    }),
  ]);
  const collected = new Map(sums.map((s) => [s.workerId, (s._sum.installmentCollected ?? 0) + (s._sum.savingsCollected ?? 0)]));
  return workers.map((w) => ({ ...w, collectedToday: collected.get(w.id) ?? 0 }));
}

/** Active workers for the dialogs' choices. */
export async function workerOptions(societyId: string) {
  return prisma.societyWorker.findMany({ where: { societyId, status: "active" }, orderBy: { code: "asc" }, select: { id: true, code: true, name: true } });
}

/** What the members table shows of a member (the profile adds a few fields). */
const MEMBER_ROW = {
  id: true,
  code: true,
  memberCode: true,
  name: true,
  nid: true,
  phone: true,
  area: true,
  installmentAmount: true,
  savingsAmount: true,
  status: true,
  workerId: true,
  worker: { select: { name: true } },
} as const satisfies Prisma.SocietyMemberSelect;

/** One page of members, matching name or member code case-insensitively (any script). */
export async function listMembers(societyId: string, q: string, page: number) {
  const where: Prisma.SocietyMemberWhereInput = {
    societyId,
    ...(q ? { OR: [{ name: { contains: q, mode: "insensitive" } }, { memberCode: { contains: q, mode: "insensitive" } }] } : {}),
  };
  const [total, rows] = await Promise.all([
    prisma.societyMember.count({ where }),
    prisma.societyMember.findMany({
      where,
      orderBy: { code: "asc" },
      skip: (page - 1) * MEMBERS_PAGE_SIZE,
      take: MEMBERS_PAGE_SIZE,
      select: MEMBER_ROW,
    }),
  ]);
  const balances = await memberBalances(societyId, rows.map((m) => m.id));
  return { total, page, pageSize: MEMBERS_PAGE_SIZE, rows: rows.map(({ worker, ...m }) => ({ ...m, workerName: worker.name, balance: balances.get(m.id)! })) };
}

/** The collection tab's cards: today's amount, members collected today, and active members still pending. */
export async function getCollectionToday(societyId: string, today = dhakaToday()) {
  const date = calendarDateOf(today);
  const [sums, collected, active] = await Promise.all([
    collectedSums(societyId, date, new Date(date.getTime() + 86_400_000)),
    prisma.societyCollection.findMany({ where: { societyId, date, status: "collected" }, distinct: ["memberId"], select: { memberId: true } }),
    prisma.societyMember.count({ where: { societyId, status: "active" } }),
  ]);
  const activeCollected = collected.length;
  return { date: today, amount: sums.installment + sums.savings, membersCollected: activeCollected, membersPending: Math.max(0, active - activeCollected), activeMembers: active };
}

/** A worker's active members with what the sheet for that day already holds (empty when not saved). */
export async function getCollectionSheet(societyId: string, workerId: string, date: string) {
  const worker = await prisma.societyWorker.findFirst({ where: { id: workerId, societyId, status: "active" }, select: { id: true, name: true, code: true } });
  if (!worker) return null;
  const [members, sheet] = await Promise.all([
    prisma.societyMember.findMany({
      where: { societyId, workerId, status: "active" },
      orderBy: { code: "asc" },
      select: { id: true, code: true, memberCode: true, name: true, installmentAmount: true, savingsAmount: true },
    }),
    prisma.societyCollectionSheet.findUnique({
      where: { societyId_workerId_date: { societyId, workerId, date: calendarDateOf(date) } },
      select: { updatedAt: true, collections: { select: { memberId: true, installmentCollected: true, savingsCollected: true } } },
    }),
  ]);
  const saved = new Map(sheet?.collections.map((c) => [c.memberId, c]) ?? []);
  return {
    worker,
    date,
    savedAt: sheet?.updatedAt.toISOString() ?? null,
    rows: members.map((m) => ({
      ...m,
      installment: saved.get(m.id)?.installmentCollected ?? null,
      savings: saved.get(m.id)?.savingsCollected ?? null,
    })),
  };
}

/** The member profile (dialog and PDF): details, this month's statistics, an optional day, and the last collections. */
export async function getMemberProfile(societyId: string, memberId: string, searchDate: string | null, today = dhakaToday(), recentLimit = RECENT_LIMIT) {
  const member = await prisma.societyMember.findFirst({
    where: { id: memberId, societyId },
    select: { ...MEMBER_ROW, loanAmount: true, joinDate: true, membershipType: true },
  });
  if (!member) return null;
  const month = monthOf(today);
  const monthWhere = { memberId, status: "collected" as const, date: { gte: month.start, lt: month.end } };
  const [sums, days, onDate, recent, balances] = await Promise.all([
    prisma.societyCollection.aggregate({ where: monthWhere, _sum: { installmentCollected: true, savingsCollected: true } }),
    prisma.societyCollection.findMany({ where: monthWhere, distinct: ["date"], select: { date: true } }),
    searchDate ? recentCollections(societyId, { memberId, date: calendarDateOf(searchDate) }) : Promise.resolve(null),
    recentCollections(societyId, { memberId }, recentLimit),
    memberBalances(societyId, [memberId]),
  ]);
  const { worker, joinDate, ...rest } = member;
  const balance = balances.get(memberId)!;
  return {
    /** The day the figures are for (Asia/Dhaka): an instalment due before it is overdue, not next. */
    today,
    member: { ...rest, workerName: worker.name, joinDate: isoDateOf(joinDate) },
    /** From the journal: savings to date and the loan still to repay. */
    balance,
    /** The latest loan with an instalment plan, and where the member stands on it today. */
    loan: await memberLoanView(societyId, memberId, balance.loanOutstanding, today),
    month: {
      month: month.month,
      installment: sums._sum.installmentCollected ?? 0,
      savings: sums._sum.savingsCollected ?? 0,
      collectedDays: days.length,
      // Counted from the joining day for a member who joined this month (one who joined today missed nothing).
      missedDays: missedDays(daysDueThisMonth(today, isoDateOf(joinDate)), days.length),
      target: monthlyTarget([member]),
    },
    onDate,
    recent,
  };
}

/** Reports tab: this month per worker, against the spec's monthly target. */
export async function getMonthReport(societyId: string, today = dhakaToday()) {
  const month = monthOf(today);
  const [workers, members, sums] = await Promise.all([
    workerOptions(societyId),
    prisma.societyMember.groupBy({ by: ["workerId"], where: { societyId, status: "active" }, _count: { _all: true }, _sum: { installmentAmount: true, savingsAmount: true } }),
    prisma.societyCollection.groupBy({
      by: ["workerId"],
      where: { societyId, status: "collected", date: { gte: month.start, lt: month.end } },
      _sum: { installmentCollected: true, savingsCollected: true },
    }),
  ]);
  const rows = workers.map((w) => {
    const m = members.find((x) => x.workerId === w.id);
    const s = sums.find((x) => x.workerId === w.id);
    const collected = (s?._sum.installmentCollected ?? 0) + (s?._sum.savingsCollected ?? 0);
    return {
      ...w,
      members: m?._count._all ?? 0,
      collected,
      target: monthlyTarget([{ installmentAmount: m?._sum.installmentAmount ?? 0, savingsAmount: m?._sum.savingsAmount ?? 0 }]),
    };
  });
  return { month: month.month, rows };
}

/** Settings tab's data-protection panel. */
export async function getSocietyStats(societyId: string) {
  const [workers, members, collections] = await Promise.all([
    prisma.societyWorker.count({ where: { societyId, status: "active" } }),
    prisma.societyMember.count({ where: { societyId } }),
    prisma.societyCollection.aggregate({ where: { societyId, status: "collected" }, _count: { _all: true }, _sum: { installmentCollected: true, savingsCollected: true } }),
  ]);
  return {
    workers,
    members,
    collections: collections._count._all,
    totalAmount: (collections._sum.installmentCollected ?? 0) + (collections._sum.savingsCollected ?? 0),
  };
}

export async function getWorkerPhoto(societyId: string, workerId: string) {
  const worker = await prisma.societyWorker.findFirst({ where: { id: workerId, societyId }, select: { photo: { select: { bytes: true, mimeType: true, sha256: true } } } });
  return worker?.photo ?? null;
}

/** Super admin's list: every society with its grants. */
export async function listAllSocieties() {
  return prisma.society.findMany({
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      registrationNumber: true,
      address: true,
      _count: { select: { members: true } },
      managers: { orderBy: { createdAt: "asc" }, select: { access: true, staffUser: { select: { id: true, name: true, phone: true, role: true } } } },
    },
  });
}

/** A member's collection calendar for one month (YYYY-MM): each day's amounts and state, and the totals. */
export async function getMemberCalendar(societyId: string, memberId: string, month: string, today = dhakaToday()) {
  const member = await prisma.societyMember.findFirst({ where: { id: memberId, societyId }, select: MEMBER_ROW });
  if (!member) return null;
  const { start, end } = monthOf(`${month}-01`);
  const days = await prisma.societyCollection.groupBy({
    by: ["date"],
    where: { societyId, memberId, status: "collected", date: { gte: start, lt: end } },
    _sum: { installmentCollected: true, savingsCollected: true },
  });
  const collected = new Map(days.map((d) => [isoDateOf(d.date), { installment: d._sum.installmentCollected ?? 0, savings: d._sum.savingsCollected ?? 0 }]));
  const { worker, ...rest } = member;
  return { member: { ...rest, workerName: worker.name }, calendar: calendarMonth(month, today, collected) };
}

/**
 * The complete database report: the society's details and totals, every worker and member, and either
 * the last 50 collections or every collection in a date range (at most REPORT_COLLECTION_LIMIT, oldest first).
 */
export async function getDatabaseReport(societyId: string, range: { from: string; to: string } | null) {
  const [society, stats, workers, members] = await Promise.all([
    prisma.society.findUniqueOrThrow({ where: { id: societyId }, select: { name: true, registrationNumber: true, address: true } }),
    getSocietyStats(societyId),
    prisma.societyWorker.findMany({
      where: { societyId },
      orderBy: { code: "asc" },
      select: { code: true, name: true, area: true, phone: true, totalMembers: true, dailyCollection: true, status: true },
    }),
    prisma.societyMember.findMany({ where: { societyId }, orderBy: { code: "asc" }, select: MEMBER_ROW }),
  ]);
  let collections: RecentCollection[];
  let truncated = false;
  if (range) {
    const rows = await recentCollections(societyId, { date: { gte: calendarDateOf(range.from), lte: calendarDateOf(range.to) } }, REPORT_COLLECTION_LIMIT + 1, "asc");
    truncated = rows.length > REPORT_COLLECTION_LIMIT;
    collections = rows.slice(0, REPORT_COLLECTION_LIMIT);
  } else {
    collections = await recentCollections(societyId, {}, REPORT_RECENT_LIMIT);
  }
  return { society, stats, workers, members: members.map(({ worker, ...m }) => ({ ...m, workerName: worker.name })), collections, range, truncated };
}
