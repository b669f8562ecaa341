/**
 * A society's books on PostgreSQL (issue 28, first part): every record that moves money posts a balanced entry in its
 * own transaction; any sequence of collections (and their corrections), member loans, incomes, expenses and salaries
 * leaves the trial balance balanced and every member's balances equal to their records; the database refuses an
 * unbalanced entry, an edit or deletion of a posted one, and an entry inside a closed period; the posting of existing
 * records (the migration's, a restore's) gives the same balances.
 */
import fc from "fast-check";
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
import { dhakaToday } from "@/lib/format";
import { prisma } from "@/lib/db";
import {
  addIncomeExpenseAction,
  addMemberAction,
  addWorkerAction,
  approveWithdrawalAction,
  closeBooksAction,
  deleteMemberAction,
  giveMemberLoanAction,
  paySalaryAction,
  rejectWithdrawalAction,
  requestWithdrawalAction,
  reverseIncomeExpenseAction,
  saveCollectionSheetAction,
  updateWithdrawalRulesAction,
} from "@/lib/society/actions";
import { memberBalances, trialBalance } from "@/lib/society/books/queries";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety, seedSocietyRecords } from "../support/society";
import { randomUUID } from "node:crypto";

let adminId: string;
const today = dhakaToday();
const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
let counter = 0;
const phone = () => `0171${String(2_000_000 + ++counter).slice(-7)}`;

beforeAll(async () => {
  adminId = (await createStaff("society_manager")).id;
  await signInAs(adminId);
});

async function newSociety() {
  const { id } = await createTestSociety();
  await grantSociety(id, adminId, "admin");
  return id;
}

function must<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
}

async function addWorker(societyId: string) {
  return must(await addWorkerAction(societyId, { name: `মাঠকর্মী ${++counter}`, area: "মিরপুর", phone: phone() }));
}

async function addMember(societyId: string, workerId: string, loanAmount = "") {
  return must(
    await addMemberAction(societyId, { memberCode: `B-${++counter}`, name: `সদস্য ${counter}`, nid: "3304718265", phone: phone(), workerId, installmentAmount: "100", savingsAmount: "20", loanAmount, idempotencyKey: randomUUID() }),
  );
}

/**
 * What the records say each member should have: savings collected less withdrawals paid, and the loans (at joining, and
 * with a plan: principal and charge) less instalments collected.
 */
async function balancesFromRecords(societyId: string) {
  const members = await prisma.societyMember.findMany({ where: { societyId }, select: { id: true, loanAmount: true } });
  const sums = await prisma.societyCollection.groupBy({ by: ["memberId"], where: { societyId, status: "collected" }, _sum: { installmentCollected: true, savingsCollected: true } });
  const paidOut = await prisma.societyWithdrawal.groupBy({ by: ["memberId"], where: { societyId, status: "paid" }, _sum: { amount: true } });
  const plans = await prisma.societyMemberLoan.groupBy({ by: ["memberId"], where: { societyId }, _sum: { principal: true, serviceCharge: true } });
  const byMember = new Map(sums.map((s) => [s.memberId, s._sum]));
  const withdrawn = new Map(paidOut.map((w) => [w.memberId, w._sum.amount ?? 0]));
  const planned = new Map(plans.map((p) => [p.memberId, (p._sum.principal ?? 0) + (p._sum.serviceCharge ?? 0)]));
  return new Map(
    members.map((m) => [
      m.id,
      {
        savings: (byMember.get(m.id)?.savingsCollected ?? 0) - (withdrawn.get(m.id) ?? 0),
        loanOutstanding: (m.loanAmount ?? 0) + (planned.get(m.id) ?? 0) - (byMember.get(m.id)?.installmentCollected ?? 0),
      },
    ]),
  );
}

async function expectTrialBalanced(societyId: string) {
  const trial = await trialBalance(societyId, today);
  expect(trial.debit).toBe(trial.credit);
  expect(trial.debit).toBeGreaterThan(0);
}

