/**
 * The regulator's rules on PostgreSQL (issue 26): the rate ceiling in the product settings and in the database; the
 * first instalment no earlier than the rules allow; schedules made over days off; "apply to open loans" moving only
 * unpaid instalments not yet due, audited; nothing deducted from a disbursement.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { findApplicationStatusForApplicant } from "@/lib/applications/queries";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { addHolidayAction, applyCalendarAction, importHolidaysAction, removeHolidayAction } from "@/lib/lending-rules/actions";
import { earliestFirstScheduledDate, isDayOff, nextWorkingDay, weekdayOf } from "@/lib/loans/calendar";
import { approveLoanAction, disburseLoanAction } from "@/lib/loans/actions";
import { updateProductSettingsAction } from "@/lib/products/actions";
import { addCalendarDays, addCalendarMonths } from "@/lib/repayments/schedule";
import { isoDateOf } from "@/lib/validation/fields";
import { seedProducts } from "@/prisma/seed";
import { disbursedLoan, disbursement, pendingLoan } from "../support/loan-fixtures";
import { actAs } from "../support/staff-session";

beforeAll(async () => {
  await seedProducts(prisma);
});

async function scheduleOf(loanNumber: string) {
  const rows = await prisma.loanInstallment.findMany({ where: { loan: { loanNumber } }, orderBy: { emiNumber: "asc" } });
  return rows.map((r) => ({ id: r.id, emiNumber: r.emiNumber, dueDate: isoDateOf(r.dueDate), scheduledDate: isoDateOf(r.scheduledDate!), paidAmount: r.paidAmount }));
}

/** The first working day (Sunday–Thursday) at least `days` days from today. */
function workingDayFromToday(days: number): string {
  let day = addCalendarDays(dhakaToday(), days);
  while ([5, 6].includes(weekdayOf(day))) day = addCalendarDays(day, 1);
  return day;
}

describe("the rate ceiling", () => {
  async function productForm(rate: string) {
    const product = await prisma.loanProduct.findUniqueOrThrow({ where: { key: "salary" } });
    return {
      key: "salary" as const,
      version: product.updatedAt.toISOString(),
      minAmount: String(product.minAmount),
      maxAmount: String(product.maxAmount),
      minTenure: String(product.minTenure),
      maxTenure: String(product.maxTenure),
      annualRate: rate,
      featuresBn: product.featuresBn.join("\n"),
      featuresEn: product.featuresEn.join("\n"),
      badgeBn: product.badgeBn ?? "",
      badgeEn: product.badgeEn ?? "",
    };
  }

  it("the product settings refuse a rate above it, naming the field, and take one at it", async () => {
    await actAs("super_admin");
    expect(await updateProductSettingsAction(await productForm("24.01"))).toMatchObject({
      ok: false,
      error: { code: "validation", reason: "rateAboveCeiling", fieldErrors: { annualRate: "rateAboveCeiling" } },
    });
    expect((await prisma.loanProduct.findUniqueOrThrow({ where: { key: "salary" } })).annualRate.toNumber()).toBe(15);
    expect(await updateProductSettingsAction(await productForm("২৪"))).toMatchObject({ ok: true });
    expect((await prisma.loanProduct.findUniqueOrThrow({ where: { key: "salary" } })).annualRate.toNumber()).toBe(24);
    expect(await updateProductSettingsAction(await productForm("15"))).toMatchObject({ ok: true });
  });

  it("the database refuses a product above it and a ceiling below a product's rate", async () => {
    await expect(prisma.$executeRaw`UPDATE "LoanProduct" SET "annualRate" = 27 WHERE "key" = 'business'`).rejects.toThrow(/above the ceiling/);
    await expect(prisma.$executeRaw`UPDATE "LendingRules" SET "rateCeilingPercent" = 12 WHERE "id" = 1`).rejects.toThrow(/above the ceiling/);
    await expect(prisma.$executeRaw`INSERT INTO "LendingRules" ("id") VALUES (2)`).rejects.toThrow(/one row/);
  });
});

