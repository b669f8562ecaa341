/**
 * A society's ledgers, reversals and chart of accounts (issue 28) on PostgreSQL: an income or expense entered by mistake
 * is reversed by an entry pointing at it (once, whoever tries at the same time), never erased; each account's ledger
 * carries its running balance from the opening to the closing balance, page after page; admins name accounts and add
 * categories that postings then use.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
import { dhakaToday } from "@/lib/format";
import { prisma } from "@/lib/db";
import { addAccountAction, addIncomeExpenseAction, addWorkerAction, labelAccountAction, paySalaryAction, reverseIncomeExpenseAction } from "@/lib/society/actions";
import { accountLedger, accountTotals, LEDGER_PAGE_SIZE, trialBalance } from "@/lib/society/books/queries";
import { getSocietyDashboard } from "@/lib/society/queries";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety } from "../support/society";
import { randomUUID } from "node:crypto";

let adminId: string;
const today = dhakaToday();
const monthStart = `${today.slice(0, 7)}-01`;
let counter = 0;

beforeAll(async () => {
  adminId = (await createStaff("society_manager")).id;
  await signInAs(adminId);
});

function must<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
}

async function newSociety() {
  const { id } = await createTestSociety();
  await grantSociety(id, adminId, "admin");
  return id;
}

const income = (societyId: string, amount: number, category = "অনুদান") => addIncomeExpenseAction(societyId, { type: "income", category, amount: String(amount), description: "", date: today, idempotencyKey: randomUUID() });

async function code(societyId: string, kind: string, name: string | null = null) {
  return (await prisma.societyAccount.findFirstOrThrow({ where: { societyId, kind: kind as "cash_in_hand", name } })).code;
}

describe("reversing an income or expense", () => {
  it("posts a reversal pointing at its entry: the books net to nothing, the original stays, the month's totals leave it out", async () => {
    const societyId = await newSociety();
    const kept = must(await income(societyId, 700));
    const wrong = must(await income(societyId, 5_000));
    expect((await getSocietyDashboard(societyId)).monthIncome).toBe(5_700);
    expect(await reverseIncomeExpenseAction(societyId, { incomeExpenseId: wrong.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    const entries = await prisma.societyJournalEntry.findMany({ where: { societyId, sourceId: wrong.id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => e.kind)).toEqual(["income", "reversal"]);
    expect(entries[1]!.reversesId).toBe(entries[0]!.id);
    const cash = (await accountTotals(societyId, { from: null, to: today })).find((a) => a.kind === "cash_in_hand");
    expect(cash?.total).toBe(700);
    const trial = await trialBalance(societyId, today);
    expect(trial.debit).toBe(trial.credit);
    expect(await prisma.incomeExpense.count({ where: { societyId } })).toBe(2);
    expect((await prisma.incomeExpense.findUniqueOrThrow({ where: { id: wrong.id } })).reversedById).toBe(adminId);
    expect((await getSocietyDashboard(societyId)).monthIncome).toBe(700);
    expect(await prisma.auditLog.count({ where: { action: "society.income_expense.reverse", entityId: wrong.id, actorId: adminId } })).toBe(1);
    expect((await prisma.incomeExpense.findUniqueOrThrow({ where: { id: kept.id } })).reversedAt).toBeNull();
  });

  it("happens once: a second try and concurrent tries are refused; a salary is not reversed here; a reversal is never reversed", async () => {
    const societyId = await newSociety();
    const entry = must(await income(societyId, 900));
    const both = await Promise.all([reverseIncomeExpenseAction(societyId, { incomeExpenseId: entry.id, idempotencyKey: randomUUID() }), reverseIncomeExpenseAction(societyId, { incomeExpenseId: entry.id, idempotencyKey: randomUUID() })]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ error: { code: "conflict", reason: "alreadyReversed" } });
    expect(await prisma.societyJournalEntry.count({ where: { societyId, kind: "reversal" } })).toBe(1);
    const worker = must(await addWorkerAction(societyId, { name: `মাঠকর্মী ${++counter}`, area: "মিরপুর", phone: `0171${String(4_000_000 + counter).slice(-7)}` }));
    must(await paySalaryAction(societyId, { workerId: worker.id, month: "2025-01", baseSalary: "8000", bonus: "", deductions: "", idempotencyKey: randomUUID() }));
    const salary = await prisma.incomeExpense.findFirstOrThrow({ where: { societyId, workerSalaryId: { not: null } } });
    expect(await reverseIncomeExpenseAction(societyId, { incomeExpenseId: salary.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "conflict", reason: "salaryNotReversed" } });
    const reversal = await prisma.societyJournalEntry.findFirstOrThrow({ where: { societyId, kind: "reversal" } });
    await expect(prisma.$queryRaw`SELECT "society_reverse"(${reversal.id}, ${today}::date, NULL)`).rejects.toThrow(/not reversed/);
    const other = await newSociety();
    expect(await reverseIncomeExpenseAction(other, { incomeExpenseId: entry.id, idempotencyKey: randomUUID() })).toEqual({ ok: false, error: { code: "notFound" } });
  });
});

describe("an account's ledger", () => {
  it("runs from the opening balance to the closing balance, page after page, and marks what was reversed", async () => {
    const societyId = await newSociety();
    const amounts = Array.from({ length: LEDGER_PAGE_SIZE + 30 }, (_, i) => 100 + i);
    for (const amount of amounts) must(await income(societyId, amount));
    const first = await prisma.incomeExpense.findFirstOrThrow({ where: { societyId, amount: 100 } });
    must(await reverseIncomeExpenseAction(societyId, { incomeExpenseId: first.id, idempotencyKey: randomUUID() }));
    const cash = await code(societyId, "cash_in_hand");
    const page0 = (await accountLedger(societyId, cash, { from: monthStart, to: today }, 0))!;
    const page1 = (await accountLedger(societyId, cash, { from: monthStart, to: today }, 1))!;
    expect(page0.total).toBe(amounts.length + 1);
    expect(page0.lines).toHaveLength(LEDGER_PAGE_SIZE);
    expect(page1.lines).toHaveLength(amounts.length + 1 - LEDGER_PAGE_SIZE);
    const lines = [...page0.lines, ...page1.lines];
    let running = page0.opening;
    for (const line of lines) {
      running += line.amount;
      expect(line.balance).toBe(running);
    }
    const total = amounts.reduce((s, a) => s + a, 0) - 100;
    expect(page0.closing).toBe(page0.opening + total);
    expect(running).toBe(page1.closing);
    expect(lines[0]).toMatchObject({ kind: "income", amount: 100, reversed: true, reversible: false, category: "অনুদান" });
    expect(lines[1]).toMatchObject({ kind: "income", reversed: false, reversible: true, incomeExpenseId: expect.any(String) });
    expect(lines.at(-1)).toMatchObject({ kind: "reversal", amount: -100, reversible: false });
    // The next day's ledger opens where this one closed.
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await accountLedger(societyId, cash, { from: tomorrow, to: tomorrow }))!.opening).toBe(page0.closing);
    expect(await accountLedger(societyId, "9999", { from: monthStart, to: today })).toBeNull();
  });
});

describe("the chart of accounts", () => {
  it("admins name an account and add a category; an income entered under it posts there; a duplicate is refused", async () => {
    const societyId = await newSociety();
    expect(await addAccountAction(societyId, { kind: "income_category", name: "ভর্তি ফি" })).toMatchObject({ ok: true, data: { code: "4101" } });
    expect(await addAccountAction(societyId, { kind: "income_category", name: "ভর্তি ফি" })).toMatchObject({ ok: false, error: { code: "conflict", reason: "accountExists" } });
    must(await income(societyId, 300, "ভর্তি ফি"));
    const totals = await accountTotals(societyId, { from: null, to: today });
    expect(totals.find((a) => a.code === "4101")).toMatchObject({ kind: "income_category", name: "ভর্তি ফি", total: -300 });
    const cash = await code(societyId, "cash_in_hand");
    expect(await labelAccountAction(societyId, { code: cash, label: "অফিসের ক্যাশ" })).toEqual({ ok: true, data: { code: cash, label: "অফিসের ক্যাশ" } });
    expect((await accountTotals(societyId, { from: null, to: today })).find((a) => a.code === cash)).toMatchObject({ label: "অফিসের ক্যাশ", total: 300 });
    expect(await labelAccountAction(societyId, { code: cash, label: " " })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { label: "required" } } });
    expect(await labelAccountAction(societyId, { code: "9999", label: "x" })).toEqual({ ok: false, error: { code: "notFound" } });
    expect(await prisma.auditLog.count({ where: { action: { in: ["society.account.create", "society.account.label"] }, actorId: adminId, after: { path: ["societyId"], equals: societyId } } })).toBe(2);
  });
});
