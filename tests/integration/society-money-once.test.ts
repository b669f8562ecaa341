/**
 * Every society action that moves money is idempotent by the key its form makes (issue 48): the same request sent ten
 * times at once has one effect, and every caller gets the first answer. The list below is the society's money actions;
 * the registry check keeps it honest (an action that takes a key is on it, and each on it takes one).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
import { dhakaToday } from "@/lib/format";
import { prisma } from "@/lib/db";
import { societyActionRegistry } from "@/lib/society/action-client";
import {
  addIncomeExpenseAction,
  addMemberAction,
  addWorkerAction,
  approveOpeningBalanceAction,
  approveWithdrawalAction,
  deleteMemberAction,
  giveMemberLoanAction,
  paySalaryAction,
  proposeOpeningBalanceAction,
  requestWithdrawalAction,
  reverseIncomeExpenseAction,
  saveCollectionSheetAction,
  updateWithdrawalRulesAction,
} from "@/lib/society/actions";
import { confirmHandoverAction, receiveWorkerCashAction } from "@/lib/society/field/actions";
import { fieldOverview } from "@/lib/society/field/queries";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety } from "../support/society";

/** The society's actions that move money (post to its books, or pay out). */
const MONEY_ACTIONS = [
  "society.addMember",
  "society.deleteMember",
  "society.saveCollectionSheet",
  "society.addIncomeExpense",
  "society.paySalary",
  "society.requestWithdrawal",
  "society.approveWithdrawal",
  "society.giveMemberLoan",
  "society.reverseIncomeExpense",
  "society.field.confirmHandover",
  "society.field.receiveCash",
  "society.proposeOpeningBalance",
  "society.approveOpeningBalance",
].sort();

let adminId: string;
let secondAdminId: string;
let societyId: string;
const today = dhakaToday();
let counter = 0;
const phone = () => `0171${String(3_000_000 + ++counter).slice(-7)}`;

function must<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
}

beforeAll(async () => {
  adminId = (await createStaff("society_manager")).id;
  secondAdminId = (await createStaff("society_manager")).id;
  societyId = (await createTestSociety()).id;
  await grantSociety(societyId, adminId, "admin");
  await grantSociety(societyId, secondAdminId, "admin");
  await signInAs(adminId);
});

async function worker() {
  return must(await addWorkerAction(societyId, { name: `মাঠকর্মী ${++counter}`, area: "মিরপুর", phone: phone() }));
}

async function member(workerId: string, loanAmount = "") {
  return must(await addMemberAction(societyId, { memberCode: `ONCE-${++counter}`, name: `সদস্য ${counter}`, nid: "3304718265", phone: phone(), workerId, installmentAmount: "", savingsAmount: "", loanAmount, idempotencyKey: randomUUID() }));
}

/** A member with savings on the books. */
async function saver(savings: number) {
  const w = await worker();
  const m = await member(w.id);
  must(await saveCollectionSheetAction(societyId, { workerId: w.id, date: today, rows: [{ memberId: m.id, installment: "", savings: String(savings) }], idempotencyKey: randomUUID() }));
  return { workerId: w.id, memberId: m.id };
}

const entries = () => prisma.societyJournalEntry.count({ where: { societyId } });

/** Sends the same request ten times at once: every answer is the first one, and the books moved by one entry. */
async function tenAtOnce<T>(send: () => Promise<{ ok: boolean }>, postsEntries = 1): Promise<T> {
  const before = await entries();
  const answers = await Promise.all(Array.from({ length: 10 }, send));
  expect(answers[0]).toMatchObject({ ok: true });
  for (const answer of answers) expect(answer).toEqual(answers[0]);
  expect(await entries()).toBe(before + postsEntries);
  // A replay later, on its own, answers the same.
  expect(await send()).toEqual(answers[0]);
  return (answers[0] as unknown as { data: T }).data;
}

