/**
 * Issue 41, point 6 (decision 0259): a branch's working days and local holidays on top of the lender's calendar. An
 * office's own weekly days off and its local holidays apply to every branch under it; a schedule made in such a branch
 * moves a due date off them, and "apply to open loans" moves each branch's instalments by its own calendar. Another
 * branch keeps the lender's calendar. The database refuses a week with no working day, also against the app's role.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { addHolidayAction, applyCalendarAction, removeHolidayAction } from "@/lib/lending-rules/actions";
import { listHolidays } from "@/lib/lending-rules/queries";
import { earliestFirstScheduledDate, weekdayOf } from "@/lib/loans/calendar";
import { approveLoanAction, disburseLoanAction } from "@/lib/loans/actions";
import { editOfficeAction } from "@/lib/offices/actions";
import { addCalendarDays } from "@/lib/repayments/schedule";
import { isoDateOf } from "@/lib/validation/fields";
import { seedProducts } from "@/prisma/seed";
import { disbursement, pendingLoan } from "../support/loan-fixtures";
import { actAs } from "../support/staff-session";

const HEAD = "office-head";
const MAIN = "office-main-branch";
const ROUTED_UPAZILA = "493";
let area: string;
let branch: string;

/** The first date from `from` on that falls on `weekday` (0 = Sunday … 6 = Saturday). */
function nextWeekday(from: string, weekday: number): string {
  let day = from;
  while (weekdayOf(day) !== weekday) day = addCalendarDays(day, 1);
  return day;
}

/**
 * A loan of the main branch (its application routed there by upazila: with two open branches nothing goes there by
 * default), moved into `branchId` before its disbursement, then disbursed with the first instalment on `firstDueDate`.
 */
async function loanIn(branchId: string | null, firstDueDate: string) {
  const loan = await pendingLoan({ upazilaCode: ROUTED_UPAZILA });
  if (branchId) await prisma.loan.update({ where: { loanNumber: loan.loanNumber }, data: { branchId } });
  await actAs("loan_officer");
  expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "50000" })).toMatchObject({ ok: true });
  await actAs("account_manager");
  expect(await disburseLoanAction({ ...disbursement(loan.loanNumber), firstDueDate })).toMatchObject({ ok: true });
  return loan.loanNumber;
}

async function dueDates(loanNumber: string) {
  const rows = await prisma.loanInstallment.findMany({ where: { loan: { loanNumber } }, orderBy: { emiNumber: "asc" }, select: { id: true, dueDate: true, scheduledDate: true } });
  return rows.map((r) => ({ id: r.id, dueDate: isoDateOf(r.dueDate), scheduledDate: isoDateOf(r.scheduledDate!) }));
}

const editOf = async (id: string, weeklyDaysOff: string[]) => {
  const office = await prisma.office.findUniqueOrThrow({ where: { id } });
  return editOfficeAction({ id, nameBn: office.nameBn, nameEn: office.nameEn, approvalLimit: "", weeklyDaysOff });
};

beforeAll(async () => {
  await seedProducts(prisma);
  area = (await prisma.office.create({ data: { code: "DO-A", nameBn: "ছুটির এরিয়া", nameEn: "Days-off area", level: "area", parentId: HEAD, openedOn: new Date("2026-01-01") } })).id;
  branch = (await prisma.office.create({ data: { code: "DO-B", nameBn: "শনিবার খোলা শাখা", nameEn: "Open-on-Saturday branch", level: "branch", parentId: area, openedOn: new Date("2026-01-01") } })).id;
  await prisma.upazilaBranch.upsert({ where: { upazilaCode: ROUTED_UPAZILA }, create: { upazilaCode: ROUTED_UPAZILA, branchId: MAIN }, update: { branchId: MAIN } });
});