async function expectBooksMatchRecords(societyId: string) {
  const trial = await trialBalance(societyId, today);
  expect(trial.debit).toBe(trial.credit);
  // The accounts' days the database keeps add up to the lines themselves.
  const lines = await prisma.$queryRaw<{ code: string; total: bigint }[]>`
    SELECT a."code", sum(l."amount") AS "total" FROM "SocietyJournalLine" l JOIN "SocietyAccount" a ON a."id" = l."accountId"
    WHERE l."societyId" = ${societyId} GROUP BY a."code"`;
  for (const row of trial.rows) expect(row.debit - row.credit, row.code).toBe(Number(lines.find((l) => l.code === row.code)?.total ?? 0));
  const expected = await balancesFromRecords(societyId);
  const actual = await memberBalances(societyId, [...expected.keys()]);
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  // Cash in hand is what came in (incomes not reversed) less what went out (expenses and salaries not reversed, loans,
  // withdrawals); workers hold the collections; service charge income is the plans' charges.
  const incomes = await prisma.incomeExpense.aggregate({ where: { societyId, type: "income", reversedAt: null }, _sum: { amount: true } });
  const expenses = await prisma.incomeExpense.aggregate({ where: { societyId, type: "expense", reversedAt: null }, _sum: { amount: true } });
  const loans = await prisma.societyMember.aggregate({ where: { societyId }, _sum: { loanAmount: true } });
  const plans = await prisma.societyMemberLoan.aggregate({ where: { societyId }, _sum: { principal: true, serviceCharge: true } });
  const withdrawals = await prisma.societyWithdrawal.aggregate({ where: { societyId, status: "paid" }, _sum: { amount: true } });
  const cash = trial.rows.find((r) => r.kind === "cash_in_hand");
  expect((cash?.debit ?? 0) - (cash?.credit ?? 0)).toBe(
    (incomes._sum.amount ?? 0) - (expenses._sum.amount ?? 0) - (loans._sum.loanAmount ?? 0) - (plans._sum.principal ?? 0) - (withdrawals._sum.amount ?? 0),
  );
  const charges = trial.rows.find((r) => r.kind === "service_charge_income");
  expect((charges?.credit ?? 0) - (charges?.debit ?? 0)).toBe(plans._sum.serviceCharge ?? 0);
  const collected = await prisma.societyCollection.aggregate({ where: { societyId, status: "collected" }, _sum: { installmentCollected: true, savingsCollected: true } });
  const workerCash = trial.rows.find((r) => r.kind === "worker_cash");
  expect((workerCash?.debit ?? 0) - (workerCash?.credit ?? 0)).toBe((collected._sum.installmentCollected ?? 0) + (collected._sum.savingsCollected ?? 0));
}

type Step =
  | { kind: "sheet"; amounts: [number, number][]; day: 0 | 1 }
  | { kind: "income" | "expense"; amount: number; category: "ভাড়া" | "অনুদান" | "বিদ্যুৎ" }
  | { kind: "salary"; amount: number }
  | { kind: "loanMember"; amount: number }
  | { kind: "withdraw"; member: number; amount: number }
  | { kind: "planLoan"; member: number; principal: number; ratePercent: number; method: "flat" | "declining"; frequency: "daily" | "weekly" | "monthly"; count: number }
  | { kind: "reverse" };

