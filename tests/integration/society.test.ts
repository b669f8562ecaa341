/**
 * The society tool against PostgreSQL, through its server actions (access check → schema → service):
 * every rule of the spec's section 9, codes from the per-society sequence under concurrency, the
 * all-or-nothing collection sheet, audit rows, and the dashboard's figures computed from the entries.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import sharp from "sharp";
import { dhakaToday } from "@/lib/format";
import { prisma } from "@/lib/db";
import {
  addIncomeExpenseAction,
  addMemberAction,
  addWorkerAction,
  deleteMemberAction,
  deleteWorkerAction,
  enterSocietyAdminAction,
  loadCollectionSheetAction,
  loadMemberProfileAction,
  paySalaryAction,
  saveCollectionSheetAction,
  updateSocietySettingsAction,
} from "@/lib/society/actions";
import { getCollectionToday, getSocietyDashboard, listMembers } from "@/lib/society/queries";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety } from "../support/society";
import { randomUUID } from "node:crypto";

let societyId: string;
let adminId: string;

beforeAll(async () => {
  const admin = await createStaff("society_manager");
  adminId = admin.id;
});

beforeEach(async () => {
  societyId = (await createTestSociety()).id;
  await grantSociety(societyId, adminId, "admin");
  await signInAs(adminId);
});

const today = dhakaToday();
let phoneCounter = 0;
const phone = () => `0171${String(1_000_000 + ++phoneCounter).slice(-7)}`;

async function addWorker(name = "রফিকুল ইসলাম") {
  const result = await addWorkerAction(societyId, { name, area: "মিরপুর ১০", phone: phone() });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
}

let memberCounter = 0;
/** A member under the worker; given a loan at joining (an instalment repays a loan: one beyond it is refused). */
async function addMember(workerId: string, amounts: { installmentAmount?: string; savingsAmount?: string; loanAmount?: string } = {}) {
  memberCounter += 1;
  const result = await addMemberAction(societyId, {
    idempotencyKey: randomUUID(),
    memberCode: `AS-${memberCounter}`,
    name: `সদস্য ${memberCounter}`,
    nid: "3304718265",
    phone: phone(),
    workerId,
    installmentAmount: amounts.installmentAmount ?? "200",
    savingsAmount: amounts.savingsAmount ?? "50",
    loanAmount: amounts.loanAmount ?? "100000",
  });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
}