describe("money actions replayed ten times at once", () => {
  it("the list of money actions is exactly the actions that take an idempotency key", () => {
    const keyed = [...societyActionRegistry.values()].filter((a) => a.keyed).map((a) => a.name).sort();
    expect(keyed).toEqual(MONEY_ACTIONS);
  });

  it("a withdrawal is paid once (the walk's case: ten sends of one ৳1,000 request paid five)", async () => {
    const { memberId } = await saver(10_000);
    const request = { memberId, amount: "1000", idempotencyKey: randomUUID() };
    const paid = await tenAtOnce<{ id: string; status: string }>(() => requestWithdrawalAction(societyId, request));
    expect(paid.status).toBe("paid");
    expect(await prisma.societyWithdrawal.count({ where: { memberId } })).toBe(1);
  });

  it("an approval above the limit pays once, and every sender is told it was paid", async () => {
    must(await updateWithdrawalRulesAction(societyId, { minimumSavingsBalance: "0", withdrawalApprovalLimit: "500" }));
    const { memberId } = await saver(5_000);
    const asked = must(await requestWithdrawalAction(societyId, { memberId, amount: "2000", idempotencyKey: randomUUID() }));
    expect(asked.status).toBe("requested");
    await signInAs(secondAdminId);
    try {
      const approval = { withdrawalId: asked.id, idempotencyKey: randomUUID() };
      expect(await tenAtOnce<{ status: string }>(() => approveWithdrawalAction(societyId, approval))).toMatchObject({ status: "paid" });
    } finally {
      await signInAs(adminId);
      must(await updateWithdrawalRulesAction(societyId, { minimumSavingsBalance: "0", withdrawalApprovalLimit: "100000" }));
    }
  });

  it("a member added with a loan is added, and lent, once", async () => {
    const w = await worker();
    const input = { memberCode: `ONCE-L-${++counter}`, name: "ঋণী সদস্য", nid: "3304718265", phone: phone(), workerId: w.id, installmentAmount: "", savingsAmount: "", loanAmount: "5000", idempotencyKey: randomUUID() };
    await tenAtOnce(() => addMemberAction(societyId, input));
    expect(await prisma.societyMember.count({ where: { societyId, memberCode: input.memberCode } })).toBe(1);
  });

  it("a collection sheet posts once", async () => {
    const w = await worker();
    const m = await member(w.id);
    const sheet = { workerId: w.id, date: today, rows: [{ memberId: m.id, installment: "", savings: "70" }], idempotencyKey: randomUUID() };
    await tenAtOnce(() => saveCollectionSheetAction(societyId, sheet));
    expect(await prisma.societyCollection.count({ where: { memberId: m.id } })).toBe(1);
  });

  it("an income, a salary and a reversal are each entered once", async () => {
    const income = { type: "income" as const, category: "অনুদান", amount: "900", description: "", date: today, idempotencyKey: randomUUID() };
    const entered = await tenAtOnce<{ id: string }>(() => addIncomeExpenseAction(societyId, income));
    expect(await prisma.incomeExpense.count({ where: { societyId, category: "অনুদান" } })).toBe(1);

    const reversal = { incomeExpenseId: entered.id, idempotencyKey: randomUUID() };
    await tenAtOnce(() => reverseIncomeExpenseAction(societyId, reversal));

    const w = await worker();
    const salary = { workerId: w.id, month: today.slice(0, 7), baseSalary: "8000", bonus: "", deductions: "", idempotencyKey: randomUUID() };
    await tenAtOnce(() => paySalaryAction(societyId, salary));
    expect(await prisma.workerSalary.count({ where: { workerId: w.id } })).toBe(1);
  });

  it("a loan with a plan is paid out once", async () => {
    const w = await worker();
    const m = await member(w.id);
    const loan = { memberId: m.id, principal: "10000", ratePercent: "10", method: "flat" as const, frequency: "weekly" as const, instalmentCount: "20", firstDueDate: today, idempotencyKey: randomUUID() };
    await tenAtOnce(() => giveMemberLoanAction(societyId, loan));
    expect(await prisma.societyMemberLoan.count({ where: { memberId: m.id } })).toBe(1);
  });

  it("closing a membership pays the savings out once", async () => {
    const { memberId } = await saver(600);
    const closing = { memberId, idempotencyKey: randomUUID() };
    expect(await tenAtOnce(() => deleteMemberAction(societyId, closing))).toMatchObject({ removed: "closed", paidOut: 600 });
    expect(await prisma.societyWithdrawal.count({ where: { memberId, status: "paid" } })).toBe(1);
  });

  it("a cash hand-over is confirmed, and posted, once", async () => {
    const w = await worker();
    const fieldWorker = await createStaff("society_manager");
    const handover = await prisma.fieldCashHandover.create({
      data: { societyId, workerId: w.id, date: new Date(`${today}T00:00:00Z`), expected: 0, counted: 0, submittedById: fieldWorker.id },
      select: { id: true },
    });
    // Nothing collected, nothing counted: the confirmation posts no entry, but is still answered once.
    const confirmation = { handoverId: handover.id, idempotencyKey: randomUUID() };
    await tenAtOnce(() => confirmHandoverAction(societyId, confirmation), 0);
    expect(await prisma.auditLog.count({ where: { action: "society.field.handover_confirm", entityId: handover.id } })).toBe(1);
  });
});