const amount = fc.integer({ min: 0, max: 5_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("sheet" as const), amounts: fc.array(fc.tuple(amount, amount), { minLength: 3, maxLength: 3 }), day: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ kind: fc.constantFrom("income" as const, "expense" as const), amount: fc.integer({ min: 1, max: 50_000 }), category: fc.constantFrom("ভাড়া" as const, "অনুদান" as const, "বিদ্যুৎ" as const) }),
  fc.record({ kind: fc.constant("salary" as const), amount: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant("loanMember" as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({ kind: fc.constant("withdraw" as const), member: fc.integer({ min: 0, max: 2 }), amount: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({
    kind: fc.constant("planLoan" as const),
    member: fc.integer({ min: 0, max: 2 }),
    principal: fc.integer({ min: 1, max: 50_000 }),
    ratePercent: fc.integer({ min: 0, max: 30 }),
    method: fc.constantFrom("flat" as const, "declining" as const),
    frequency: fc.constantFrom("daily" as const, "weekly" as const, "monthly" as const),
    count: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({ kind: fc.constant("reverse" as const) }),
);

describe("the society's books", () => {
  it("stay balanced and equal to the records after any sequence of money moving (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const societyId = await newSociety();
        const worker = await addWorker(societyId);
        // Lent at joining, more and less than a few instalments: a sheet's instalments are taken up to what is owed.
        const members = [await addMember(societyId, worker.id, "30000"), await addMember(societyId, worker.id, "3000"), await addMember(societyId, worker.id, "10000")];
        let salaryMonth = 1;
        for (const s of steps) {
          if (s.kind === "sheet") {
            // Saving a day again corrects it: the books move by the difference.
            const date = s.day === 0 ? today : yesterday;
            const rows = members.map((m, i) => ({ memberId: m.id, installment: String(s.amounts[i % 3]![0]), savings: String(s.amounts[i % 3]![1]) }));
            // Refused, and only then, when lowering a day's savings would take back what a member has withdrawn since.
            const balances = await balancesFromRecords(societyId);
            const before = await prisma.societyCollection.findMany({ where: { societyId, date: new Date(`${date}T00:00:00Z`), status: "collected" } });
            const takesBackWithdrawn = rows.some((row) => {
              const old = before.filter((c) => c.memberId === row.memberId).reduce((sum, c) => sum + c.savingsCollected, 0);
              return balances.get(row.memberId)!.savings - old + Number(row.savings) < 0;
            });
            // Refused first when raising a member's instalment would repay more than her loan still owes.
            const beyondLoan = rows.some((row) => {
              const old = before.filter((c) => c.memberId === row.memberId).reduce((sum, c) => sum + c.installmentCollected, 0);
              const raise = Number(row.installment) - old;
              return raise > 0 && raise > Math.max(0, balances.get(row.memberId)!.loanOutstanding);
            });
            const result = await saveCollectionSheetAction(societyId, { workerId: worker.id, date, rows, idempotencyKey: randomUUID() });
            if (beyondLoan) expect(result).toMatchObject({ ok: false, error: { code: "validation", reason: "instalmentBeyondLoan" } });
            else if (takesBackWithdrawn) expect(result).toMatchObject({ ok: false, error: { code: "conflict", reason: "savingsAlreadyWithdrawn" } });
            else must(result);
          } else if (s.kind === "income" || s.kind === "expense") {
            must(await addIncomeExpenseAction(societyId, { type: s.kind, category: s.category, amount: String(s.amount), description: "", date: today, idempotencyKey: randomUUID() }));
          } else if (s.kind === "salary") {
            // One salary per worker and month: each step pays another month.
            const month = `2025-${String(salaryMonth++).padStart(2, "0")}`;
            if (salaryMonth <= 13) must(await paySalaryAction(societyId, { workerId: worker.id, month, baseSalary: String(s.amount), bonus: "", deductions: "", idempotencyKey: randomUUID() }));
          } else if (s.kind === "loanMember") {
            members.push(await addMember(societyId, worker.id, String(s.amount)));
          } else if (s.kind === "withdraw") {
            // Paid, or refused for the balance (never a partial effect either way).
            const result = await requestWithdrawalAction(societyId, { memberId: members[s.member]!.id, amount: String(s.amount), idempotencyKey: randomUUID() });
            if (!result.ok) expect(result.error).toMatchObject({ code: "conflict", reason: "insufficientSavings" });
          } else if (s.kind === "planLoan") {
            const result = await giveMemberLoanAction(societyId, { memberId: members[s.member]!.id, principal: String(s.principal), ratePercent: String(s.ratePercent), method: s.method, frequency: s.frequency, instalmentCount: String(s.count), firstDueDate: today, idempotencyKey: randomUUID() });
            if (!result.ok) expect(result.error).toMatchObject({ code: "conflict", reason: "memberLoanOutstanding" });
          } else {
            const last = await prisma.incomeExpense.findFirst({ where: { societyId, reversedAt: null, workerSalaryId: null }, orderBy: { createdAt: "desc" } });
            if (last) must(await reverseIncomeExpenseAction(societyId, { incomeExpenseId: last.id, idempotencyKey: randomUUID() }));
          }
        }
        await expectBooksMatchRecords(societyId);
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it("post the records of a society that has no journal yet (the migration, a restore) to the same balances", async () => {
    const societyId = await newSociety();
    await seedSocietyRecords(societyId, [yesterday, today]);
    await prisma.societyMember.updateMany({ where: { societyId, code: "M002" }, data: { loanAmount: 5_000 } });
    await prisma.incomeExpense.create({ data: { societyId, code: "IE900", type: "income", category: "অনুদান", amount: 20_000, date: new Date(`${today}T00:00:00Z`), createdByRole: "admin" } });
    expect(await prisma.societyJournalEntry.count({ where: { societyId } })).toBe(0);
    const [reposted] = await prisma.$queryRaw<{ posted: number }[]>`SELECT "society_books_repost"(${societyId}) AS "posted"`;
    // Six collections, one member's loan, one income: one entry each.
    expect(reposted!.posted).toBe(8);
    expect(await prisma.societyJournalEntry.count({ where: { societyId } })).toBe(8);
    await expectBooksMatchRecords(societyId);
  });

  it("refuse an unbalanced entry, and any edit or deletion of a posted one, in the database", async () => {
    const societyId = await newSociety();
    const worker = await addWorker(societyId);
    const member = await addMember(societyId, worker.id, "1000");
    must(await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: member.id, installment: "100", savings: "20" }], idempotencyKey: randomUUID() }));
    const line = await prisma.societyJournalLine.findFirstOrThrow({ where: { societyId, entry: { kind: "collection" } } });
    const unbalanced = prisma.$executeRaw`SELECT "society_post"(${societyId}, ${today}::date, 'income', NULL, NULL,
      '[{"kind": "cash_in_hand", "amount": 100}, {"kind": "reserve", "amount": -90}]'::jsonb)`;
    await expect(unbalanced).rejects.toThrow(/not balanced/);
    await expect(prisma.$executeRaw`UPDATE "SocietyJournalLine" SET "amount" = "amount" + 1 WHERE "id" = ${line.id}`).rejects.toThrow(/never edited or deleted/);
    await expect(prisma.$executeRaw`DELETE FROM "SocietyJournalLine" WHERE "id" = ${line.id}`).rejects.toThrow(/never edited or deleted/);
    await expect(prisma.$executeRaw`DELETE FROM "SocietyJournalEntry" WHERE "id" = ${line.entryId}`).rejects.toThrow(/never edited or deleted/);
    await expect(prisma.$executeRaw`TRUNCATE "SocietyJournalLine" CASCADE`).rejects.toThrow(/never deleted/);
    // A line added to a posted entry later, even a balanced pair, is an edit too.
    const account = line.accountId;
    await expect(prisma.$executeRaw`
      INSERT INTO "SocietyJournalLine" ("id", "entryId", "societyId", "accountId", "amount", "date")
      VALUES ('x1', ${line.entryId}, ${societyId}, ${account}, 5, ${today}::date), ('x2', ${line.entryId}, ${societyId}, ${account}, -5, ${today}::date)`).rejects.toThrow(/not balanced/);
    // The loan at joining (two lines) and the collection (three): nothing added.
    expect(await prisma.societyJournalLine.count({ where: { societyId } })).toBe(5);
  });

  it("refuse an instalment beyond what the member owes on the sheet, naming her, changing nothing (the walk's −৳100 loan)", async () => {
    const societyId = await newSociety();
    const worker = await addWorker(societyId);
    const noLoan = await addMember(societyId, worker.id);
    const lent = await addMember(societyId, worker.id, "500");
    const entries = () => prisma.societyJournalEntry.count({ where: { societyId } });
    const before = await entries();
    const refused = await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: lent.id, installment: "200", savings: "" }, { memberId: noLoan.id, installment: "100", savings: "" }], idempotencyKey: randomUUID() });
    expect(refused).toMatchObject({ ok: false, error: { code: "validation", reason: "instalmentBeyondLoan", details: { owed: 0 }, fieldErrors: { "rows.1.installment": "instalmentBeyondLoan" } } });
    expect(await entries()).toBe(before);
    expect(await prisma.societyCollection.count({ where: { societyId } })).toBe(0);
    // The same money as savings is taken; the lent member repays up to what she owes, not beyond; lowering is taken.
    must(await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: lent.id, installment: "500", savings: "" }, { memberId: noLoan.id, installment: "", savings: "100" }], idempotencyKey: randomUUID() }));
    expect(await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: lent.id, installment: "501", savings: "" }, { memberId: noLoan.id, installment: "", savings: "100" }], idempotencyKey: randomUUID() })).toMatchObject({
      ok: false,
      error: { reason: "instalmentBeyondLoan", details: { owed: 0 } },
    });
    must(await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: lent.id, installment: "300", savings: "" }, { memberId: noLoan.id, installment: "", savings: "100" }], idempotencyKey: randomUUID() }));
    const balances = await memberBalances(societyId, [noLoan.id, lent.id]);
    expect(balances.get(noLoan.id)).toEqual({ savings: 100, loanOutstanding: 0 });
    expect(balances.get(lent.id)).toEqual({ savings: 0, loanOutstanding: 200 });
  });

  it("refuse a line of another society's member or account", async () => {
    const [one, two] = [await newSociety(), await newSociety()];
    const foreignMember = await addMember(two, (await addWorker(two)).id);
    const post = prisma.$executeRaw`SELECT "society_post"(${one}, ${today}::date, 'collection', NULL, NULL,
      jsonb_build_array(jsonb_build_object('kind', 'cash_in_hand', 'amount', 50), jsonb_build_object('kind', 'member_savings', 'member', ${foreignMember.id}::text, 'amount', -50)))`;
    await expect(post).rejects.toThrow(/does not belong/);
  });

  it("refuse an entry dated inside a closed period, with the form's message, and never reopen one", async () => {
    const societyId = await newSociety();
    expect(await closeBooksAction(societyId, { through: yesterday })).toEqual({ ok: true, data: { through: yesterday } });
    const late = await addIncomeExpenseAction(societyId, { type: "income", category: "অনুদান", amount: "500", description: "", date: yesterday, idempotencyKey: randomUUID() });
    expect(late).toMatchObject({ ok: false, error: { code: "conflict", reason: "periodClosed" } });
    expect(await prisma.incomeExpense.count({ where: { societyId } })).toBe(0);
    must(await addIncomeExpenseAction(societyId, { type: "income", category: "অনুদান", amount: "500", description: "", date: today, idempotencyKey: randomUUID() }));
    expect(await closeBooksAction(societyId, { through: yesterday })).toMatchObject({ ok: false, error: { code: "conflict", reason: "alreadyClosed" } });
    await expect(prisma.society.update({ where: { id: societyId }, data: { booksClosedThrough: null } })).rejects.toThrow(/never opened again/);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "society.books.close", entityId: societyId } });
    expect(audit.actorId).toBe(adminId);
  });

  it("pay a withdrawal up to the limit at once, never below the minimum, and 20 at once never overdraw", async () => {
    const societyId = await newSociety();
    await prisma.society.update({ where: { id: societyId }, data: { minimumSavingsBalance: 100, withdrawalApprovalLimit: 5_000 } });
    const worker = await addWorker(societyId);
    const member = await addMember(societyId, worker.id);
    must(await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: member.id, installment: "", savings: "2100" }], idempotencyKey: randomUUID() }));
    // 2,100 saved, 100 kept: 2,000 can go, in 20 requests of 150 at once only 13 fit.
    const results = await Promise.all(Array.from({ length: 20 }, () => requestWithdrawalAction(societyId, { memberId: member.id, amount: "১৫০", idempotencyKey: randomUUID() })));
    const paid = results.filter((r) => r.ok);
    expect(paid).toHaveLength(13);
    for (const r of results.filter((x) => !x.ok)) expect(r).toMatchObject({ ok: false, error: { code: "conflict", reason: "insufficientSavings", details: { available: 50, minimum: 100 } } });
    expect((await memberBalances(societyId, [member.id])).get(member.id)!.savings).toBe(2_100 - 13 * 150);
    expect(await prisma.societyWithdrawal.count({ where: { memberId: member.id, status: "paid", entryId: { not: null } } })).toBe(13);
    await expectTrialBalanced(societyId);
  }, 60_000);

  it("above the limit, a withdrawal waits for a second person who is not the one who asked", async () => {
    const societyId = await newSociety();
    // The admin sets the rules through the Books tab's form (a society user may not).
    expect(await updateWithdrawalRulesAction(societyId, { minimumSavingsBalance: "০", withdrawalApprovalLimit: "১,০০০" })).toEqual({ ok: true, data: { minimumSavingsBalance: 0, withdrawalApprovalLimit: 1_000 } });
    expect(await updateWithdrawalRulesAction(societyId, { minimumSavingsBalance: "-5", withdrawalApprovalLimit: "" })).toMatchObject({ ok: false, error: { code: "validation" } });
    const worker = await addWorker(societyId);
    const member = await addMember(societyId, worker.id);
    must(await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: member.id, installment: "", savings: "5000" }], idempotencyKey: randomUUID() }));
    const asked = must(await requestWithdrawalAction(societyId, { memberId: member.id, amount: "3000", idempotencyKey: randomUUID() }));
    expect(asked).toMatchObject({ status: "requested", balanceAfter: 5_000 });
    expect((await memberBalances(societyId, [member.id])).get(member.id)!.savings).toBe(5_000);
    // The waiting request counts: only 2,000 more can be asked for.
    expect(await requestWithdrawalAction(societyId, { memberId: member.id, amount: "2500", idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { reason: "insufficientSavings" } });
    expect(await approveWithdrawalAction(societyId, { withdrawalId: asked.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "forbidden", reason: "withdrawalSamePerson" } });

    const second = await createStaff("society_manager");
    await grantSociety(societyId, second.id, "admin");
    await signInAs(second.id);
    const [one, two] = await Promise.all([approveWithdrawalAction(societyId, { withdrawalId: asked.id, idempotencyKey: randomUUID() }), approveWithdrawalAction(societyId, { withdrawalId: asked.id, idempotencyKey: randomUUID() })]);
    expect([one, two].filter((r) => r.ok)).toHaveLength(1);
    expect([one, two].find((r) => !r.ok)).toMatchObject({ error: { reason: "withdrawalDecided" } });
    expect((await memberBalances(societyId, [member.id])).get(member.id)!.savings).toBe(2_000);
    const another = must(await requestWithdrawalAction(societyId, { memberId: member.id, amount: "1500", idempotencyKey: randomUUID() }));
    await signInAs(adminId);
    expect(await rejectWithdrawalAction(societyId, { withdrawalId: another.id, note: "" })).toMatchObject({ ok: false, error: { code: "validation" } });
    must(await rejectWithdrawalAction(societyId, { withdrawalId: another.id, note: "সদস্য নিজে আসেননি" }));
    expect((await memberBalances(societyId, [member.id])).get(member.id)!.savings).toBe(2_000);
    // Closing would pay ৳2,000 in cash, above the limit: refused until a withdrawal brings it within.
    expect(await deleteMemberAction(societyId, { memberId: member.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "conflict", reason: "closePayoutAboveLimit", details: { amount: 2_000, limit: 1_000 } } });
    expect(must(await requestWithdrawalAction(societyId, { memberId: member.id, amount: "1000", idempotencyKey: randomUUID() }))).toMatchObject({ status: "paid", balanceAfter: 1_000 });
    // A member with money is closed, not deleted (the rest paid out), and a sheet corrected below what was withdrawn is
    // refused by the books.
    expect(await deleteMemberAction(societyId, { memberId: member.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: true, data: { removed: "closed", paidOut: 1_000, setOff: 0 } });
    expect(await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: member.id, installment: "", savings: "1000" }], idempotencyKey: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: "conflict", reason: "savingsAlreadyWithdrawn" },
    });
    expect((await prisma.societyCollection.findFirstOrThrow({ where: { memberId: member.id } })).savingsCollected).toBe(5_000);
    await expectTrialBalanced(societyId);
  }, 60_000);

  it("make an entry wait for a closing in progress, then refuse it if the closing covers its day", async () => {
    const societyId = await newSociety();
    const worker = await addWorker(societyId);
    const member = await addMember(societyId, worker.id);
    must(await saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: member.id, installment: "", savings: "800" }], idempotencyKey: randomUUID() }));
    const closing = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await closing.connect();
    await closing.query("BEGIN");
    await closing.query(`SELECT 1 FROM "Society" WHERE "id" = $1 FOR UPDATE`, [societyId]);
    await closing.query(`UPDATE "Society" SET "booksClosedThrough" = $2::date WHERE "id" = $1`, [societyId, today]);
    // Starts while the closing holds the society's row: reads the member, then waits at the books.
    const withdrawal = requestWithdrawalAction(societyId, { memberId: member.id, amount: "300", idempotencyKey: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await closing.query("COMMIT");
    await closing.end();
    expect(await withdrawal).toMatchObject({ ok: false, error: { code: "conflict", reason: "periodClosed" } });
    expect((await memberBalances(societyId, [member.id])).get(member.id)!.savings).toBe(800);
    expect(await prisma.societyWithdrawal.count({ where: { memberId: member.id } })).toBe(0);
  });
});

