import "server-only";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DaysOff } from "@/lib/loans/calendar";
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

/** The days off from `fromIso` on: the weekly ones (from `rules` when the caller has read them) and every holiday on or after it. */
export async function daysOffFrom(fromIso: string, db: Db = prisma, rules?: LendingRulesView): Promise<DaysOff> {
  const [{ weeklyDaysOff }, holidays] = await Promise.all([
    rules ?? getLendingRules(db),
    db.holiday.findMany({ where: { date: { gte: calendarDateOf(fromIso) } }, select: { date: true } }),
  ]);
  return { weekly: weeklyDaysOff, holidays: new Set(holidays.map((h) => isoDateOf(h.date))) };
}

export type HolidayRow = { date: string; nameBn: string; nameEn: string };

/** One year's holidays, in date order. */
export async function listHolidays(year: string): Promise<HolidayRow[]> {
  const rows = await prisma.holiday.findMany({
    where: { date: { gte: calendarDateOf(`${year}-01-01`), lte: calendarDateOf(`${year}-12-31`) } },
    orderBy: { date: "asc" },
  });
  return rows.map((r) => ({ date: isoDateOf(r.date), nameBn: r.nameBn, nameEn: r.nameEn }));
}