describe("opening balances", () => {
  it("are entered once and posted once, however often each is sent", async () => {
    // A society of its own: an opening comes before anything else is posted.
    const fresh = (await createTestSociety()).id;
    await grantSociety(fresh, adminId, "admin");
    await grantSociety(fresh, secondAdminId, "admin");
    const w = must(await addWorkerAction(fresh, { name: "প্রারম্ভ কর্মী", area: "মিরপুর", phone: phone() }));
    const m = must(await addMemberAction(fresh, { memberCode: `OPEN-${++counter}`, name: "পুরোনো সদস্য", nid: "3304718265", phone: phone(), workerId: w.id, installmentAmount: "", savingsAmount: "", loanAmount: "", idempotencyKey: randomUUID() }));
    const opening = { asOf: "2026-01-31", cashInHand: "5000", bank: "", shareCapital: "1000", members: [{ memberId: m.id, savings: "3000", loan: "" }], idempotencyKey: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => proposeOpeningBalanceAction(fresh, opening)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const proposed = must(answers[0]!);
    expect(await prisma.societyOpeningBalance.count({ where: { societyId: fresh } })).toBe(1);
    await signInAs(secondAdminId);
    try {
      const approval = { openingId: proposed.id, idempotencyKey: randomUUID() };
      const approvals = await Promise.all(Array.from({ length: 10 }, () => approveOpeningBalanceAction(fresh, approval)));
      for (const answer of approvals) expect(answer).toEqual(approvals[0]);
      expect(approvals[0]).toMatchObject({ ok: true });
      expect(await prisma.societyJournalEntry.count({ where: { societyId: fresh, kind: "opening_balance" } })).toBe(1);
    } finally {
      await signInAs(adminId);
    }
  });
});

describe("cash a worker holds, received at the office", () => {
  it("is received once, and the books and the dashboard then say the workers hold ৳0", async () => {
    const w = await worker();
    const m = await member(w.id);
    must(await saveCollectionSheetAction(societyId, { workerId: w.id, date: today, rows: [{ memberId: m.id, installment: "", savings: "1250" }], idempotencyKey: randomUUID() }));
    expect((await fieldOverview(societyId)).workers.find((x) => x.id === w.id)).toMatchObject({ cashHeld: 1250 });
    // A count that differs needs a note; nothing changes without one.
    expect(await receiveWorkerCashAction(societyId, { workerId: w.id, counted: "১২০০", idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { note: "required" } } });
    const receipt = { workerId: w.id, counted: "১২৫০", idempotencyKey: randomUUID() };
    expect(await tenAtOnce(() => receiveWorkerCashAction(societyId, receipt))).toMatchObject({ expected: 1250, counted: 1250 });
    expect((await fieldOverview(societyId)).workers.find((x) => x.id === w.id)).toMatchObject({ cashHeld: 0 });
    const [held] = await prisma.$queryRaw<{ total: bigint | null }[]>`
      SELECT sum(l."amount") AS "total" FROM "SocietyJournalLine" l JOIN "SocietyAccount" a ON a."id" = l."accountId"
      WHERE l."workerId" = ${w.id} AND a."kind" = 'worker_cash'`;
    expect(Number(held!.total)).toBe(0);
    // Nothing left to receive: refused with the reason.
    expect(await receiveWorkerCashAction(societyId, { workerId: w.id, counted: "0", idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "conflict", reason: "nothingToReceive" } });
  });

  it("is never received by the admin who collects as that worker (maker-checker)", async () => {
    const w = await worker();
    await prisma.societyWorker.update({ where: { id: w.id }, data: { staffUserId: adminId } });
    const m = await member(w.id);
    must(await saveCollectionSheetAction(societyId, { workerId: w.id, date: today, rows: [{ memberId: m.id, installment: "", savings: "300" }], idempotencyKey: randomUUID() }));
    expect(await receiveWorkerCashAction(societyId, { workerId: w.id, counted: "300", idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "forbidden", reason: "notSamePerson" } });
    await signInAs(secondAdminId);
    try {
      expect(await receiveWorkerCashAction(societyId, { workerId: w.id, counted: "300", idempotencyKey: randomUUID() })).toMatchObject({ ok: true, data: { expected: 300, counted: 300 } });
    } finally {
      await signInAs(adminId);
    }
  });
});

describe("the key itself", () => {
  it("the same key with other figures is refused, changing nothing", async () => {
    const { memberId } = await saver(3_000);
    const key = randomUUID();
    must(await requestWithdrawalAction(societyId, { memberId, amount: "100", idempotencyKey: key }));
    const before = await entries();
    expect(await requestWithdrawalAction(societyId, { memberId, amount: "900", idempotencyKey: key })).toEqual({ ok: false, error: { code: "conflict", reason: "idempotencyKeyReused" } });
    expect(await entries()).toBe(before);
  });

  it("a refusal does not use the key up: the corrected request with the same key goes through", async () => {
    const { memberId } = await saver(300);
    const key = randomUUID();
    expect(await requestWithdrawalAction(societyId, { memberId, amount: "5000", idempotencyKey: key })).toMatchObject({ ok: false, error: { reason: "insufficientSavings" } });
    expect(await prisma.idempotentRequest.count({ where: { key } })).toBe(0);
    // The corrected form keeps its key; the stored answer is the one that paid.
    const paid = must(await requestWithdrawalAction(societyId, { memberId, amount: "200", idempotencyKey: key }));
    expect(paid).toMatchObject({ status: "paid", amount: 200 });
    expect(await requestWithdrawalAction(societyId, { memberId, amount: "200", idempotencyKey: key })).toEqual({ ok: true, data: paid });
  });

  it("another society's key is refused, never answered with that society's result", async () => {
    const { memberId } = await saver(1_000);
    const key = randomUUID();
    must(await requestWithdrawalAction(societyId, { memberId, amount: "100", idempotencyKey: key }));
    const other = (await createTestSociety()).id;
    await grantSociety(other, adminId, "admin");
    const w = must(await addWorkerAction(other, { name: "অন্য কর্মী", area: "উত্তরা", phone: phone() }));
    const m = must(await addMemberAction(other, { memberCode: "OTHER-1", name: "অন্য সদস্য", nid: "3304718265", phone: phone(), workerId: w.id, installmentAmount: "", savingsAmount: "", loanAmount: "", idempotencyKey: randomUUID() }));
    must(await saveCollectionSheetAction(other, { workerId: w.id, date: today, rows: [{ memberId: m.id, installment: "", savings: "500" }], idempotencyKey: randomUUID() }));
    expect(await requestWithdrawalAction(other, { memberId: m.id, amount: "100", idempotencyKey: key })).toEqual({ ok: false, error: { code: "conflict", reason: "idempotencyKeyReused" } });
  });

  it("a request without a key is refused by the form's schema", async () => {
    const { memberId } = await saver(500);
    const result = await requestWithdrawalAction(societyId, { memberId, amount: "100" } as never);
    expect(result).toMatchObject({ ok: false, error: { code: "validation" } });
  });
});
