import "server-only";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { dhakaToday } from "@/lib/format";
import { nextWorkingDay, type DaysOff } from "@/lib/loans/calendar";
import { installmentStatus } from "@/lib/repayments/installments";
import { calendarDateOf, isoDateOf } from "@/lib/validation/fields";
import { parseHolidayCsv, type HolidayLineError } from "./csv-import";
import { daysOffFrom, getLendingRules } from "./queries";
import type { HolidayValues } from "./schemas";

/**
 * Adds a holiday with its audit row: the whole lender's, or an open office's local one (decision 0259). A date already
 * in that calendar is refused, naming the field.
 */
export async function addHoliday(ctx: StaffContext, input: HolidayValues): Promise<ActionResult<{ date: string }>> {
  const { officeId, ...holiday } = input;
  try {
    return await prisma.$transaction(async (tx) => {
      const date = calendarDateOf(holiday.date);
      if (officeId) {
        const [office] = await tx.$queryRaw<{ code: string }[]>`
          SELECT "code" FROM "Office" WHERE "id" = ${officeId} AND "parentId" IS NOT NULL AND "status" = 'open' FOR SHARE`;
        if (!office) return fail("validation", { fieldErrors: { officeId: "officeNotOpen" } });
        await tx.officeHoliday.create({ data: { officeId, date, nameBn: holiday.nameBn, nameEn: holiday.nameEn } });
        await writeAudit(tx, { ...auditBy(ctx), action: "calendar.officeHoliday.add", entityType: "OfficeHoliday", entityId: `${office.code}:${holiday.date}`, after: { ...holiday, officeId } });
        return ok({ date: holiday.date });
      }
      await tx.holiday.create({ data: { date, nameBn: holiday.nameBn, nameEn: holiday.nameEn } });
      await writeAudit(tx, { ...auditBy(ctx), action: "calendar.holiday.add", entityType: "Holiday", entityId: holiday.date, after: { ...holiday } });
      return ok({ date: holiday.date });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "holidayTaken", fieldErrors: { date: "holidayTaken" } });
    throw error;
  }
}

/** Removes a holiday (the lender's, or an office's); the audit row keeps it. Schedules already made keep their dates (see applyCalendarToOpenLoans). */
export async function removeHoliday(ctx: StaffContext, input: { date: string; officeId?: string }): Promise<ActionResult<{ date: string }>> {
  return prisma.$transaction(async (tx) => {
    const date = calendarDateOf(input.date);
    const [removed] = input.officeId
      ? await tx.$queryRaw<{ nameBn: string; nameEn: string; code: string }[]>`
          DELETE FROM "OfficeHoliday" h USING "Office" o WHERE h."officeId" = ${input.officeId} AND h."date" = ${date} AND o."id" = h."officeId"
          RETURNING h."nameBn", h."nameEn", o."code"`
      : await tx.$queryRaw<{ nameBn: string; nameEn: string; code: string }[]>`
          DELETE FROM "Holiday" WHERE "date" = ${date} RETURNING "nameBn", "nameEn", '' AS "code"`;
    if (!removed) return fail("notFound");
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: input.officeId ? "calendar.officeHoliday.remove" : "calendar.holiday.remove",
      entityType: input.officeId ? "OfficeHoliday" : "Holiday",
      // The same id as the holiday's addition: the office's code and the date.
      entityId: input.officeId ? `${removed.code}:${input.date}` : input.date,
      before: { date: input.date, nameBn: removed.nameBn, nameEn: removed.nameEn, ...(input.officeId ? { officeId: input.officeId } : {}) },
    });
    return ok({ date: input.date });
  });
}

export type HolidayImportSummary = { added: number; alreadyListed: number; errors: HolidayLineError[] };