describe("workers and members", () => {
  it("a new worker is active, coded W001, tagged with who created it, and audited", async () => {
    const worker = await addWorker();
    expect(worker.code).toBe("W001");
    const row = await prisma.societyWorker.findUniqueOrThrow({ where: { id: worker.id } });
    expect(row).toMatchObject({ status: "active", createdByRole: "admin", createdById: adminId, totalMembers: 0, dailyCollection: 0 });
    expect(row.phone).toMatch(/^\+8801/);
    const audit = await prisma.auditLog.findFirst({ where: { action: "society.worker.create", entityId: worker.id } });
    expect(audit?.actorId).toBe(adminId);
  });

  it("refuses a worker without name, area or phone, storing nothing", async () => {
    const result = await addWorkerAction(societyId, { name: " ", area: "", phone: "12" });
    expect(result).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { name: "required", area: "required", phone: "invalidPhone" } } });
    expect(await prisma.societyWorker.count({ where: { societyId } })).toBe(0);
  });

  it("stores a worker photo decoded, square and without metadata; refuses a forged one", async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3a7" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret camera" } } })
      .toBuffer();
    const ok = await addWorkerAction(societyId, { name: "ছবিসহ কর্মী", area: "কাফরুল", phone: phone(), photo: new Blob([new Uint8Array(jpeg)]) });
    expect(ok.ok).toBe(true);
    const worker = await prisma.societyWorker.findFirstOrThrow({ where: { societyId, name: "ছবিসহ কর্মী" }, select: { photo: true } });
    const meta = await sharp(Buffer.from(worker.photo!.bytes)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 320 });
    expect(meta.exif).toBeUndefined();

    const forged = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), "<html>not an image</html>"]);
    const refused = await addWorkerAction(societyId, { name: "জাল ছবি", area: "কাফরুল", phone: phone(), photo: forged });
    expect(refused).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { photo: "imageNotImage" } } });
    expect(await prisma.societyWorker.count({ where: { societyId, name: "জাল ছবি" } })).toBe(0);
  });

  it("adding a member counts them on the worker, copies the area, and turns non-numeric amounts into 0", async () => {
    const worker = await addWorker();
    const result = await addMemberAction(societyId, {
      idempotencyKey: randomUUID(),
      memberCode: "AS-101",
      name: "আমেনা খাতুন",
      nid: "৩৩০৪৭১৮২৬৫",
      phone: "০১৭১২-৩০০৪০১",
      workerId: worker.id,
      installmentAmount: "abc",
      savingsAmount: "৫০",
      loanAmount: "-5",
    });
    expect(result.ok).toBe(true);
    const member = await prisma.societyMember.findFirstOrThrow({ where: { societyId, memberCode: "AS-101" } });
    expect(member).toMatchObject({ code: "M001", area: "মিরপুর ১০", installmentAmount: 0, savingsAmount: 50, loanAmount: null, nid: "3304718265", phone: "+8801712300401", status: "active" });
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: worker.id } })).totalMembers).toBe(1);
  });

  it("refuses a member code already used in the society", async () => {
    const worker = await addWorker();
    const input = { memberCode: "AS-7", name: "প্রথম", nid: "3304718265", phone: phone(), workerId: worker.id, installmentAmount: "", savingsAmount: "", loanAmount: "", idempotencyKey: randomUUID() };
    expect((await addMemberAction(societyId, input)).ok).toBe(true);
    const second = await addMemberAction(societyId, { ...input, name: "দ্বিতীয়", phone: phone(), idempotencyKey: randomUUID() });
    expect(second).toMatchObject({ ok: false, error: { code: "conflict", reason: "memberCodeTaken" } });
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: worker.id } })).totalMembers).toBe(1);
  });

  it("a member with money on the books is closed, never deleted; one with nothing is deleted and off the worker's count, never below 0", async () => {
    const worker = await addWorker();
    // Lent ৳200 at joining, repaid by the one instalment below: closing pays the savings out.
    const member = await addMember(worker.id, { loanAmount: "200" });
    await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: member.id, installment: "200", savings: "50" }], idempotencyKey: randomUUID() });
    expect(await deleteMemberAction(societyId, { memberId: member.id, idempotencyKey: randomUUID() })).toEqual({ ok: true, data: { removed: "closed", collections: 1, paidOut: 50, setOff: 0 } });
    expect(await prisma.societyCollection.count({ where: { memberId: member.id } })).toBe(1);
    expect((await prisma.societyMember.findUniqueOrThrow({ where: { id: member.id } })).status).toBe("inactive");
    expect(await deleteMemberAction(societyId, { memberId: member.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "conflict", reason: "memberAlreadyClosed" } });
    // The database refuses it too: the member's journal lines hold on to them.
    await expect(prisma.societyMember.delete({ where: { id: member.id } })).rejects.toThrow();

    const idle = await addMember(worker.id, { loanAmount: "" });
    await prisma.societyWorker.update({ where: { id: worker.id }, data: { totalMembers: 0 } });
    expect(await deleteMemberAction(societyId, { memberId: idle.id, idempotencyKey: randomUUID() })).toEqual({ ok: true, data: { removed: "deleted", collections: 0, paidOut: 0, setOff: 0 } });
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: worker.id } })).totalMembers).toBe(0);
    expect(await deleteMemberAction(societyId, { memberId: idle.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "notFound" } });
  });

  it("codes come from the sequence: deleting and adding never reuses one", async () => {
    const worker = await addWorker();
    const first = await addMember(worker.id);
    const second = await addMember(worker.id);
    await deleteMemberAction(societyId, { memberId: second.id, idempotencyKey: randomUUID() });
    const third = await addMember(worker.id);
    expect([first.code, second.code, third.code]).toEqual(["M001", "M002", "M003"]);
  });

  it("20 parallel adds get 20 distinct codes", async () => {
    const worker = await addWorker();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        addMemberAction(societyId, { memberCode: `P-${i}`, name: `সমান্তরাল ${i}`, nid: "3304718265", phone: phone(), workerId: worker.id, installmentAmount: "", savingsAmount: "", loanAmount: "", idempotencyKey: randomUUID() }),
      ),
    );
    const codes = results.map((r) => (r.ok ? r.data.code : JSON.stringify(r.error)));
    expect(new Set(codes).size).toBe(20);
    expect([...codes].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `M${String(i + 1).padStart(3, "0")}`));
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: worker.id } })).totalMembers).toBe(20);
  });

  it("a worker with members cannot be deleted; one with history is deactivated; an unused one is deleted", async () => {
    const busy = await addWorker("ব্যস্ত কর্মী");
    const member = await addMember(busy.id);
    expect(await deleteWorkerAction(societyId, { workerId: busy.id })).toMatchObject({ ok: false, error: { code: "conflict", reason: "workerHasMembers" } });
    await saveCollectionSheetAction(societyId, { workerId: busy.id, date: today, rows: [{ memberId: member.id, installment: "10", savings: "" }], idempotencyKey: randomUUID() });
    // Closing the member keeps them (and their money) with the worker: still refused.
    await deleteMemberAction(societyId, { memberId: member.id, idempotencyKey: randomUUID() });
    expect(await deleteWorkerAction(societyId, { workerId: busy.id })).toMatchObject({ ok: false, error: { code: "conflict", reason: "workerHasMembers" } });

    const paid = await addWorker("বেতনভুক্ত কর্মী");
    await paySalaryAction(societyId, { workerId: paid.id, month: today.slice(0, 7), baseSalary: "500", bonus: "", deductions: "", idempotencyKey: randomUUID() });
    expect(await deleteWorkerAction(societyId, { workerId: paid.id })).toEqual({ ok: true, data: { removed: "deactivated" } });

    const idle = await addWorker("নতুন কর্মী");
    expect(await deleteWorkerAction(societyId, { workerId: idle.id })).toEqual({ ok: true, data: { removed: "deleted" } });
    expect((await prisma.societyWorker.findMany({ where: { societyId, status: "active" } })).map((w) => w.id)).toContain(busy.id);
    expect(await prisma.societyWorker.count({ where: { id: { in: [paid.id, idle.id] }, status: "active" } })).toBe(0);
  });

});