describe("a branch's working days and local holidays", () => {
  const earliest = () => earliestFirstScheduledDate(dhakaToday(), 15);

  it("a branch that works on Saturday keeps a Saturday due date; the lender's other branches move it to Sunday", async () => {
    await actAs("super_admin");
    expect(await editOf(branch, ["৫"])).toMatchObject({ ok: true });
    expect((await prisma.office.findUniqueOrThrow({ where: { id: branch } })).weeklyDaysOff).toEqual([5]);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "office.edit", entityId: branch }, orderBy: { createdAt: "desc" } });
    expect(audit).toMatchObject({ before: expect.objectContaining({ weeklyDaysOff: [] }), after: expect.objectContaining({ weeklyDaysOff: [5] }) });

    const saturday = nextWeekday(addCalendarDays(earliest(), 1), 6);
    const there = await dueDates(await loanIn(branch, saturday));
    expect(there[0]).toMatchObject({ scheduledDate: saturday, dueDate: saturday });
    // Every due date of the branch is off Friday only.
    expect(there.every((r) => weekdayOf(r.dueDate) !== 5)).toBe(true);
    const main = await dueDates(await loanIn(null, saturday));
    expect(main[0]).toMatchObject({ scheduledDate: saturday, dueDate: addCalendarDays(saturday, 1) });
  });

  it("a week with no working day is refused, by the form's schema and by the database", async () => {
    await actAs("super_admin");
    expect(await editOf(branch, ["0", "1", "2", "3", "4", "5", "6"])).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { weeklyDaysOff: "noWorkingDay" } } });
    expect(await editOf(branch, ["8"])).toMatchObject({ ok: false, error: { code: "validation" } });
    expect((await prisma.office.findUniqueOrThrow({ where: { id: branch } })).weeklyDaysOff).toEqual([5]);
    await expect(prisma.$executeRaw`UPDATE "Office" SET "weeklyDaysOff" = ARRAY[0,1,2,3,4,5,6] WHERE "id" = ${branch}`).rejects.toThrow(/fewer than seven/);
    await expect(prisma.$executeRaw`UPDATE "Office" SET "weeklyDaysOff" = ARRAY[5,5] WHERE "id" = ${branch}`).rejects.toThrow(/distinct weekdays/);
    await expect(prisma.$executeRaw`UPDATE "Office" SET "weeklyDaysOff" = ARRAY[7] WHERE "id" = ${branch}`).rejects.toThrow(/weekdays/);
    // The head office's are the lender's rules: its edit leaves them alone, and the database refuses them.
    expect(await editOf(HEAD, ["6"])).toMatchObject({ ok: true });
    expect((await prisma.office.findUniqueOrThrow({ where: { id: HEAD } })).weeklyDaysOff).toEqual([]);
    await expect(prisma.$executeRaw`UPDATE "Office" SET "weeklyDaysOff" = ARRAY[6] WHERE "id" = ${HEAD}`).rejects.toThrow(/lender's rules/);
    await expect(prisma.officeHoliday.create({ data: { officeId: HEAD, date: new Date("2027-03-03T00:00:00Z"), nameBn: "প্রধান", nameEn: "Head" } })).rejects.toThrow(/lender's calendar/);
  });

  it("an area's and a branch's local holidays move the branch's due dates, not another branch's", async () => {
    await actAs("super_admin");
    const areaDay = nextWeekday(addCalendarDays(earliest(), 3), 1); // a Monday
    const branchDay = addCalendarDays(areaDay, 1); // the Tuesday after it
    expect(await addHolidayAction({ date: areaDay, nameBn: "এরিয়ার ছুটি", nameEn: "Area holiday", officeId: area })).toMatchObject({ ok: true });
    expect(await addHolidayAction({ date: branchDay, nameBn: "শাখার ছুটি", nameEn: "Branch holiday", officeId: branch })).toMatchObject({ ok: true });
    expect(await addHolidayAction({ date: branchDay, nameBn: "আবার", nameEn: "Again", officeId: branch })).toMatchObject({ ok: false, error: { fieldErrors: { date: "holidayTaken" } } });
    // Only an open office below the head office (the head office's holidays are the lender's).
    expect(await addHolidayAction({ date: branchDay, nameBn: "প্রধান", nameEn: "Head", officeId: HEAD })).toMatchObject({ ok: false, error: { fieldErrors: { officeId: "officeNotOpen" } } });
    expect(await addHolidayAction({ date: branchDay, nameBn: "নেই", nameEn: "None", officeId: "no-such-office" })).toMatchObject({ ok: false, error: { fieldErrors: { officeId: "officeNotOpen" } } });
    expect(await prisma.auditLog.count({ where: { action: "calendar.officeHoliday.add", entityId: { in: [`DO-A:${areaDay}`, `DO-B:${branchDay}`] } } })).toBe(2);

    // The area's Monday and the branch's Tuesday are days off there: a Monday schedule is due on Wednesday.
    const there = await dueDates(await loanIn(branch, areaDay));
    expect(there[0]).toMatchObject({ scheduledDate: areaDay, dueDate: addCalendarDays(areaDay, 2) });
    const main = await dueDates(await loanIn(null, areaDay));
    expect(main[0]).toMatchObject({ scheduledDate: areaDay, dueDate: areaDay });

    // The calendar page lists both with whose they are.
    const listed = (await listHolidays(areaDay.slice(0, 4))).filter((h) => h.office?.code === "DO-A" || h.office?.code === "DO-B");
    expect(listed.map((h) => [h.date, h.office?.code])).toEqual(expect.arrayContaining([[areaDay, "DO-A"], [branchDay, "DO-B"]]));
  });

  it("apply to open loans moves each branch's instalments by its own calendar, and a removed local holiday is audited", async () => {
    await actAs("super_admin");
    const first = nextWeekday(addCalendarDays(earliest(), 20), 3); // a Wednesday
    const there = await loanIn(branch, first);
    const main = await loanIn(null, first);
    const secondThere = (await dueDates(there))[1]!;
    const secondMain = (await dueDates(main))[1]!;
    expect(secondThere.scheduledDate).toBe(secondMain.scheduledDate);
    const day = secondThere.dueDate;
    // A local holiday of the branch on that date, added after both schedules were made, then applied.
    await actAs("super_admin");
    expect(await addHolidayAction({ date: day, nameBn: "স্থানীয় মেলা", nameEn: "Local fair", officeId: branch })).toEqual({ ok: true, data: { date: day } });
    expect(await applyCalendarAction({})).toMatchObject({ ok: true });
    const moved = (await dueDates(there))[1]!;
    expect(moved.dueDate > day).toBe(true);
    expect(weekdayOf(moved.dueDate)).not.toBe(5);
    expect((await dueDates(main))[1]!.dueDate).toBe(secondMain.dueDate);

    expect(await removeHolidayAction({ date: day, officeId: branch })).toMatchObject({ ok: true });
    expect(await removeHolidayAction({ date: day, officeId: branch })).toMatchObject({ ok: false, error: { code: "notFound" } });
    expect(await prisma.auditLog.count({ where: { action: "calendar.officeHoliday.remove", entityId: `DO-B:${day}` } })).toBe(1);
    expect(await applyCalendarAction({})).toMatchObject({ ok: true });
    expect((await dueDates(there))[1]!.dueDate).toBe(day);
  });

  it("local holidays and an office's days off are a super admin's: an admin is refused and nothing changes", async () => {
    await actAs("admin");
    const day = addCalendarDays(dhakaToday(), 50);
    expect(await addHolidayAction({ date: day, nameBn: "না", nameEn: "No", officeId: branch })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await editOf(branch, [])).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await prisma.officeHoliday.count({ where: { date: new Date(`${day}T00:00:00Z`) } })).toBe(0);
    expect((await prisma.office.findUniqueOrThrow({ where: { id: branch } })).weeklyDaysOff).toEqual([5]);
  });
});
