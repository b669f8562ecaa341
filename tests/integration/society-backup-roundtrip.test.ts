/**
 * A society's backup carries everything that posts (issue 48): restoring its own export leaves every account's balance
 * (each worker's cash apart), every member's passbook line for line (order included) and the workers' cash exactly as
 * they were — with a sheet and its correction, the field app's collections, a confirmed cash hand-over, withdrawals,
 * loans at joining and with a plan, and an income reversed.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
import { GET as download, POST as upload } from "@/app/society-manager/[societyId]/backup/route";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import type { SocietyActor } from "@/lib/society/access";
import {
  addIncomeExpenseAction,
  addMemberAction,
  addWorkerAction,
  approveWithdrawalAction,
  giveMemberLoanAction,
  requestWithdrawalAction,
  reverseIncomeExpenseAction,
  saveCollectionSheetAction,
} from "@/lib/society/actions";
import { memberMovements, trialBalance } from "@/lib/society/books/queries";
import { confirmHandover, submitHandover } from "@/lib/society/field/handover-service";
import { syncFieldEntries } from "@/lib/society/field/sync-service";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety } from "../support/society";

const today = dhakaToday();
const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
let societyId: string;
let adminId: string;
let counter = 0;
const phone = () => `0171${String(5_000_000 + ++counter).slice(-7)}`;

function must<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
}

const actorOf = (staffId: string, access: "admin" | "user"): SocietyActor => ({
  societyId,
  access,
  createdById: staffId,
  actor: { id: staffId, label: "test" },
  request: { ip: "127.0.0.1", userAgent: "vitest" },
});

/** Every account's balance (each worker's cash apart) and every member's passbook, by code. */
async function snapshot() {
  const accounts = await prisma.$queryRaw<{ code: string; worker: string | null; total: bigint }[]>`
    SELECT a."code", w."code" AS "worker", sum(l."amount") AS "total"
    FROM "SocietyJournalLine" l JOIN "SocietyAccount" a ON a."id" = l."accountId" LEFT JOIN "SocietyWorker" w ON w."id" = l."workerId"
    WHERE l."societyId" = ${societyId} GROUP BY a."code", w."code" ORDER BY a."code", w."code"`;
  const members = await prisma.societyMember.findMany({ where: { societyId }, select: { id: true, code: true }, orderBy: { code: "asc" } });
  const passbooks = Object.fromEntries(await Promise.all(members.map(async (m) => [m.code, await memberMovements(societyId, m.id)] as const)));
  return { accounts: accounts.map((a) => ({ ...a, total: Number(a.total) })), passbooks, trial: await trialBalance(societyId, today) };
}

beforeAll(async () => {
  adminId = (await createStaff("society_manager")).id;
  const fieldWorkerStaff = await createStaff("collection_agent");
  societyId = (await createTestSociety()).id;
  await grantSociety(societyId, adminId, "admin");
  await grantSociety(societyId, fieldWorkerStaff.id, "user");
  await signInAs(adminId);

  const office = must(await addWorkerAction(societyId, { name: "অফিস কর্মী", area: "মিরপুর", phone: phone() }));
  const field = must(await addWorkerAction(societyId, { name: "মাঠকর্মী সালমা", area: "উত্তরা", phone: phone() }));
  await prisma.societyWorker.update({ where: { id: field.id }, data: { staffUserId: fieldWorkerStaff.id } });
  const member = async (workerId: string, loanAmount: string) =>
    must(await addMemberAction(societyId, { memberCode: `RT-${++counter}`, name: `সদস্য ${counter}`, nid: "3304718265", phone: phone(), workerId, installmentAmount: "100", savingsAmount: "50", loanAmount, idempotencyKey: randomUUID() }));
  const [a, b] = [await member(office.id, "5000"), await member(office.id, "")];
  const c = await member(field.id, "3000");

  // Yesterday's sheet, then today's, saved twice (a correction); savings in and out the same day.
  must(await saveCollectionSheetAction(societyId, { workerId: office.id, date: yesterday, rows: [{ memberId: a.id, installment: "100", savings: "2000" }, { memberId: b.id, installment: "", savings: "1500" }], idempotencyKey: randomUUID() }));
  must(await saveCollectionSheetAction(societyId, { workerId: office.id, date: today, rows: [{ memberId: a.id, installment: "100", savings: "50" }, { memberId: b.id, installment: "", savings: "300" }], idempotencyKey: randomUUID() }));
  must(await requestWithdrawalAction(societyId, { memberId: a.id, amount: "1000", idempotencyKey: randomUUID() }));
  must(await saveCollectionSheetAction(societyId, { workerId: office.id, date: today, rows: [{ memberId: a.id, installment: "200", savings: "80" }, { memberId: b.id, installment: "", savings: "300" }], idempotencyKey: randomUUID() }));
  must(await requestWithdrawalAction(societyId, { memberId: b.id, amount: "500", idempotencyKey: randomUUID() }));
  must(await requestWithdrawalAction(societyId, { memberId: b.id, amount: "500", idempotencyKey: randomUUID() }));
  // A withdrawal above the limit, still waiting: after a restore, the one who asked still cannot approve it.
  await prisma.society.update({ where: { id: societyId }, data: { withdrawalApprovalLimit: 100 } });
  must(await requestWithdrawalAction(societyId, { memberId: a.id, amount: "150", idempotencyKey: randomUUID() }));
  await prisma.society.update({ where: { id: societyId }, data: { withdrawalApprovalLimit: 5000 } });
  must(await giveMemberLoanAction(societyId, { memberId: b.id, principal: "4000", ratePercent: "10", method: "flat", frequency: "weekly", instalmentCount: "10", firstDueDate: today, idempotencyKey: randomUUID() }));
  const income = must(await addIncomeExpenseAction(societyId, { type: "income", category: "অনুদান", amount: "9000", description: "", date: yesterday, idempotencyKey: randomUUID() }));
  must(await addIncomeExpenseAction(societyId, { type: "expense", category: "ভাড়া", amount: "700", description: "", date: today, idempotencyKey: randomUUID() }));
  must(await reverseIncomeExpenseAction(societyId, { incomeExpenseId: income.id, idempotencyKey: randomUUID() }));

  // The field app: the worker collects from her member, hands the cash over, and an admin confirms it.
  const worker = actorOf(fieldWorkerStaff.id, "user");
  const synced = await syncFieldEntries(worker, {
    deviceId: randomUUID(),
    pending: 0,
    attention: 0,
    entries: [{ id: randomUUID(), workerId: field.id, memberId: c.id, date: today, installment: 300, savings: 120, recordedAt: new Date().toISOString() }],
  });
  expect(synced.results.map((r) => r.status)).toEqual(["recorded"]);
  const handover = must(await submitHandover(worker, { version: 1, date: today, counted: 420, note: "", idempotencyKey: randomUUID() }));
  must(await confirmHandover(actorOf(adminId, "admin"), { handoverId: handover.id, idempotencyKey: randomUUID() }));
});