/** A CSV file of holidays: good rows added in one transaction (dates already there are skipped and counted), one audit row. */
export async function importHolidays(ctx: StaffContext, input: { csv: string }): Promise<ActionResult<HolidayImportSummary>> {
  const parsed = parseHolidayCsv(input.csv);
  if (!parsed.ok) return fail("validation", { reason: parsed.error });
  return prisma.$transaction(async (tx) => {
    const created = await tx.holiday.createMany({
      data: parsed.rows.map((row) => ({ date: calendarDateOf(row.date), nameBn: row.nameBn, nameEn: row.nameEn })),
      skipDuplicates: true,
    });
    const summary = { added: created.count, alreadyListed: parsed.rows.length - created.count, errors: parsed.errors };
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "calendar.holiday.import",
      entityType: "Holiday",
      entityId: "import",
      after: { added: summary.added, alreadyListed: summary.alreadyListed, refusedLines: parsed.errors.map((e) => e.line) },
    });
    return ok(summary);
  });
}

/** Instalments moved per statement: a few thousand rows of (id, old date, new date). */
const MOVE_BATCH = 2_000;

/**
 * "Apply to open loans": the calendar as it is now, applied to the instalments of disbursed loans that nothing has
 * been paid on and that are not yet due (today or later): each is due on its scheduled date, or the next working day
 * when that is a day off. Paid, part-paid and overdue instalments keep their dates (a late fee may hang on them).
 * One transaction; each row moves only if it still has the date and the nothing-paid state it was read with, so a
 * payment recorded meanwhile keeps its instalment. One audit row with what moved.
 */
export async function applyCalendarToOpenLoans(ctx: StaffContext, now = new Date()): Promise<ActionResult<{ loans: number; installments: number }>> {
  const today = dhakaToday(now);
  return prisma.$transaction(
    async (tx) => {
      const open = await tx.loanInstallment.findMany({
        where: { paidAmount: 0, status: { not: "paid" }, dueDate: { gte: calendarDateOf(today) }, loan: { status: "disbursed" } },
        select: { id: true, loanId: true, dueDate: true, scheduledDate: true, emiAmount: true, lateFee: true, loan: { select: { branchId: true } } },
      });
      // Each branch's calendar (its offices' weekly days off and local holidays on the lender's), read once per branch.
      const rules = await getLendingRules(tx);
      const calendars = new Map<string, DaysOff>();
      for (const branchId of new Set(open.map((row) => row.loan.branchId))) calendars.set(branchId, await daysOffFrom(today, tx, rules, branchId));
      const moves = open.flatMap((row) => {
        const daysOff = calendars.get(row.loan.branchId)!;
        const from = isoDateOf(row.dueDate);
        const scheduled = isoDateOf(row.scheduledDate ?? row.dueDate);
        // Never before today (an instalment is not made overdue by a calendar change), and on a working day.
        const due = nextWorkingDay(scheduled > today ? scheduled : today, daysOff);
        if (due === from) return [];
        const status = installmentStatus({ dueDate: due, emiAmount: row.emiAmount, lateFee: row.lateFee, paidAmount: 0 }, today);
        return [{ id: row.id, loanId: row.loanId, from, to: due, status }];
      });
      let moved = 0;
      for (let i = 0; i < moves.length; i += MOVE_BATCH) {
        const batch = moves.slice(i, i + MOVE_BATCH);
        moved += await tx.$executeRaw`
          UPDATE "LoanInstallment" AS i SET "dueDate" = m."to", "status" = m."status"::"InstallmentStatus"
          FROM unnest(${batch.map((m) => m.id)}::text[], ${batch.map((m) => m.from)}::date[], ${batch.map((m) => m.to)}::date[], ${batch.map((m) => m.status)}::text[])
            AS m("id", "from", "to", "status")
          WHERE i."id" = m."id" AND i."dueDate" = m."from" AND i."paidAmount" = 0`;
      }
      const loans = new Set(moves.map((m) => m.loanId)).size;
      await writeAudit(tx, {
        ...auditBy(ctx),
        action: "calendar.apply",
        entityType: "LoanInstallment",
        entityId: "open-loans",
        after: { loans, installments: moved, moves: moves.slice(0, 200).map((m) => ({ id: m.id, from: m.from, to: m.to })) },
      });
      return ok({ loans, installments: moved });
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
}