describe("collection sheet", () => {
  it("saves a record per member with an amount, adds the total to the worker, and saving again updates instead of duplicating", async () => {
    const worker = await addWorker();
    const [a, b, c] = [await addMember(worker.id), await addMember(worker.id), await addMember(worker.id)];
    const first = await saveCollectionSheetAction(societyId, {
      idempotencyKey: randomUUID(),
      workerId: worker.id,
      date: today,
      rows: [
        { memberId: a.id, installment: "২০০", savings: "50" },
        { memberId: b.id, installment: "100", savings: "" },
        { memberId: c.id, installment: "", savings: "" },
      ],
    });
    expect(first).toMatchObject({ ok: true, data: { created: 2, updated: 0, removed: 0, total: 350 } });
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: worker.id } })).dailyCollection).toBe(350);
    const rows = await prisma.societyCollection.findMany({ where: { societyId }, orderBy: { code: "asc" } });
    expect(rows.map((r) => [r.code, r.status, r.createdByRole])).toEqual([
      ["C001", "collected", "admin"],
      ["C002", "collected", "admin"],
    ]);

    const again = await saveCollectionSheetAction(societyId, {
      idempotencyKey: randomUUID(),
      workerId: worker.id,
      date: today,
      rows: [
        { memberId: a.id, installment: "200", savings: "50" },
        { memberId: b.id, installment: "", savings: "" },
        { memberId: c.id, installment: "30", savings: "20" },
      ],
    });
    expect(again).toMatchObject({ ok: true, data: { created: 1, updated: 0, removed: 1, total: 300 } });
    expect(await prisma.societyCollection.count({ where: { societyId } })).toBe(2);
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: worker.id } })).dailyCollection).toBe(300);
    expect(await prisma.societyCollectionSheet.count({ where: { societyId } })).toBe(1);

    const loaded = await loadCollectionSheetAction(societyId, { workerId: worker.id, date: today });
    expect(loaded.ok && loaded.data.rows.map((r) => [r.installment, r.savings])).toEqual([
      [200, 50],
      [null, null],
      [30, 20],
    ]);
    const cards = await getCollectionToday(societyId, today);
    expect(cards).toMatchObject({ amount: 300, membersCollected: 2, membersPending: 1 });
  });

  it("a sheet of 200 members that fails on the last row stores nothing", async () => {
    const worker = await addWorker();
    const other = await addWorker("অন্য কর্মী");
    const members = await prisma.$transaction(async (tx) => {
      await tx.societyMember.createMany({
        data: Array.from({ length: 199 }, (_, i) => ({
          societyId,
          code: `M${900 + i}`,
          memberCode: `BULK-${i}`,
          name: `সদস্য ${i}`,
          nid: "3304718265",
          phone: "+8801712300401",
          workerId: worker.id,
          area: "মিরপুর",
          joinDate: new Date(`${today}T00:00:00Z`),
          createdByRole: "admin" as const,
        })),
      });
      return tx.societyMember.findMany({ where: { workerId: worker.id }, select: { id: true } });
    });
    const outsider = await addMember(other.id);
    const rows = [...members.map((m) => ({ memberId: m.id, installment: "100", savings: "10" })), { memberId: outsider.id, installment: "100", savings: "10" }];
    expect(rows).toHaveLength(200);
    const result = await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows, idempotencyKey: randomUUID() });
    expect(result).toMatchObject({ ok: false, error: { code: "validation", reason: "sheetMemberNotOfWorker" } });

    const invalidLast = [...rows.slice(0, 199), { memberId: outsider.id, installment: "১০x", savings: "" }];
    expect(await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: invalidLast, idempotencyKey: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { "rows.199.installment": "invalidAmount" } },
    });

    expect(await prisma.societyCollection.count({ where: { societyId } })).toBe(0);
    expect(await prisma.societyCollectionSheet.count({ where: { societyId } })).toBe(0);
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: worker.id } })).dailyCollection).toBe(0);
    expect((await prisma.societySequence.findUnique({ where: { societyId_kind: { societyId, kind: "collection" } } }))?.lastNumber ?? 0).toBe(0);
  });

  it("two simultaneous saves of one worker and day leave one sheet with one row per member", async () => {
    const worker = await addWorker();
    const member = await addMember(worker.id);
    const results = await Promise.all(
      ["100", "120"].map((installment) => saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: member.id, installment, savings: "" }], idempotencyKey: randomUUID() })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await prisma.societyCollection.findMany({ where: { memberId: member.id } });
    expect(rows).toHaveLength(1);
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: worker.id } })).dailyCollection).toBe(rows[0]!.installmentCollected);
  });

  it("refuses a date in the future", async () => {
    const worker = await addWorker();
    const result = await saveCollectionSheetAction(societyId, { workerId: worker.id, date: "2999-01-01", rows: [], idempotencyKey: randomUUID() });
    expect(result).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { date: "invalidDate" } } });
  });
});

