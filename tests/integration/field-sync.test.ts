/**
 * The field app's sync and sheet route handlers on PostgreSQL: each entry recorded exactly once by the id the phone
 * made (a retry, 20 concurrent replays of one batch), receipt numbers without gaps or repeats under concurrency,
 * refusals with their reasons (member deleted, moved, inactive; amount; the caller's own worker), permissions
 * (anonymous, another society, no grant, a revoked grant, a cross-site page), one receipt SMS per member per day,
 * and the day's sheet with two phones' collections of one member flagged.
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { GET as sheetRoute } from "@/app/society-manager/[societyId]/field/sheet/route";
import { POST as handoverRoute } from "@/app/society-manager/[societyId]/field/handover/route";
import { POST as syncRoute } from "@/app/society-manager/[societyId]/field/sync/route";
import { confirmHandoverAction } from "@/lib/society/field/actions";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { fieldOverview } from "@/lib/society/field/queries";
import { FIELD_DEVICE_STALE_MS, type FieldEntryResult, type FieldSyncResponse } from "@/lib/society/field/schemas";
import { sessionState } from "../support/session-state";
import { createStaff, signInAs } from "../support/staff-session";
import { memberBalances } from "@/lib/society/books/queries";
import { createTestSociety, grantSociety, seedSocietyRecords } from "../support/society";

let societyId: string;
let workerUser: string;
let adminUser: string;
let w1: string;
let w2: string;
let m1: string;
let m2: string;
let m3: string;
const today = dhakaToday();

beforeEach(async () => {
  societyId = (await createTestSociety()).id;
  // Lent at joining: the phone's instalments repay a loan (one beyond it is refused, tested below).
  const seeded = await seedSocietyRecords(societyId, [], { loan: 100_000 });
  [w1, w2] = seeded.workers.map((w) => w.id) as [string, string];
  [m1, m2, m3] = seeded.members.map((m) => m.id) as [string, string, string];
  workerUser = (await createStaff("collection_agent")).id;
  adminUser = (await createStaff("society_manager")).id;
  await grantSociety(societyId, workerUser, "user");
  await grantSociety(societyId, adminUser, "admin");
  await prisma.societyWorker.update({ where: { id: w1 }, data: { staffUserId: workerUser } });
  await signInAs(workerUser);
});

const entry = (memberId: string, over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  workerId: w1,
  memberId,
  date: today,
  installment: 100,
  savings: 50,
  recordedAt: new Date().toISOString(),
  ...over,
});

async function sync(entries: unknown[], init: { deviceId?: string; headers?: Record<string, string>; society?: string } = {}) {
  const society = init.society ?? societyId;
  const response = await syncRoute(
    new Request(`http://localhost/society-manager/${society}/field/sync`, {
      method: "POST",
      headers: { "content-type": "application/json", host: "localhost", ...init.headers },
      body: JSON.stringify({ version: 1, deviceId: init.deviceId ?? "0193a1b2-0000-7000-8000-000000000001", pending: 0, attention: 0, entries }),
    }),
    { params: Promise.resolve({ societyId: society }) },
  );
  return { status: response.status, body: (await response.json().catch(() => null)) as FieldSyncResponse };
}

async function sheet(query = "", society = societyId) {
  const response = await sheetRoute(new Request(`http://localhost/society-manager/${society}/field/sheet${query}`), { params: Promise.resolve({ societyId: society }) });
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: (await response.json()) as Record<string, unknown> };
}

const receiptNumber = (code: string) => Number(code.replace(/^C/, ""));
const collectionCount = () => prisma.societyCollection.count({ where: { societyId } });

describe("field sync", () => {
  it("stores the moment an entry was recorded whatever offset the phone wrote it with", async () => {
    const made = entry(m1, { recordedAt: `${today}T08:15:00+06:00` });
    expect((await sync([made])).body.results[0]!.status).toBe("recorded");
    const stored = await prisma.societyCollection.findUniqueOrThrow({ where: { societyId_clientId: { societyId, clientId: made.id } } });
    expect(stored.recordedAt!.toISOString()).toBe(new Date(`${today}T02:15:00Z`).toISOString());
  });

  it("refuses an impossible date or an upper-case replay only for that entry; the rest of the batch is recorded", async () => {
    const first = entry(m1);
    expect((await sync([first])).body.results[0]!.status).toBe("recorded");
    // Day 0 of this month: inside the accepted range as text, not a date.
    const impossible = entry(m2, { date: `${today.slice(0, 8)}00` });
    const fine = entry(m1);
    const { status, body } = await sync([{ ...first, id: first.id.toUpperCase() }, impossible, fine]);
    expect(status).toBe(200);
    expect(body.results.map((r) => r.status)).toEqual(["duplicate", "refused", "recorded"]);
    expect(body.results[1]).toMatchObject({ status: "refused", reason: "invalid" });
    expect(body.results[0]!.id).toBe(first.id.toUpperCase());
    expect(await collectionCount()).toBe(2);
  });

  it("refuses an entry whose recording moment is days off the server's clock, and never prints it on a receipt", async () => {
    const ahead = entry(m1, { recordedAt: "2099-01-01T00:00:00.000Z" });
    const behind = entry(m2, { recordedAt: "1971-01-01T00:00:00.000Z" });
    const fine = entry(m1, { recordedAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    const { body } = await sync([ahead, behind, fine]);
    expect(body.results.map((r) => (r.status === "refused" ? r.reason : r.status))).toEqual(["recordedAtOutOfRange", "recordedAtOutOfRange", "recorded"]);
    expect(await collectionCount()).toBe(1);
  });

  it("answers a resend with other figures as a conflict naming the recorded receipt; the recorded collection stands", async () => {
    const first = entry(m1);
    const recorded = (await sync([first])).body.results[0]!;
    if (recorded.status !== "recorded") throw new Error(JSON.stringify(recorded));
    const { body } = await sync([{ ...first, installment: 300 }, { ...first }], { deviceId: "0193a1b2-0000-7000-8000-0000000000bb" });
    expect(body.results[0]).toEqual({ id: first.id, status: "refused", reason: "differsFromRecorded", receipt: recorded.receipt });
    // The same figures again (a replay): the first answer.
    expect(body.results[1]).toMatchObject({ status: "duplicate", receipt: recorded.receipt });
    const stored = await prisma.societyCollection.findUniqueOrThrow({ where: { societyId_clientId: { societyId, clientId: first.id } } });
    expect(stored).toMatchObject({ installmentCollected: 100, savingsCollected: 50 });
    expect(await collectionCount()).toBe(1);
    // The phone keeps the conflicting copy until the worker discards it: counted as held on the dashboard.
    expect(await prisma.fieldDevice.findUniqueOrThrow({ where: { societyId_id: { societyId, id: "0193a1b2-0000-7000-8000-0000000000bb" } } })).toMatchObject({ attentionReported: 1 });
  });

  it("shows the office what phones hold now: a phone that reported nothing for three days is old news, not counted", async () => {
    const fresh = "0193a1b2-0000-7000-8000-0000000000c1";
    const silent = "0193a1b2-0000-7000-8000-0000000000c2";
    await sync([entry("gone-member")], { deviceId: fresh });
    await sync([entry("gone-member")], { deviceId: silent });
    await prisma.fieldDevice.update({ where: { societyId_id: { societyId, id: silent } }, data: { lastSyncAt: new Date(Date.now() - FIELD_DEVICE_STALE_MS - 60_000) } });
    const worker = (await fieldOverview(societyId)).workers.find((w) => w.id === w1);
    expect(worker).toMatchObject({ onPhones: 1, onStalePhones: 1 });
    // The fresh phone reports it holds nothing now (the entry discarded): the count goes to 0.
    await syncRoute(
      new Request(`http://localhost/society-manager/${societyId}/field/sync`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost" },
        body: JSON.stringify({ version: 1, deviceId: fresh, pending: 0, attention: 0, entries: [] }),
      }),
      { params: Promise.resolve({ societyId }) },
    );
    expect((await fieldOverview(societyId)).workers.find((w) => w.id === w1)).toMatchObject({ onPhones: 0, onStalePhones: 1 });
  });

  it("keeps the phone's report of what it still holds, counting what the batch has just refused", async () => {
    await sync([entry(m1), entry("gone-member")], { deviceId: "0193a1b2-0000-7000-8000-0000000000aa" });
    const device = await prisma.fieldDevice.findUniqueOrThrow({ where: { societyId_id: { societyId, id: "0193a1b2-0000-7000-8000-0000000000aa" } } });
    expect(device).toMatchObject({ staffUserId: workerUser, pendingReported: 0, attentionReported: 1 });
  });

  it("continues a society's receipt numbers from its highest code when the society has no counter row yet", async () => {
    // Societies made before the counters existed: the numbers start after the highest code on record (C150 here).
    await prisma.societySequence.deleteMany({ where: { societyId, kind: "collection" } });
    await prisma.societyCollection.createMany({
      data: [5, 20, 150].map((n) => ({ societyId, code: `C${String(n).padStart(3, "0")}`, memberId: m1, workerId: w1, date: new Date("2026-01-01"), installmentCollected: 10, savingsCollected: 0, createdByRole: "admin" as const })),
    });
    const { body } = await sync([entry(m1), entry(m2)]);
    expect(body.results.map((r) => (r as Extract<FieldEntryResult, { receipt: string }>).receipt)).toEqual(["C151", "C152"]);
  });

  it("records 20 entries once each, numbered without gaps; a replay answers duplicate with the same receipts", async () => {
    const entries = Array.from({ length: 20 }, (_, i) => entry(i % 2 ? m1 : m2, { installment: 100 + i }));
    const first = await sync(entries);
    expect(first.status).toBe(200);
    expect(first.body.results.map((r) => r.status)).toEqual(Array(20).fill("recorded"));
    const receipts = first.body.results.map((r) => (r as Extract<FieldEntryResult, { receipt: string }>).receipt);
    const numbers = receipts.map(receiptNumber).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => numbers[0]! + i));
    expect(await collectionCount()).toBe(20);
    const stored = await prisma.societyCollection.findUniqueOrThrow({ where: { societyId_clientId: { societyId, clientId: entries[3]!.id } } });
    expect(stored).toMatchObject({ memberId: entries[3]!.memberId, workerId: w1, installmentCollected: 103, savingsCollected: 50, status: "collected", createdById: workerUser, createdByRole: "user" });
    expect(stored.recordedAt!.toISOString()).toBe(entries[3]!.recordedAt);

    const again = await sync(entries);
    expect(again.body.results.map((r) => r.status)).toEqual(Array(20).fill("duplicate"));
    expect(again.body.results.map((r) => (r as { receipt: string }).receipt)).toEqual(receipts);
    expect(await collectionCount()).toBe(20);

    // The worker's running total, the phone's report, one audit row per sync, one receipt SMS per member per day.
    const total = entries.reduce((sum, e) => sum + (e.installment as number) + (e.savings as number), 0);
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: w1 } })).dailyCollection).toBe(total);
    expect(await prisma.fieldDevice.count({ where: { societyId, staffUserId: workerUser } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { action: "society.field.sync", entityId: societyId } })).toBe(2);
    const sms = await prisma.outboxMessage.findMany({ where: { template: "society.receipt", entityId: { in: [m1, m2] } } });
    expect(sms.map((s) => s.recipient).sort()).toEqual(["+8801811000201", "+8801811000202"]);
    expect(sms.every((s) => /আদায় হয়েছে, রসিদ C\d+/.test(s.body) && s.language === "bn")).toBe(true);
  });

  it("of 20 concurrent replays of one batch, exactly one records; every answer has the same receipts", async () => {
    const entries = Array.from({ length: 10 }, () => entry(m1));
    const answers = await Promise.all(Array.from({ length: 20 }, () => sync(entries)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await collectionCount()).toBe(10);
    const receipts = answers.map((a) => a.body.results.map((r) => (r as { receipt: string }).receipt).join(","));
    expect(new Set(receipts).size).toBe(1);
    expect(answers.filter((a) => a.body.results.every((r) => r.status === "recorded"))).toHaveLength(1);
    expect(answers.filter((a) => a.body.results.every((r) => r.status === "duplicate"))).toHaveLength(19);
  });

  it("numbers receipts without gaps or repeats when phones sync different batches at once", async () => {
    const batches = Array.from({ length: 10 }, () => Array.from({ length: 5 }, () => entry(m2)));
    // A refused entry in every batch must not take a number.
    await Promise.all(batches.map((b) => sync([...b, entry("no-such-member")])));
    const codes = (await prisma.societyCollection.findMany({ where: { societyId }, select: { code: true } })).map((c) => receiptNumber(c.code)).sort((a, b) => a - b);
    expect(codes).toHaveLength(50);
    expect(codes).toEqual(Array.from({ length: 50 }, (_, i) => codes[0]! + i));
  });

  it("refuses, with the reason, what the society no longer allows, and records the rest", async () => {
    await prisma.societyMember.update({ where: { id: m2 }, data: { workerId: w2 } }); // moved to another worker
    const gone = await prisma.societyMember.create({
      data: { societyId, code: "M099", memberCode: "X-99", name: "চলে গেছেন", nid: "1234567890", phone: "+8801811000299", workerId: w1, area: "মিরপুর", joinDate: new Date("2026-01-05"), createdByRole: "admin" },
    });
    await prisma.societyMember.delete({ where: { id: gone.id } });
    const inactive = await prisma.societyMember.create({
      data: { societyId, code: "M098", memberCode: "X-98", name: "নিষ্ক্রিয়", nid: "1234567891", phone: "+8801811000298", workerId: w1, area: "মিরপুর", joinDate: new Date("2026-01-05"), status: "inactive", createdByRole: "admin" },
    });
    const batch = [
      entry(m1),
      entry(m2),
      entry(gone.id),
      entry(inactive.id),
      entry(m1, { installment: 250_000 }),
      entry(m3, { workerId: w2 }), // another worker's member
      { id: randomUUID(), nonsense: true },
    ];
    const { body } = await sync(batch);
    expect(body.results.map((r) => (r.status === "refused" ? r.reason : r.status))).toEqual([
      "recorded",
      "memberMoved", // kept for an admin's approval (tests/integration/field-moved-member.test.ts)
      "memberNotFound",
      "memberInactive",
      "amountOutOfRange",
      "memberNotYours",
      "invalid",
    ]);
    expect(await collectionCount()).toBe(1);
  });

  it("refuses an instalment beyond what the member owes (the walk's −৳100 loan), counting the batch's own, and records her savings", async () => {
    const noLoan = await prisma.societyMember.create({
      data: { societyId, code: "M097", memberCode: "X-97", name: "ঋণ নেই", nid: "1234567892", phone: "+8801811000297", workerId: w1, area: "মিরপুর", joinDate: new Date("2026-01-05"), createdByRole: "admin" },
    });
    const { body } = await sync([
      entry(noLoan.id, { installment: 100, savings: 0 }),
      entry(noLoan.id, { installment: 0, savings: 100 }),
      entry(m1, { installment: 60_000, savings: 0 }),
      entry(m1, { installment: 60_000, savings: 0 }),
    ]);
    expect(body.results.map((r) => (r.status === "refused" ? r.reason : r.status))).toEqual(["instalmentBeyondLoan", "recorded", "recorded", "instalmentBeyondLoan"]);
    const balances = await memberBalances(societyId, [noLoan.id, m1]);
    expect(balances.get(noLoan.id)).toEqual({ savings: 100, loanOutstanding: 0 });
    expect(balances.get(m1)!.loanOutstanding).toBe(40_000);
  });

  it("lets an admin record for any worker's member, as that member's worker", async () => {
    await signInAs(adminUser);
    const { body } = await sync([entry(m3, { workerId: w2 }), entry(m1)]);
    expect(body.results.map((r) => r.status)).toEqual(["recorded", "recorded"]);
  });

  it("is refused to the anonymous, another society, a user without a grant or with a revoked one, and a cross-site page", async () => {
    const batch = [entry(m1)];
    sessionState.token = null;
    expect((await sync(batch)).status).toBe(401);

    const other = await createTestSociety();
    await signInAs(workerUser);
    expect((await sync(batch, { society: other.id })).status).toBe(404);

    const stranger = await createStaff("collection_agent");
    await signInAs(stranger.id);
    expect((await sync(batch)).status).toBe(404);

    await signInAs(workerUser);
    expect((await sync(batch, { headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } })).status).toBe(403);

    await prisma.societyManager.delete({ where: { societyId_staffUserId: { societyId, staffUserId: workerUser } } });
    expect((await sync(batch)).status).toBe(404);
    expect(await collectionCount()).toBe(0);
  });

  it("refuses every entry of a user whose account collects as no worker", async () => {
    await prisma.societyWorker.update({ where: { id: w1 }, data: { staffUserId: null } });
    const { body } = await sync([entry(m1)]);
    expect(body.results).toEqual([{ id: expect.any(String), status: "refused", reason: "noWorkerLinked" }]);
    expect((await sheet()).status).toBe(409);
  });

  it("answers a request that is not version 1 with the version it speaks", async () => {
    const response = await syncRoute(
      new Request(`http://localhost/society-manager/${societyId}/field/sync`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ version: 2, entries: [] }) }),
      { params: Promise.resolve({ societyId }) },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "badRequest", version: 1 });
  });
});

describe("field sheet", () => {
  it("gives a user their own worker's members without NID or phone, and flags a member collected on two phones", async () => {
    const first = await sheet();
    expect(first.status).toBe(200);
    expect(first.cacheControl).toBe("private, no-store");
    expect(first.body).toMatchObject({ version: 1, admin: false, workers: [], worker: { id: w1 }, date: today });
    expect((first.body.members as { id: string }[]).map((m) => m.id)).toEqual([m1, m2]);
    const text = JSON.stringify(first.body);
    expect(text).not.toContain("3304718265");
    expect(text).not.toContain("+8801811000201");

    // Two phones, each offline, record the same member: both kept, the member flagged.
    await sync([entry(m1)], { deviceId: "0193a1b2-0000-7000-8000-00000000000a" });
    await sync([entry(m1, { installment: 90 })], { deviceId: "0193a1b2-0000-7000-8000-00000000000b" });
    const after = await sheet();
    expect((after.body.collections as { memberId: string }[]).filter((c) => c.memberId === m1)).toHaveLength(2);
    expect(after.body.flagged).toEqual([m1]);
    // The members' balances from the books, as of this read: both collections posted.
    const balances = (after.body.members as { id: string; balance: { savings: number; loanOutstanding: number } }[]).find((m) => m.id === m1)!.balance;
    const collected = await prisma.societyCollection.aggregate({ where: { memberId: m1 }, _sum: { installmentCollected: true, savingsCollected: true } });
    expect(balances).toEqual({ savings: collected._sum.savingsCollected, loanOutstanding: 100_000 - (collected._sum.installmentCollected ?? 0) });
    // A user cannot ask for another worker's sheet: they always get their own.
    expect((await sheet(`?worker=${w2}`)).body.worker).toMatchObject({ id: w1 });
  });

  it("lets an admin choose the worker", async () => {
    await signInAs(adminUser);
    const chosen = await sheet(`?worker=${w2}`);
    expect(chosen.body).toMatchObject({ admin: true, worker: { id: w2 } });
    expect((chosen.body.workers as { id: string }[]).map((w) => w.id)).toEqual([w1, w2]);
    expect((chosen.body.members as { id: string }[]).map((m) => m.id)).toEqual([m3]);
    expect((await sheet("?worker=nope")).status).toBe(404);
  });
});

describe("closing the day: cash handed over, confirmed by another person", () => {
  async function handover(body: Record<string, unknown>) {
    const response = await handoverRoute(
      new Request(`http://localhost/society-manager/${societyId}/field/handover`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ version: 1, date: today, idempotencyKey: randomUUID(), ...body }) }),
      { params: Promise.resolve({ societyId }) },
    );
    return { status: response.status, body: (await response.json()) as { ok: boolean; data?: { id: string; expected: number; counted: number }; error?: { code: string; reason?: string; fieldErrors?: Record<string, string> } } };
  }

  it("computes what is expected from the worker's recorded collections, needs a note for a difference, once for what is recorded", async () => {
    await sync([entry(m1), entry(m2, { installment: 200, savings: 20 })]);
    const short = await handover({ counted: "৩০০" });
    expect(short.body).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { note: "required" } } });
    const done = await handover({ counted: "৩০০", note: "২০ টাকা কম, কাল দেবেন" });
    expect(done.body).toMatchObject({ ok: true, data: { expected: 370, counted: 300 } });
    expect((await handover({ counted: 370 })).body).toMatchObject({ ok: false, error: { code: "conflict", reason: "alreadySubmitted" } });
    expect(await prisma.auditLog.count({ where: { action: "society.field.handover", entityId: done.body.data!.id } })).toBe(1);
  });

  it("opens a second hand-over for a collection recorded after the first; a resend with the form's key answers the first", async () => {
    await sync([entry(m1)]);
    const key = randomUUID();
    const first = await handover({ counted: 150, idempotencyKey: key });
    expect(first.body).toMatchObject({ ok: true, data: { expected: 150, counted: 150 } });
    // A late collection, then the first form's request again (a retry on a flickering signal): the first answer.
    await sync([entry(m2, { installment: 60, savings: 0 })]);
    expect((await handover({ counted: 150, idempotencyKey: key })).body).toEqual(first.body);
    // The next hand-over expects only what came since.
    const second = await handover({ counted: 60 });
    expect(second.body).toMatchObject({ ok: true, data: { expected: 60, counted: 60 } });
    expect((await handover({ counted: 0 })).body).toMatchObject({ ok: false, error: { code: "conflict", reason: "alreadySubmitted" } });
    const rounds = await prisma.fieldCashHandover.findMany({ where: { societyId, workerId: w1 }, orderBy: { round: "asc" }, select: { round: true, expected: true } });
    expect(rounds).toEqual([{ round: 1, expected: 150 }, { round: 2, expected: 60 }]);
    // The phone's sheet shows the latest, and what the day's hand-overs took.
    expect((await sheet()).body).toMatchObject({ handover: { round: 2, expected: 60, status: "submitted" }, handedOver: 210 });
  });

  it("takes two hand-overs sent at once one after the other: one for the day's cash, the other refused", async () => {
    await sync([entry(m1)]);
    const answers = await Promise.all([handover({ counted: 150 }), handover({ counted: 150 })]);
    expect(answers.filter((a) => a.body.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.body.ok)?.body).toMatchObject({ error: { code: "conflict", reason: "alreadySubmitted" } });
    expect(await prisma.fieldCashHandover.count({ where: { societyId, workerId: w1 } })).toBe(1);
  });

  it("is confirmed by an admin once, never by the person who handed it over", async () => {
    await sync([entry(m1)]);
    const { body } = await handover({ counted: 150 });
    const id = body.data!.id;
    // The worker (a society user) may not confirm.
    expect(await confirmHandoverAction(societyId, { handoverId: id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "forbidden" } });

    // An admin who also collects cannot confirm their own hand-over.
    await prisma.societyWorker.update({ where: { id: w1 }, data: { staffUserId: null } });
    await prisma.societyWorker.update({ where: { id: w2 }, data: { staffUserId: adminUser } });
    await signInAs(adminUser);
    await sync([entry(m3, { workerId: w2 })]);
    const own = await handover({ counted: 150 });
    expect(await confirmHandoverAction(societyId, { handoverId: own.body.data!.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "forbidden", reason: "notSamePerson" } });

    // Of two confirmations of the worker's hand-over at once, one wins.
    const [a, b] = await Promise.all([confirmHandoverAction(societyId, { handoverId: id, idempotencyKey: randomUUID() }), confirmHandoverAction(societyId, { handoverId: id, idempotencyKey: randomUUID() })]);
    expect([a, b].filter((r) => r.ok)).toHaveLength(1);
    expect([a, b].find((r) => !r.ok)).toMatchObject({ error: { code: "conflict", reason: "alreadyConfirmed" } });
    expect(await prisma.fieldCashHandover.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "confirmed", confirmedById: adminUser });
    expect(await prisma.auditLog.count({ where: { action: "society.field.handover_confirm", entityId: id } })).toBe(1);
  });
});