describe("the first instalment", () => {
  it("earlier than the rules allow is refused; later is taken and the schedule follows it monthly", async () => {
    const loan = await pendingLoan();
    await actAs("loan_officer");
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "100000" })).toMatchObject({ ok: true });
    await actAs("account_manager");
    const earliest = earliestFirstScheduledDate(dhakaToday(), 15);
    expect(await disburseLoanAction({ ...disbursement(loan.loanNumber), firstDueDate: addCalendarDays(earliest, -1) })).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { firstDueDate: "firstDueTooEarly" } },
    });
    expect(await disburseLoanAction({ ...disbursement(loan.loanNumber), firstDueDate: addCalendarMonths(dhakaToday(), 4) })).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { firstDueDate: "firstDueTooLate" } },
    });
    expect(await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } })).toMatchObject({ status: "approved" });

    const chosen = addCalendarDays(earliest, 10);
    expect(await disburseLoanAction({ ...disbursement(loan.loanNumber), firstDueDate: chosen })).toMatchObject({ ok: true });
    const schedule = await scheduleOf(loan.loanNumber);
    expect(schedule[0]!.scheduledDate).toBe(chosen);
    expect(schedule.map((r) => r.scheduledDate)).toEqual(schedule.map((_, i) => addCalendarMonths(chosen, i)));
    // Nothing deducted: the amount paid out is the amount approved, and the database keeps it so.
    expect(await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber } })).toMatchObject({ approvedAmount: 100_000, disbursedAmount: 100_000 });
    await expect(prisma.$executeRaw`UPDATE "Loan" SET "disbursedAmount" = 95000 WHERE "loanNumber" = ${loan.loanNumber}`).rejects.toThrow(/amount approved/);
  });

  it("every due date of a new schedule is a working day of the calendar, holidays added by a super admin included", async () => {
    await actAs("super_admin");
    const holiday = workingDayFromToday(40);
    expect(await addHolidayAction({ date: holiday, nameBn: "পরীক্ষার ছুটি", nameEn: "Test holiday" })).toMatchObject({ ok: true });
    expect(await addHolidayAction({ date: holiday, nameBn: "আবার", nameEn: "Again" })).toMatchObject({ ok: false, error: { fieldErrors: { date: "holidayTaken" } } });
    const loan = await disbursedLoan("১,০০,০০০", { firstDueDate: holiday });
    const schedule = await scheduleOf(loan.loanNumber);
    const daysOff = { weekly: [5, 6], holidays: new Set([holiday]) };
    expect(schedule[0]!.scheduledDate).toBe(holiday);
    expect(schedule[0]!.dueDate).toBe(addCalendarDays(holiday, weekdayOf(holiday) === 4 ? 3 : 1));
    expect(schedule.every((r) => !isDayOff(r.dueDate, daysOff))).toBe(true);
    expect(schedule).toHaveLength(24);
    // The borrower follows the same schedule on /status: the moved date, the date it moved from, the rate.
    const application = await prisma.loanApplication.findFirstOrThrow({ where: { loan: { loanNumber: loan.loanNumber } } });
    const seen = await findApplicationStatusForApplicant(application.applicationId, application.phone);
    expect(seen?.loan).toMatchObject({ loanNumber: loan.loanNumber, annualRate: 15 });
    expect(seen?.loan?.installments[0]).toEqual({ emiNumber: 1, dueDate: schedule[0]!.dueDate, scheduledDate: holiday, amount: expect.any(Number), status: "upcoming" });
    expect(seen?.loan?.installments).toHaveLength(24);
  });
});

describe("apply to open loans", () => {
  it("moves only the unpaid instalments not yet due, and is audited", async () => {
    const loan = await disbursedLoan();
    // The second and third instalments' dates become holidays after the schedule was made; the second is part-paid.
    const made = await scheduleOf(loan.loanNumber);
    await prisma.loanInstallment.update({ where: { id: made[1]!.id }, data: { paidAmount: 100, status: "partial" } });
    const before = await scheduleOf(loan.loanNumber);
    const [second, third] = [before[1]!, before[2]!];
    await actAs("super_admin");
    const imported = await importHolidaysAction({ csv: `date,name_bn,name_en\n${second.dueDate},ছুটি এক,Holiday one\n${third.dueDate},ছুটি দুই,Holiday two\n` });
    expect(imported).toMatchObject({ ok: true, data: { added: 2 } });
    // Made before: nothing moves until applied.
    expect(await scheduleOf(loan.loanNumber)).toEqual(before);

    const applied = await applyCalendarAction({});
    expect(applied).toMatchObject({ ok: true });
    const after = await scheduleOf(loan.loanNumber);
    expect(after[1]!.dueDate).toBe(second.dueDate);
    const daysOff = { weekly: [5, 6], holidays: new Set([second.dueDate, third.dueDate]) };
    expect(after[2]!.dueDate).toBe(nextWorkingDay(third.scheduledDate, daysOff));
    expect(after[2]!.scheduledDate).toBe(third.scheduledDate);
    const thirdRow = await prisma.loanInstallment.findUniqueOrThrow({ where: { id: third.id } });
    expect(thirdRow.status).toBe("upcoming");
    expect(after.filter((r, i) => r.dueDate !== before[i]!.dueDate).map((r) => r.emiNumber)).toEqual([3]);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "calendar.apply" }, orderBy: { createdAt: "desc" } });
    expect(audit.actorLabel).not.toBe("");
    expect((audit.after as { moves: { id: string; from: string; to: string }[] }).moves).toContainEqual({ id: third.id, from: third.dueDate, to: after[2]!.dueDate });
    // Applying again moves nothing more.
    expect(await applyCalendarAction({})).toMatchObject({ ok: true, data: { installments: 0 } });

    // The holiday removed and the calendar applied again: the instalment is due as its schedule first made it.
    expect(await removeHolidayAction({ date: third.dueDate })).toMatchObject({ ok: true });
    expect(await removeHolidayAction({ date: third.dueDate })).toMatchObject({ ok: false, error: { code: "notFound" } });
    expect(await applyCalendarAction({})).toMatchObject({ ok: true, data: { installments: 1 } });
    expect((await scheduleOf(loan.loanNumber))[2]!.dueDate).toBe(nextWorkingDay(third.scheduledDate, { weekly: [5, 6], holidays: new Set([second.dueDate]) }));
    expect(await prisma.auditLog.count({ where: { action: "calendar.holiday.remove", entityId: third.dueDate } })).toBe(1);
  });

  it("is refused to anyone but a super admin", async () => {
    await actAs("admin");
    expect(await applyCalendarAction({})).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await addHolidayAction({ date: "2030-01-01", nameBn: "ক", nameEn: "A" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await removeHolidayAction({ date: "2030-01-01" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await importHolidaysAction({ csv: "date,name_bn,name_en\n2030-01-02,ক,A\n" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await prisma.holiday.count({ where: { date: { gte: new Date("2030-01-01T00:00:00Z") } } })).toBe(0);
  });
});