describe("income, expenses and salaries", () => {
  it("income/expense needs a category, a non-zero amount and a date", async () => {
    const refused = await addIncomeExpenseAction(societyId, { type: "income", category: "", amount: "0", date: "", idempotencyKey: randomUUID() });
    expect(refused).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { category: "required", amount: "invalidAmount", date: "required" } } });
    const saved = await addIncomeExpenseAction(societyId, { type: "income", category: "ভর্তি ফি", amount: "১,২০০", date: today, idempotencyKey: randomUUID() });
    expect(saved).toMatchObject({ ok: true, data: { code: "IE001" } });
  });

  it("paying a salary books the 'বেতন' expense today in the same transaction, once per worker and month", async () => {
    const worker = await addWorker();
    const month = today.slice(0, 7);
    const paid = await paySalaryAction(societyId, { workerId: worker.id, month, baseSalary: "8000", bonus: "500", deductions: "200", idempotencyKey: randomUUID() });
    expect(paid).toMatchObject({ ok: true, data: { code: "WS001", totalSalary: 8300 } });
    const expense = await prisma.incomeExpense.findFirstOrThrow({ where: { societyId, type: "expense" } });
    expect(expense).toMatchObject({ category: "বেতন", amount: 8300, code: "IE001" });
    expect(expense.date.toISOString().slice(0, 10)).toBe(today);
    const salary = await prisma.workerSalary.findFirstOrThrow({ where: { societyId } });
    expect(salary).toMatchObject({ status: "paid", baseSalary: 8000, bonus: 500, deductions: 200, totalSalary: 8300, month, year: Number(month.slice(0, 4)) });

    const twice = await Promise.all([1, 2].map(() => paySalaryAction(societyId, { workerId: worker.id, month, baseSalary: "8000", bonus: "", deductions: "", idempotencyKey: randomUUID() })));
    expect(twice.map((r) => (r.ok ? "paid" : r.error.reason))).toEqual(["salaryAlreadyPaid", "salaryAlreadyPaid"]);
    expect(await prisma.workerSalary.count({ where: { societyId } })).toBe(1);
    expect(await prisma.incomeExpense.count({ where: { societyId } })).toBe(1);
  });

  it("a salary needs an existing worker of this society, a month and a non-zero base", async () => {
    const elsewhere = await createTestSociety();
    const foreignWorker = await prisma.societyWorker.create({ data: { societyId: elsewhere.id, code: "W001", name: "বাইরের", area: "x", phone: "+8801711111111", createdByRole: "admin" } });
    const result = await paySalaryAction(societyId, { workerId: foreignWorker.id, month: "2026-11", baseSalary: "8000", bonus: "", deductions: "", idempotencyKey: randomUUID() });
    expect(result).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { workerId: "required" } } });
    const bad = await paySalaryAction(societyId, { workerId: foreignWorker.id, month: "2026-13", baseSalary: "0", bonus: "", deductions: "", idempotencyKey: randomUUID() });
    expect(bad).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { month: "invalidMonth", baseSalary: "invalidAmount" } } });
    expect(await prisma.workerSalary.count({ where: { societyId } })).toBe(0);
  });
});

