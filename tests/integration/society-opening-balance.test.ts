/**
 * A society's opening balances (issue 48): entered by one admin, posted by a second as one balanced entry, once, and only
 * before anything else; afterwards nothing may be posted on or before their day. The database refuses what the code
 * would: a second opening entry, one after entries, an entry before the opening. A restore brings them back unchanged.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
import { GET as download, POST as upload } from "@/app/society-manager/[societyId]/backup/route";
import { POST as syncRoute } from "@/app/society-manager/[societyId]/field/sync/route";
import { addCalendarDays } from "@/lib/repayments/schedule";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import * as actions from "@/lib/society/actions";
import { accountLedger, cashBook, memberBalances, memberMovements, trialBalance } from "@/lib/society/books/queries";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety } from "../support/society";

const today = dhakaToday();
const ASOF = "2026-01-31";
let maker: string;
let checker: string;
let counter = 0;
const phone = () => `0171${String(5_000_000 + ++counter).slice(-7)}`;

function must<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
}

/** A society of its own with two admins, a worker and two members, nothing posted. */
async function freshSociety() {
  const societyId = (await createTestSociety()).id;
  await grantSociety(societyId, maker, "admin");
  await grantSociety(societyId, checker, "admin");
  await signInAs(maker);
  const worker = must(await actions.addWorkerAction(societyId, { name: "পুরোনো খাতার কর্মী", area: "মিরপুর", phone: phone() }));
  const add = async (name: string) => {
    const memberCode = `OB-${++counter}`;
    const added = must(await actions.addMemberAction(societyId, { memberCode, name, nid: "3304718265", phone: phone(), workerId: worker.id, installmentAmount: "", savingsAmount: "", loanAmount: "", idempotencyKey: randomUUID() }));
    return { ...added, memberCode };
  };
  return { societyId, workerId: worker.id, saver: await add("আনোয়ারা বেগম"), borrower: await add("মিয়া হোসেন") };
}

function proposal(s: Awaited<ReturnType<typeof freshSociety>>, asOf = ASOF) {
  return {
    asOf,
    cashInHand: "৫০০০", // Bengali digits are accepted
    bank: "10000",
    shareCapital: "2000",
    members: [
      { memberId: s.saver.id, savings: "3000", loan: "" },
      { memberId: s.borrower.id, savings: "", loan: "1500" },
    ],
    idempotencyKey: randomUUID(),
  };
}

async function proposeAndPost(s: Awaited<ReturnType<typeof freshSociety>>, asOf = ASOF) {
  await signInAs(maker);
  const proposed = must(await actions.proposeOpeningBalanceAction(s.societyId, proposal(s, asOf)));
  await signInAs(checker);
  const posted = must(await actions.approveOpeningBalanceAction(s.societyId, { openingId: proposed.id, idempotencyKey: randomUUID() }));
  await signInAs(maker);
  return { proposed, posted };
}

beforeAll(async () => {
  maker = (await createStaff("society_manager")).id;
  checker = (await createStaff("society_manager")).id;
});