async function exportAndRestore() {
  const params = { params: Promise.resolve({ societyId }) };
  const exported = await download(new Request(`http://localhost/society-manager/${societyId}/backup`), params);
  expect(exported.status).toBe(200);
  const file = await exported.text();
  const restored = await upload(new Request(`http://localhost/society-manager/${societyId}/backup`, { method: "POST", body: file, headers: { "content-type": "application/json" } }), params);
  expect(await restored.json()).toMatchObject({ ok: true });
  return JSON.parse(file) as Record<string, unknown>;
}

describe("a backup's round trip", () => {
  it("leaves every account's balance, each worker's cash and every passbook (line order included) as they were", async () => {
    const before = await snapshot();
    // The hand-over moved the field worker's cash into cash in hand: nothing is left with her.
    const fieldCash = before.accounts.filter((a) => a.code === "1010" && a.worker === "W002");
    expect(fieldCash.reduce((sum, a) => sum + a.total, 0)).toBe(0);
    const file = await exportAndRestore();
    expect(file.handovers).toHaveLength(1);
    const after = await snapshot();
    expect(after.accounts).toEqual(before.accounts);
    expect(after.trial).toEqual(before.trial);
    expect(after.passbooks).toEqual(before.passbooks);
    // Twice over: a restored society's own export restores to the same books again.
    await exportAndRestore();
    expect(await snapshot()).toEqual(before);
    // Each restored entry carries the time of its record, not the restore's one instant (the walk's passbook of −৳১,০০০).
    const times = await prisma.societyJournalEntry.groupBy({ by: ["createdAt"], where: { societyId } });
    expect(times.length).toBeGreaterThan(5);
    const waiting = await prisma.societyWithdrawal.findFirstOrThrow({ where: { societyId, status: "requested" }, select: { id: true, requestedById: true } });
    expect(waiting.requestedById).toBe(adminId);
    expect(await approveWithdrawalAction(societyId, { withdrawalId: waiting.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "forbidden", reason: "withdrawalSamePerson" } });
  });

  it("refuses an older file without hand-overs over a society that has confirmed ones, changing nothing", async () => {
    const params = { params: Promise.resolve({ societyId }) };
    const file = JSON.parse(await (await download(new Request(`http://localhost/society-manager/${societyId}/backup`), params)).text()) as Record<string, unknown>;
    delete file.handovers;
    const before = await snapshot();
    const response = await upload(new Request(`http://localhost/society-manager/${societyId}/backup`, { method: "POST", body: JSON.stringify(file), headers: { "content-type": "application/json" } }), params);
    expect(await response.json()).toEqual({ ok: false, problems: [{ code: "handoversMissing", value: "1" }] });
    expect(await snapshot()).toEqual(before);
  });
});
