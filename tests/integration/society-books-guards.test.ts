/**
 * The society books' guards that hold whoever connects, and the app's own least-privilege role (issue 48): the running
 * totals (SocietyAccountDay) change only with posted lines; the runtime role cannot delete or truncate the journal, and
 * the purge setting is no key for it; the whole app — sheets, withdrawals, reversals, a restore — works as that role.
 *
 * This file runs the app as the runtime role: DATABASE_URL is switched before any application module is loaded.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { as, dropRuntimeRole, refusal, switchToRuntimeRole } from "../support/db-connection";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

const { ownerUrl, appUrl, role } = await switchToRuntimeRole();

const { prisma } = await import("@/lib/db");
const { dhakaToday } = await import("@/lib/format");
const actions = await import("@/lib/society/actions");
const { trialBalance } = await import("@/lib/society/books/queries");
const { createStaff, signInAs } = await import("../support/staff-session");
const { createTestSociety, grantSociety } = await import("../support/society");
const { GET: download, POST: upload } = await import("@/app/society-manager/[societyId]/backup/route");

const today = dhakaToday();
let societyId: string;
let counter = 0;
const phone = () => `0171${String(4_000_000 + ++counter).slice(-7)}`;

function must<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
}

beforeAll(async () => {
  const admin = await createStaff("society_manager");
  societyId = (await createTestSociety()).id;
  await grantSociety(societyId, admin.id, "admin");
  await signInAs(admin.id);
  // Money on the books, all of it through the app as its runtime role.
  const worker = must(await actions.addWorkerAction(societyId, { name: "করিম শ্রমিক", area: "মিরপুর", phone: phone() }));
  const member = must(await actions.addMemberAction(societyId, { memberCode: "G-1", name: "রহিমা খাতুন", nid: "3304718265", phone: phone(), workerId: worker.id, installmentAmount: "", savingsAmount: "", loanAmount: "2000", idempotencyKey: randomUUID() }));
  must(await actions.saveCollectionSheetAction(societyId, { workerId: worker.id, date: today, rows: [{ memberId: member.id, installment: "100", savings: "900" }], idempotencyKey: randomUUID() }));
  must(await actions.requestWithdrawalAction(societyId, { memberId: member.id, amount: "300", idempotencyKey: randomUUID() }));
  const income = must(await actions.addIncomeExpenseAction(societyId, { type: "income", category: "অনুদান", amount: "700", description: "", date: today, idempotencyKey: randomUUID() }));
  must(await actions.reverseIncomeExpenseAction(societyId, { incomeExpenseId: income.id, idempotencyKey: randomUUID() }));
});

afterAll(async () => {
  await prisma.$disconnect();
  await dropRuntimeRole(ownerUrl, role);
});

describe("the running totals are the journal's", () => {
  it("a direct UPDATE, INSERT or DELETE of SocietyAccountDay is refused, even for the owner; TRUNCATE too", async () => {
    const account = await prisma.societyAccount.findFirstOrThrow({ where: { societyId, kind: "cash_in_hand" }, select: { id: true } });
    expect(await refusal(ownerUrl, [`UPDATE "SocietyAccountDay" SET "credit" = "credit" - 1000`])).toBe("23001");
    expect(await refusal(ownerUrl, [`INSERT INTO "SocietyAccountDay" ("accountId", "workerId", "date", "debit", "credit") VALUES ($1, '', '2020-01-01', 5, 0)`, [account.id]])).toBe("23001");
    expect(await refusal(ownerUrl, [`DELETE FROM "SocietyAccountDay" WHERE "accountId" = $1`, [account.id]])).toBe("23001");
    expect(await refusal(ownerUrl, [`TRUNCATE "SocietyAccountDay"`])).toBe("23001");
    // With the purge setting named, as the owner, outside the purge function: still refused for an UPDATE.
    expect(await refusal(ownerUrl, [`SELECT set_config('rinbondhu.books_purge', $1, true)`, [societyId]], [`UPDATE "SocietyAccountDay" SET "debit" = 0`])).toBe("23001");
  });

  it("the nightly check finds no difference in sound books, and finds one made with the guards switched off", async () => {
    const drift = async () => as(ownerUrl, async (c) => (await c.query(`SELECT * FROM "society_account_days_drift"($1)`, [societyId])).rows);
    expect(await drift()).toEqual([]);
    const before = await trialBalance(societyId, today);
    await as(ownerUrl, async (c) => {
      await c.query("BEGIN");
      await c.query(`ALTER TABLE "SocietyAccountDay" DISABLE TRIGGER "SocietyAccountDay_derived"`);
      await c.query(`UPDATE "SocietyAccountDay" d SET "credit" = "credit" - 1000 FROM "SocietyAccount" a WHERE a."id" = d."accountId" AND a."societyId" = $1 AND a."kind" = 'member_savings'`, [societyId]);
      expect((await c.query(`SELECT * FROM "society_account_days_drift"($1)`, [societyId])).rows).toHaveLength(1);
      await c.query("ROLLBACK");
    });
    expect(await drift()).toEqual([]);
    expect(await trialBalance(societyId, today)).toEqual(before);
  });
});

describe("posting the records again", () => {
  it("is refused over books that are not empty (it would count every taka twice)", async () => {
    const before = await trialBalance(societyId, today);
    expect(await refusal(ownerUrl, [`SELECT "society_books_repost"($1)`, [societyId]])).toBe("23514");
    expect(await trialBalance(societyId, today)).toEqual(before);
  });
});

describe("the app's runtime role", () => {
  it("cannot delete, edit or truncate the journal, with the purge setting or without", async () => {
    expect(await refusal(appUrl, [`DELETE FROM "SocietyJournalLine" WHERE "societyId" = $1`, [societyId]])).toBe("42501");
    expect(await refusal(appUrl, [`UPDATE "SocietyJournalLine" SET "amount" = 1 WHERE "societyId" = $1`, [societyId]])).toBe("42501");
    expect(await refusal(appUrl, [`TRUNCATE "SocietyJournalEntry" CASCADE`])).toBe("42501");
    expect(await refusal(appUrl, [`UPDATE "SocietyAccountDay" SET "debit" = 0`])).toBe("42501");
    expect(await refusal(appUrl, [`SELECT set_config('rinbondhu.books_purge', $1, true)`, [societyId]], [`DELETE FROM "SocietyJournalLine" WHERE "societyId" = $1`, [societyId]])).toBe("42501");
    expect(await refusal(appUrl, [`SET session_replication_role = replica`])).toBe("42501");
    expect(await refusal(appUrl, [`CREATE TABLE "x" (id int)`])).toBe("42501");
    expect(await refusal(appUrl, [`ALTER TABLE "SocietyJournalLine" DISABLE TRIGGER ALL`])).toBe("42501");
  });

  it("even given DELETE by mistake, the purge setting opens nothing: the guard asks who is deleting", async () => {
    await as(ownerUrl, (c) => c.query(`GRANT DELETE ON "SocietyJournalLine", "SocietyJournalEntry" TO ${role}`));
    try {
      expect(await refusal(appUrl, [`SELECT set_config('rinbondhu.books_purge', $1, true)`, [societyId]], [`DELETE FROM "SocietyJournalLine" WHERE "societyId" = $1`, [societyId]])).toBe("23001");
    } finally {
      await as(ownerUrl, (c) => c.query(`REVOKE DELETE ON "SocietyJournalLine", "SocietyJournalEntry" FROM ${role}`));
    }
  });

  it("a restore through the app, as the runtime role, replaces the books whole and leaves the purge in the audit log", async () => {
    const params = { params: Promise.resolve({ societyId }) };
    const exported = await download(new Request(`http://localhost/society-manager/${societyId}/backup`), params);
    expect(exported.status).toBe(200);
    const before = await trialBalance(societyId, today);
    expect(before.debit).toBeGreaterThan(0);
    const response = await upload(new Request(`http://localhost/society-manager/${societyId}/backup`, { method: "POST", body: await exported.text(), headers: { "content-type": "application/json" } }), params);
    expect(response.status).toBe(200);
    expect(await trialBalance(societyId, today)).toEqual(before);
    const purge = await prisma.auditLog.findFirstOrThrow({ where: { action: "society.books.purge", entityId: societyId } });
    expect(purge.after).toMatchObject({ societyId, by: role });
    expect(purge.before).toMatchObject({ entries: expect.any(Number) });
    expect((purge.before as { entries: number }).entries).toBeGreaterThan(0);
  });
});