describe("dashboard, profile, search and settings", () => {
  it("the dashboard adds up the month's entries", async () => {
    const worker = await addWorker();
    const a = await addMember(worker.id);
    const b = await addMember(worker.id);
    await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: a.id, installment: "200", savings: "50" }, { memberId: b.id, installment: "150", savings: "30" }], idempotencyKey: randomUUID() });
    await addIncomeExpenseAction(societyId, { type: "income", category: "ভর্তি ফি", amount: "1000", date: today, idempotencyKey: randomUUID() });
    await addIncomeExpenseAction(societyId, { type: "expense", category: "ভাড়া", amount: "400", date: today, idempotencyKey: randomUUID() });
    await paySalaryAction(societyId, { workerId: worker.id, month: today.slice(0, 7), baseSalary: "500", bonus: "", deductions: "", idempotencyKey: randomUUID() });
    const d = await getSocietyDashboard(societyId, today);
    expect(d).toMatchObject({ members: 2, workers: 1, monthInstallments: 350, monthSavings: 80, monthIncome: 1000, monthExpense: 900, netIncome: 100, salaryPaidTotal: 500, salaryPaidThisMonth: 500 });
    expect(d.recent.map((r) => r.installment + r.savings).sort()).toEqual([180, 250]);
  });

  it("member profile: month statistics, missed days, monthly target and a day's search", async () => {
    const worker = await addWorker();
    const member = await addMember(worker.id, { installmentAmount: "200", savingsAmount: "50" });
    await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: member.id, installment: "200", savings: "50" }], idempotencyKey: randomUUID() });
    const profile = await loadMemberProfileAction(societyId, { memberId: member.id, date: today });
    if (!profile.ok) throw new Error("profile");
    // Joined today and paid today: nothing missed (the walk's member who joined that day showed 27 missed days).
    expect(profile.data.month).toMatchObject({ installment: 200, savings: 50, collectedDays: 1, missedDays: 0, target: 7500 });
    expect(profile.data.onDate).toHaveLength(1);
    expect(profile.data.recent).toHaveLength(1);
    // A member since an earlier month was due every day of this one so far.
    await prisma.societyMember.update({ where: { id: member.id }, data: { joinDate: new Date("2025-01-05T00:00:00Z") } });
    const day = Number(today.slice(8, 10));
    const older = await loadMemberProfileAction(societyId, { memberId: member.id, date: today });
    expect(older.ok && older.data.month).toMatchObject({ collectedDays: 1, missedDays: day - 1 });
  });

  it("member search matches name or member code, case-insensitive, Bengali included, paginated", async () => {
    const worker = await addWorker();
    await addMemberAction(societyId, { memberCode: "ab-77", name: "Rahima Khatun", nid: "3304718265", phone: phone(), workerId: worker.id, installmentAmount: "", savingsAmount: "", loanAmount: "", idempotencyKey: randomUUID() });
    await addMemberAction(societyId, { memberCode: "X-1", name: "রহিমা খাতুন", nid: "3304718265", phone: phone(), workerId: worker.id, installmentAmount: "", savingsAmount: "", loanAmount: "", idempotencyKey: randomUUID() });
    expect((await listMembers(societyId, "RAHIMA", 1)).rows.map((r) => r.name)).toEqual(["Rahima Khatun"]);
    expect((await listMembers(societyId, "AB-7", 1)).rows.map((r) => r.memberCode)).toEqual(["ab-77"]);
    expect((await listMembers(societyId, "রহিমা", 1)).rows.map((r) => r.memberCode)).toEqual(["X-1"]);
    for (let i = 0; i < 21; i++) await addMember(worker.id);
    const page2 = await listMembers(societyId, "", 2);
    expect(page2).toMatchObject({ total: 23, page: 2 });
    expect(page2.rows).toHaveLength(3);
  });

  it("without prototype mode no password raises anyone to society admin", async () => {
    expect(await enterSocietyAdminAction(societyId, { password: "anything" })).toEqual({ ok: false, error: { code: "forbidden", reason: "societyWrongPassword" } });
  });

  it("settings are saved for real and audited with before and after", async () => {
    const result = await updateSocietySettingsAction(societyId, { name: "নতুন নাম সমিতি", registrationNumber: "REG-1", address: "ঢাকা" });
    expect(result.ok).toBe(true);
    expect(await prisma.society.findUniqueOrThrow({ where: { id: societyId } })).toMatchObject({ name: "নতুন নাম সমিতি", registrationNumber: "REG-1", address: "ঢাকা" });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "society.settings.update", entityId: societyId } });
    expect(audit.after).toMatchObject({ name: "নতুন নাম সমিতি" });
  });
});
