import "server-only";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { branchDaysOff, type DaysOff, type OfficeDaysOff } from "@/lib/loans/calendar";
import { calendarDateOf, isoDateOf } from "@/lib/validation/fields";

type Db = Prisma.TransactionClient | typeof prisma;

export type LendingRulesView = { rateCeilingPercent: number; minFirstInstallmentDays: number; weeklyDaysOff: number[] };

/** The rules (one row, made by the migration; the defaults if it were ever missing). */
export async function getLendingRules(db: Db = prisma): Promise<LendingRulesView> {
  const row = await db.lendingRules.findUnique({ where: { id: 1 } });
  return {
    rateCeilingPercent: row ? row.rateCeilingPercent.toNumber() : 24,
    minFirstInstallmentDays: row?.minFirstInstallmentDays ?? 15,
    weeklyDaysOff: row?.weeklyDaysOff ?? [5, 6],
  };
}

/**
 * The days off from `fromIso` on: the weekly ones (from `rules` when the caller has read them) and every holiday on or
 * after it; for a branch, with its offices' own weekly days off and local holidays (decision 0259).
 */
export async function daysOffFrom(fromIso: string, db: Db = prisma, rules?: LendingRulesView, branchId?: string | null): Promise<DaysOff> {
  const from = calendarDateOf(fromIso);
  const [{ weeklyDaysOff }, holidays, offices] = await Promise.all([
    rules ?? getLendingRules(db),
    db.holiday.findMany({ where: { date: { gte: from } }, select: { date: true } }),
    branchId ? officeChain(db, branchId, from) : [],
  ]);
  const lender: DaysOff = { weekly: weeklyDaysOff, holidays: new Set(holidays.map((h) => isoDateOf(h.date))) };
  return branchDaysOff(lender, offices);
}

/** The branch's offices from the head office down (its path names them), each with its own days off from `from` on. */
async function officeChain(db: Db, branchId: string, from: Date): Promise<OfficeDaysOff[]> {
  const branch = await db.office.findUnique({ where: { id: branchId }, select: { path: true } });
  const ids = branch?.path.split("/").filter(Boolean) ?? [];
  if (ids.length === 0) return [];
  const [offices, holidays] = await Promise.all([
    db.office.findMany({ where: { id: { in: ids } }, select: { id: true, weeklyDaysOff: true } }),
    db.officeHoliday.findMany({ where: { officeId: { in: ids }, date: { gte: from } }, select: { officeId: true, date: true } }),
  ]);
  return ids.map((id) => ({
    weeklyDaysOff: offices.find((o) => o.id === id)?.weeklyDaysOff ?? [],
    holidays: holidays.filter((h) => h.officeId === id).map((h) => isoDateOf(h.date)),
  }));
}

/** A holiday of the calendar page: the whole lender's (office null), or an office's local one (decision 0259). */
export type HolidayRow = { date: string; nameBn: string; nameEn: string; office: { id: string; code: string; nameBn: string; nameEn: string } | null };

/** One year's holidays, the government's and every office's, in date order (the lender's first on a day). */
export async function listHolidays(year: string): Promise<HolidayRow[]> {
  const range = { gte: calendarDateOf(`${year}-01-01`), lte: calendarDateOf(`${year}-12-31`) };
  const [national, local] = await Promise.all([
    prisma.holiday.findMany({ where: { date: range }, orderBy: { date: "asc" } }),
    prisma.officeHoliday.findMany({
      where: { date: range },
      orderBy: [{ date: "asc" }, { office: { code: "asc" } }],
      select: { date: true, nameBn: true, nameEn: true, office: { select: { id: true, code: true, nameBn: true, nameEn: true } } },
    }),
  ]);
  const rows: HolidayRow[] = [
    ...national.map((r) => ({ date: isoDateOf(r.date), nameBn: r.nameBn, nameEn: r.nameEn, office: null })),
    ...local.map((r) => ({ date: isoDateOf(r.date), nameBn: r.nameBn, nameEn: r.nameEn, office: r.office })),
  ];
  // A stable sort: by date, the lender's holiday before the offices' (already by code).
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The offices a local holiday may be set for: every open office but the head office (its holidays are the lender's). */
export async function listHolidayOffices(): Promise<{ id: string; code: string; nameBn: string; nameEn: string }[]> {
  return prisma.office.findMany({
    where: { parentId: { not: null }, status: "open" },
    orderBy: { code: "asc" },
    select: { id: true, code: true, nameBn: true, nameEn: true },
  });
}