describe("entering and posting opening balances", () => {
  it("one admin enters, the same admin cannot post, a second posts one balanced entry with the difference in the reserve", async () => {
    const s = await freshSociety();
    const proposed = must(await actions.proposeOpeningBalanceAction(s.societyId, proposal(s)));
    expect(proposed.reserve).toBe(5000 + 10_000 + 1500 - 3000 - 2000);
    expect(await actions.proposeOpeningBalanceAction(s.societyId, proposal(s))).toMatchObject({ ok: false, error: { reason: "openingWaiting" } });
    expect(await actions.approveOpeningBalanceAction(s.societyId, { openingId: proposed.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { reason: "openingSamePerson" } });
    expect(await prisma.societyJournalEntry.count({ where: { societyId: s.societyId } })).toBe(0);

    await signInAs(checker);
    must(await actions.approveOpeningBalanceAction(s.societyId, { openingId: proposed.id, idempotencyKey: randomUUID() }));
    const entry = await prisma.societyJournalEntry.findFirstOrThrow({ where: { societyId: s.societyId }, include: { lines: { include: { account: true } } } });
    expect(entry).toMatchObject({ kind: "opening_balance", voucher: 1 });
    expect(entry.date.toISOString().slice(0, 10)).toBe(ASOF);
    const byKind = Object.fromEntries(entry.lines.map((l) => [`${l.account.kind}${l.memberId ? `:${l.memberId}` : ""}`, l.amount]));
    expect(byKind).toEqual({
      cash_in_hand: 5000,
      bank: 10_000,
      share_capital: -2000,
      [`member_savings:${s.saver.id}`]: -3000,
      [`member_loans:${s.borrower.id}`]: 1500,
      reserve: -11_500,
    });
    const trial = await trialBalance(s.societyId, today);
    expect(trial.debit).toBe(trial.credit);
    const balances = await memberBalances(s.societyId, [s.saver.id, s.borrower.id]);
    expect(balances.get(s.saver.id)).toEqual({ savings: 3000, loanOutstanding: 0 });
    expect(balances.get(s.borrower.id)).toEqual({ savings: 0, loanOutstanding: 1500 });
    const audit = await prisma.auditLog.findMany({ where: { entityId: proposed.id }, orderBy: { createdAt: "asc" }, select: { action: true, actorId: true } });
    expect(audit).toEqual([
      { action: "society.opening.propose", actorId: maker },
      { action: "society.opening.approve", actorId: checker },
    ]);
  });

  it("is posted once: a second opening is refused by the app, and by the database when forced", async () => {
    const s = await freshSociety();
    await proposeAndPost(s);
    expect(await actions.proposeOpeningBalanceAction(s.societyId, proposal(s, "2026-01-15"))).toMatchObject({ ok: false, error: { reason: "openingPosted" } });
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await expect(
        client.query(`SELECT "society_post"($1, '2025-12-31'::date, 'opening_balance', 'SocietyOpeningBalance', 'forged', '[{"kind":"cash_in_hand","amount":1},{"kind":"reserve","amount":-1}]'::jsonb)`, [s.societyId]),
      ).rejects.toThrow(/opening balance comes first|duplicate key/);
    } finally {
      await client.end();
    }
    expect(await prisma.societyJournalEntry.count({ where: { societyId: s.societyId, kind: "opening_balance" } })).toBe(1);
  });

  it("is refused once anything is posted on or before its day, and nothing is posted on or before it afterwards", async () => {
    const s = await freshSociety();
    must(await actions.addIncomeExpenseAction(s.societyId, { type: "income", category: "অনুদান", amount: "100", description: "", date: "2026-02-10", idempotencyKey: randomUUID() }));
    expect(await actions.proposeOpeningBalanceAction(s.societyId, proposal(s, "2026-02-10"))).toMatchObject({ ok: false, error: { reason: "openingAfterEntries" } });
    expect(await prisma.societyOpeningBalance.count({ where: { societyId: s.societyId } })).toBe(0);
    // The day before the first entry is fine.
    await proposeAndPost(s, "2026-02-09");
    expect(await actions.addIncomeExpenseAction(s.societyId, { type: "income", category: "অনুদান", amount: "100", description: "", date: "2026-02-09", idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { reason: "beforeOpening" } });
    expect(await actions.saveCollectionSheetAction(s.societyId, { workerId: s.workerId, date: "2026-02-01", rows: [{ memberId: s.saver.id, installment: "", savings: "50" }], idempotencyKey: randomUUID() })).toMatchObject({
      ok: false,
      error: { reason: "beforeOpening" },
    });
  });

  it("a waiting opening the checker refuses posts nothing, and a corrected one may be entered", async () => {
    const s = await freshSociety();
    const proposed = must(await actions.proposeOpeningBalanceAction(s.societyId, proposal(s)));
    await signInAs(checker);
    expect(await actions.rejectOpeningBalanceAction(s.societyId, { openingId: proposed.id, note: "" })).toMatchObject({ ok: false, error: { code: "validation" } });
    must(await actions.rejectOpeningBalanceAction(s.societyId, { openingId: proposed.id, note: "ব্যাংকের অঙ্ক ভুল" }));
    expect(await actions.approveOpeningBalanceAction(s.societyId, { openingId: proposed.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { reason: "openingDecided" } });
    expect(await prisma.societyJournalEntry.count({ where: { societyId: s.societyId } })).toBe(0);
    await signInAs(maker);
    must(await actions.proposeOpeningBalanceAction(s.societyId, proposal(s)));
  });

  it("names only this society's members, and refuses figures that are not whole taka", async () => {
    const s = await freshSociety();
    const other = await freshSociety();
    await signInAs(maker);
    const foreign = { ...proposal(s), members: [{ memberId: other.saver.id, savings: "100", loan: "" }] };
    expect(await actions.proposeOpeningBalanceAction(s.societyId, foreign)).toMatchObject({ ok: false, error: { code: "notFound" } });
    expect(await actions.proposeOpeningBalanceAction(s.societyId, { ...proposal(s), cashInHand: "12.50" })).toMatchObject({ ok: false, error: { code: "validation" } });
    expect(await actions.proposeOpeningBalanceAction(s.societyId, { ...proposal(s), asOf: "2999-01-01" })).toMatchObject({ ok: false, error: { code: "validation" } });
    expect(await prisma.societyOpeningBalance.count({ where: { societyId: s.societyId } })).toBe(0);
  });

  it("a user (not an admin) cannot enter or post them", async () => {
    const s = await freshSociety();
    const user = (await createStaff("society_manager")).id;
    await grantSociety(s.societyId, user, "user");
    await signInAs(user);
    expect(await actions.proposeOpeningBalanceAction(s.societyId, proposal(s))).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await signInAs(maker);
  });
});

describe("a restore", () => {
  it("brings the opening back first: every balance and passbook line as before", async () => {
    const s = await freshSociety();
    await proposeAndPost(s);
    must(await actions.saveCollectionSheetAction(s.societyId, { workerId: s.workerId, date: today, rows: [{ memberId: s.saver.id, installment: "", savings: "200" }, { memberId: s.borrower.id, installment: "500", savings: "" }], idempotencyKey: randomUUID() }));
    must(await actions.requestWithdrawalAction(s.societyId, { memberId: s.saver.id, amount: "1000", idempotencyKey: randomUUID() }));
    // Members come back under new ids: each is found by the code the society gave them.
    const idOf = async (memberCode: string) => (await prisma.societyMember.findFirstOrThrow({ where: { societyId: s.societyId, memberCode }, select: { id: true } })).id;
    const snapshot = async () => ({
      trial: await trialBalance(s.societyId, today),
      saver: await memberMovements(s.societyId, await idOf(s.saver.memberCode)),
      borrower: await memberMovements(s.societyId, await idOf(s.borrower.memberCode)),
      vouchers: (await prisma.societyJournalEntry.findMany({ where: { societyId: s.societyId }, orderBy: { voucher: "asc" }, select: { voucher: true, kind: true } })),
    });
    const before = await snapshot();
    expect(before.vouchers.map((v) => v.kind)).toEqual(["opening_balance", "collection", "withdrawal"]);
    const params = { params: Promise.resolve({ societyId: s.societyId }) };
    const file = await (await download(new Request(`http://localhost/society-manager/${s.societyId}/backup`), params)).text();
    expect(JSON.parse(file).openingBalances).toHaveLength(1);
    const restored = await upload(new Request(`http://localhost/society-manager/${s.societyId}/backup`, { method: "POST", body: file, headers: { "content-type": "application/json" } }), params);
    expect(await restored.clone().json()).toMatchObject({ ok: true });
    expect(restored.status).toBe(200);
    const after = await snapshot();
    expect(after.trial).toEqual(before.trial);
    // The records are posted again (one entry per collection, where the sheet posted one per save): the vouchers are
    // numbered afresh in the same order, the opening first.
    expect(after.vouchers[0]).toEqual({ voucher: 1, kind: "opening_balance" });
    expect(after.vouchers.map((v) => v.voucher)).toEqual(after.vouchers.map((_, i) => i + 1));
    expect(before.saver[0]).toMatchObject({ kind: "opening_balance", savings: 3000 });
    // The withdrawal's line names it by its code, and the restore keeps the code.
    expect(before.saver.find((l) => l.kind === "withdrawal")).toMatchObject({ reference: expect.stringMatching(/^WD\d{3,}$/), savings: -1000 });
    expect(after.saver).toEqual(before.saver);
    expect(after.borrower).toEqual(before.borrower);
  });

  it("a file without opening balances cannot replace a society that posted them", async () => {
    const s = await freshSociety();
    await proposeAndPost(s);
    const params = { params: Promise.resolve({ societyId: s.societyId }) };
    const file = JSON.parse(await (await download(new Request(`http://localhost/society-manager/${s.societyId}/backup`), params)).text()) as Record<string, unknown>;
    delete file.openingBalances;
    delete file.openingBalanceLines;
    const response = await upload(new Request(`http://localhost/society-manager/${s.societyId}/backup`, { method: "POST", body: JSON.stringify(file), headers: { "content-type": "application/json" } }), params);
    expect(await response.json()).toMatchObject({ ok: false, problems: [{ code: "openingMissing", value: "1" }] });
    expect(await prisma.societyJournalEntry.count({ where: { societyId: s.societyId, kind: "opening_balance" } })).toBe(1);
  });
});

describe("a payment that takes cash in hand below zero", () => {
  it("is refused until the person at the form confirms it, changing nothing; within the cash it is not asked", async () => {
    const s = await freshSociety();
    await proposeAndPost(s); // ৳5,000 cash in hand; the saver has ৳3,000 of savings
    const cash = async () => (await trialBalance(s.societyId, today)).rows.find((r) => r.kind === "cash_in_hand")!;
    const expense = (amount: string, confirmCashBelowZero: boolean) =>
      actions.addIncomeExpenseAction(s.societyId, { type: "expense", category: "অফিস ভাড়া", amount, description: "", date: today, idempotencyKey: randomUUID(), confirmCashBelowZero });
    expect(await expense("6000", false)).toMatchObject({ ok: false, error: { reason: "cashBelowZero" } });
    expect(await prisma.incomeExpense.count({ where: { societyId: s.societyId } })).toBe(0);
    must(await expense("4000", false));
    expect(await cash()).toMatchObject({ debit: 1000 });

    const withdrawal = { memberId: s.saver.id, amount: "2000", idempotencyKey: randomUUID(), confirmCashBelowZero: false };
    expect(await actions.requestWithdrawalAction(s.societyId, withdrawal)).toMatchObject({ ok: false, error: { reason: "cashBelowZero" } });
    expect(await prisma.societyWithdrawal.count({ where: { societyId: s.societyId } })).toBe(0);
    // Confirmed, with the same key: the refusal did not use it up.
    const paid = await actions.requestWithdrawalAction(s.societyId, { ...withdrawal, confirmCashBelowZero: true });
    expect(must(paid)).toMatchObject({ status: "paid" });
    // A replay whose answer was lost, sent as the button first sent it: the first answer, not a second payment or a refusal.
    expect(await actions.requestWithdrawalAction(s.societyId, withdrawal)).toEqual(paid);
    expect(await cash()).toMatchObject({ credit: 1000 });

    // Already below zero: every payment out of the cash asks; a receipt does not.
    expect(await actions.giveMemberLoanAction(s.societyId, { memberId: s.saver.id, principal: "500", ratePercent: "0", method: "flat", frequency: "weekly", instalmentCount: "5", firstDueDate: today, idempotencyKey: randomUUID(), confirmCashBelowZero: false })).toMatchObject({
      ok: false,
      error: { reason: "cashBelowZero" },
    });
    must(await actions.addIncomeExpenseAction(s.societyId, { type: "income", category: "অনুদান", amount: "300", description: "", date: today, idempotencyKey: randomUUID(), confirmCashBelowZero: false }));
  });
});

describe("vouchers and whom each line is with", () => {
  it("the cash book lists each receipt and payment under its day with its voucher and member; the ledger's lines too", async () => {
    const s = await freshSociety();
    await proposeAndPost(s);
    must(await actions.requestWithdrawalAction(s.societyId, { memberId: s.saver.id, amount: "700", idempotencyKey: randomUUID() }));
    must(await actions.addIncomeExpenseAction(s.societyId, { type: "income", category: "ভর্তি ফি", amount: "50", description: "", date: today, idempotencyKey: randomUUID() }));
    const book = await cashBook(s.societyId, { from: "2026-01-01", to: today }, null);
    const listed = book.days.flatMap((d) => d.entries.map((e) => ({ date: d.date, voucher: e.voucher, kind: e.kind, member: e.memberCode, category: e.category, amount: e.amount })));
    expect(listed).toEqual([
      { date: ASOF, voucher: 1, kind: "opening_balance", member: null, category: null, amount: 5000 },
      { date: today, voucher: 2, kind: "withdrawal", member: s.saver.memberCode, category: null, amount: -700 },
      { date: today, voucher: 3, kind: "income", member: null, category: "ভর্তি ফি", amount: 50 },
    ]);
    expect({ listed: book.listed, entries: book.entries, closing: book.closing }).toEqual({ listed: 3, entries: 3, closing: 5000 - 700 + 50 });
    // The cash line of the withdrawal names the member paid, though the member is on the savings line.
    const ledger = (await accountLedger(s.societyId, "1000", { from: "2026-01-01", to: today }))!;
    expect(ledger.lines.map((l) => [l.voucher, l.kind, l.memberCode])).toEqual([
      [1, "opening_balance", null],
      [2, "withdrawal", s.saver.memberCode],
      [3, "income", null],
    ]);
  });
});

describe("after the opening, in the field and at the office", () => {
  it("a phone's collection dated on the opening day is refused with the reason, the rest of its batch recorded; a member in a waiting opening is not deleted", async () => {
    const s = await freshSociety();
    const yesterday = addCalendarDays(today, -1);
    await proposeAndPost(s, yesterday);
    await prisma.societyWorker.update({ where: { id: s.workerId }, data: { staffUserId: maker } });
    const entry = (date: string) => ({ id: randomUUID(), workerId: s.workerId, memberId: s.saver.id, date, installment: 0, savings: 50, recordedAt: new Date().toISOString() });
    const batch = [entry(yesterday), entry(today)];
    const response = await syncRoute(
      new Request(`http://localhost/society-manager/${s.societyId}/field/sync`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost" },
        body: JSON.stringify({ version: 1, deviceId: "0193a1b2-0000-7000-8000-0000000000bb", pending: 0, attention: 0, entries: batch }),
      }),
      { params: Promise.resolve({ societyId: s.societyId }) },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: { id: string; status: string; reason?: string }[] };
    expect(body.results.map((r) => [r.id, r.status, r.reason])).toEqual([
      [batch[0]!.id, "refused", "beforeOpening"],
      [batch[1]!.id, "recorded", undefined],
    ]);

    // A member named only in opening balances still waiting is not deleted from under them.
    const other = await freshSociety();
    const waiting = must(await actions.proposeOpeningBalanceAction(other.societyId, proposal(other)));
    expect(await actions.deleteMemberAction(other.societyId, { memberId: other.borrower.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { reason: "openingWaiting" } });
    await signInAs(checker);
    must(await actions.rejectOpeningBalanceAction(other.societyId, { openingId: waiting.id, note: "ভুল" }));
    await signInAs(maker);
    expect(must(await actions.deleteMemberAction(other.societyId, { memberId: other.borrower.id, idempotencyKey: randomUUID() }))).toMatchObject({ removed: "deleted" });
  });

  it("an opening with nothing in it, or dated today, is refused by the form's schema", async () => {
    const s = await freshSociety();
    const empty = { asOf: ASOF, cashInHand: "", bank: "", shareCapital: "", members: [], idempotencyKey: randomUUID() };
    expect(await actions.proposeOpeningBalanceAction(s.societyId, empty)).toMatchObject({ ok: false, error: { code: "validation" } });
    expect(await actions.proposeOpeningBalanceAction(s.societyId, { ...proposal(s), asOf: today })).toMatchObject({ ok: false, error: { code: "validation" } });
    expect(await prisma.societyOpeningBalance.count({ where: { societyId: s.societyId } })).toBe(0);
  });
});

describe("a passbook's withdrawals", () => {
  it("five equal withdrawals read apart by their codes, in the order they were paid", async () => {
    const s = await freshSociety();
    await proposeAndPost(s);
    for (let i = 0; i < 5; i++) must(await actions.requestWithdrawalAction(s.societyId, { memberId: s.saver.id, amount: "100", idempotencyKey: randomUUID() }));
    const lines = (await memberMovements(s.societyId, s.saver.id)).filter((l) => l.kind === "withdrawal");
    expect(lines.map((l) => [l.reference, l.savings])).toEqual(["WD001", "WD002", "WD003", "WD004", "WD005"].map((code) => [code, -100]));
  });
});
