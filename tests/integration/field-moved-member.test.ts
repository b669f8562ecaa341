/**
 * Issue 46, point 6 on PostgreSQL: the office moves a member to another worker (audited, one of two concurrent moves
 * wins, a replay answers as the first); an entry the old worker's phone made for her since is kept once for an admin's
 * approval, resent as often as the phone likes; approved, it is recorded once as the collecting worker's collection
 * (her hand-over expects the cash, the new worker's sheet shows the member paid, the books balance) and the phone's
 * resend gets its receipt; refused, the phone is told. Never decided by the account that sent it, decided once (the
 * database refuses a second decision or a changed figure).
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { GET as sheetRoute } from "@/app/society-manager/[societyId]/field/sheet/route";
import { POST as handoverRoute } from "@/app/society-manager/[societyId]/field/handover/route";
import { POST as syncRoute } from "@/app/society-manager/[societyId]/field/sync/route";
import { decideMovedEntryAction, moveMemberAction } from "@/lib/society/field/actions";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { trialBalance } from "@/lib/society/books/queries";
import { fieldOverview, type FieldSheet } from "@/lib/society/field/queries";
import type { FieldSyncResponse } from "@/lib/society/field/schemas";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety, seedSocietyRecords } from "../support/society";

let societyId: string;
let oldWorkerUser: string;
let newWorkerUser: string;
let adminUser: string;
let w1: string;
let w2: string;
let m1: string;
const today = dhakaToday();

beforeEach(async () => {
  societyId = (await createTestSociety()).id;
  const seeded = await seedSocietyRecords(societyId, [], { loan: 100_000 });
  [w1, w2] = seeded.workers.map((w) => w.id) as [string, string];
  m1 = seeded.members[0]!.id;
  oldWorkerUser = (await createStaff("collection_agent")).id;
  newWorkerUser = (await createStaff("collection_agent")).id;
  adminUser = (await createStaff("society_manager")).id;
  await grantSociety(societyId, oldWorkerUser, "user");
  await grantSociety(societyId, newWorkerUser, "user");
  await grantSociety(societyId, adminUser, "admin");
  await prisma.societyWorker.update({ where: { id: w1 }, data: { staffUserId: oldWorkerUser } });
  await prisma.societyWorker.update({ where: { id: w2 }, data: { staffUserId: newWorkerUser } });
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

async function sync(entries: unknown[]) {
  const response = await syncRoute(
    new Request(`http://localhost/society-manager/${societyId}/field/sync`, {
      method: "POST",
      headers: { "content-type": "application/json", host: "localhost" },
      body: JSON.stringify({ version: 1, deviceId: "0193a1b2-0000-7000-8000-00000000a001", pending: 0, attention: 0, entries }),
    }),
    { params: Promise.resolve({ societyId }) },
  );
  return (await response.json()) as FieldSyncResponse;
}

async function sheet(): Promise<FieldSheet> {
  const response = await sheetRoute(new Request(`http://localhost/society-manager/${societyId}/field/sheet`), { params: Promise.resolve({ societyId }) });
  return (await response.json()) as FieldSheet;
}

const move = (memberId: string, fromWorkerId: string, toWorkerId: string) => moveMemberAction(societyId, { memberId, fromWorkerId, toWorkerId });
const answer = (body: FieldSyncResponse) => body.results.map((r) => (r.status === "refused" ? r.reason : r.status));

describe("moving a member to another worker", () => {
  it("moves her with both workers' counts and the area, audited; a replay answers as the first, a stale form is refused", async () => {
    await signInAs(adminUser);
    const before = await prisma.societyWorker.findMany({ where: { id: { in: [w1, w2] } }, select: { id: true, totalMembers: true } });
    const count = (id: string) => before.find((w) => w.id === id)!.totalMembers;
    expect(await move(m1, w1, w2)).toEqual({ ok: true, data: { workerId: w2 } });
    expect(await move(m1, w1, w2)).toEqual({ ok: true, data: { workerId: w2 } });
    const worker2 = await prisma.societyWorker.findUniqueOrThrow({ where: { id: w2 } });
    expect(await prisma.societyMember.findUniqueOrThrow({ where: { id: m1 } })).toMatchObject({ workerId: w2, area: worker2.area });
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: w1 } })).totalMembers).toBe(count(w1) - 1);
    expect(worker2.totalMembers).toBe(count(w2) + 1);
    const audits = await prisma.auditLog.findMany({ where: { action: "society.member.move", entityId: m1 } });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: adminUser, before: { workerId: w1 }, after: { workerId: w2 } });
    // A form that still shows her with the first worker, moving her elsewhere: someone moved her meanwhile.
    await prisma.societyWorker.create({ data: { societyId, code: "W009", name: "তৃতীয়", area: "উত্তরা", phone: "+8801811000909", createdByRole: "admin" } });
    const third = await prisma.societyWorker.findFirstOrThrow({ where: { societyId, code: "W009" } });
    expect(await move(m1, w1, third.id)).toMatchObject({ ok: false, error: { code: "conflict", reason: "stale" } });
  });

  it("of two admins moving her at once to different workers, one wins", async () => {
    await signInAs(adminUser);
    const third = await prisma.societyWorker.create({ data: { societyId, code: "W009", name: "তৃতীয়", area: "উত্তরা", phone: "+8801811000909", createdByRole: "admin" } });
    const results = await Promise.all([move(m1, w1, w2), move(m1, w1, third.id)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await prisma.auditLog.count({ where: { action: "society.member.move", entityId: m1 } })).toBe(1);
  });

  it("is the admin's: a society user, another society's member and a worker of another society are refused", async () => {
    await signInAs(oldWorkerUser);
    expect(await move(m1, w1, w2)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await signInAs(adminUser);
    const other = (await createTestSociety()).id;
    const foreign = await seedSocietyRecords(other, []);
    expect(await move(foreign.members[0]!.id, foreign.workers[0]!.id, w2)).toMatchObject({ ok: false, error: { code: "notFound" } });
    expect(await move(m1, w1, foreign.workers[1]!.id)).toMatchObject({ ok: false, error: { code: "validation" } });
    expect((await prisma.societyMember.findUniqueOrThrow({ where: { id: m1 } })).workerId).toBe(w1);
  });
});

describe("an entry for a moved member", () => {
  async function heldEntry() {
    await signInAs(adminUser);
    await move(m1, w1, w2);
    await signInAs(oldWorkerUser);
    const made = entry(m1, { installment: 100, savings: 75 });
    expect(answer(await sync([made]))).toEqual(["memberMoved"]);
    return made;
  }

  it("is kept once for approval however often the phone sends it, and nothing is recorded meanwhile", async () => {
    const made = await heldEntry();
    expect(answer(await sync([made, made]))).toEqual(["memberMoved", "memberMoved"]);
    expect(await prisma.fieldMovedEntry.findMany({ where: { societyId } })).toEqual([
      expect.objectContaining({ clientId: made.id, memberId: m1, fromWorkerId: w1, toWorkerId: w2, installment: 100, savings: 75, status: "pending", submittedById: oldWorkerUser }),
    ]);
    expect(await prisma.societyCollection.count({ where: { societyId } })).toBe(0);
    const overview = await fieldOverview(societyId);
    expect(overview.movedEntries).toHaveLength(1);
    expect(overview.movedEntries[0]).toMatchObject({ installment: 100, savings: 75, fromWorker: { code: expect.any(String) }, member: { memberCode: "ASS-001" } });
  });

  it("approved, is recorded once as the collecting worker's: her hand-over expects it, the new worker's sheet shows the member paid, the books balance", async () => {
    const made = await heldEntry();
    const held = await prisma.fieldMovedEntry.findFirstOrThrow({ where: { societyId } });
    // Not by the account whose phone sent it, nor by a society user.
    expect(await decideMovedEntryAction(societyId, { movedEntryId: held.id, decision: "approve" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await prisma.societyWorker.update({ where: { id: w1 }, data: { staffUserId: null } });
    await grantSociety(societyId, oldWorkerUser, "admin");
    await signInAs(oldWorkerUser);
    expect(await decideMovedEntryAction(societyId, { movedEntryId: held.id, decision: "approve" })).toMatchObject({ ok: false, error: { code: "forbidden", reason: "ownFieldEntry" } });
    await grantSociety(societyId, oldWorkerUser, "user");
    await prisma.societyWorker.update({ where: { id: w1 }, data: { staffUserId: oldWorkerUser } });

    // Two admins' approvals (or a double tap) at once: one collection, the same receipt for both.
    await signInAs(adminUser);
    const [a, b] = await Promise.all([decideMovedEntryAction(societyId, { movedEntryId: held.id, decision: "approve" }), decideMovedEntryAction(societyId, { movedEntryId: held.id, decision: "approve" })]);
    expect(a).toMatchObject({ ok: true, data: { status: "approved", receipt: expect.stringMatching(/^C\d{3,}$/) } });
    expect(b).toEqual(a);
    const receipt = a.ok ? a.data.receipt : null;
    const collections = await prisma.societyCollection.findMany({ where: { societyId } });
    expect(collections).toEqual([expect.objectContaining({ code: receipt, clientId: made.id, memberId: m1, workerId: w1, createdById: oldWorkerUser, installmentCollected: 100, savingsCollected: 75 })]);
    expect(await prisma.auditLog.count({ where: { action: "society.field.moved_entry_approve", entityId: held.id, actorId: adminUser } })).toBe(1);
    expect(await decideMovedEntryAction(societyId, { movedEntryId: held.id, decision: "refuse" })).toMatchObject({ ok: false, error: { code: "conflict", reason: "alreadyDecided" } });
    const trial = await trialBalance(societyId, today);
    expect(trial.debit).toBe(trial.credit);
    expect((await fieldOverview(societyId)).movedEntries).toHaveLength(0);

    // The old phone's resend gets the receipt; its sheet keeps the collection as its own (the hand-over expects it).
    await signInAs(oldWorkerUser);
    const resent = await sync([made]);
    expect(resent.results[0]).toMatchObject({ status: "duplicate", receipt });
    const oldSheet = await sheet();
    expect(oldSheet.members.map((m) => m.id)).not.toContain(m1);
    expect(oldSheet.collections).toEqual([expect.objectContaining({ memberId: m1, receipt, installment: 100, savings: 75, mine: true })]);
    const handover = await handoverRoute(
      new Request(`http://localhost/society-manager/${societyId}/field/handover`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ version: 1, date: today, counted: 175, idempotencyKey: randomUUID() }) }),
      { params: Promise.resolve({ societyId }) },
    );
    expect(await handover.json()).toMatchObject({ ok: true, data: { expected: 175, counted: 175 } });

    // The new worker's phone: the member is on her sheet, paid with that receipt (not hers to hand over).
    await signInAs(newWorkerUser);
    const newSheet = await sheet();
    expect(newSheet.members.map((m) => m.id)).toContain(m1);
    expect(newSheet.collections).toEqual([expect.objectContaining({ memberId: m1, receipt, mine: false })]);
  });

  it("refused, the phone is told on its next sync and nothing is recorded", async () => {
    const made = await heldEntry();
    const held = await prisma.fieldMovedEntry.findFirstOrThrow({ where: { societyId } });
    await signInAs(adminUser);
    expect(await decideMovedEntryAction(societyId, { movedEntryId: held.id, decision: "refuse" })).toEqual({ ok: true, data: { status: "refused", receipt: null } });
    await signInAs(oldWorkerUser);
    expect(answer(await sync([made]))).toEqual(["memberMoveRefused"]);
    expect(await prisma.societyCollection.count({ where: { societyId } })).toBe(0);
    expect(await prisma.auditLog.count({ where: { action: "society.field.moved_entry_refuse", entityId: held.id } })).toBe(1);
  });

  it("is approved only while the books take it: an instalment beyond her loan is refused with the reason", async () => {
    await signInAs(adminUser);
    await move(m1, w1, w2);
    await signInAs(oldWorkerUser);
    expect(answer(await sync([entry(m1, { installment: 100_000, savings: 0 })]))).toEqual(["memberMoved"]);
    await signInAs(newWorkerUser);
    expect(answer(await sync([entry(m1, { workerId: w2, installment: 60_000, savings: 0 })]))).toEqual(["recorded"]);
    await signInAs(adminUser);
    const held = await prisma.fieldMovedEntry.findFirstOrThrow({ where: { societyId } });
    expect(await decideMovedEntryAction(societyId, { movedEntryId: held.id, decision: "approve" })).toMatchObject({ ok: false, error: { code: "conflict", reason: "instalmentBeyondLoan", details: { owed: 40_000 } } });
    expect((await prisma.fieldMovedEntry.findUniqueOrThrow({ where: { id: held.id } })).status).toBe("pending");
  });

  it("keeps its figures and its one decision in the database, whoever writes", async () => {
    await heldEntry();
    const held = await prisma.fieldMovedEntry.findFirstOrThrow({ where: { societyId } });
    await expect(prisma.fieldMovedEntry.update({ where: { id: held.id }, data: { installment: 10 } })).rejects.toThrow(/keeps its figures/);
    await expect(prisma.fieldMovedEntry.update({ where: { id: held.id }, data: { status: "approved", decidedById: adminUser, decidedAt: new Date() } })).rejects.toThrow(/names who decided/);
    await prisma.fieldMovedEntry.update({ where: { id: held.id }, data: { status: "refused", decidedById: adminUser, decidedAt: new Date() } });
    await expect(prisma.fieldMovedEntry.update({ where: { id: held.id }, data: { status: "approved", decidedById: adminUser, decidedAt: new Date(), collectionCode: "C999" } })).rejects.toThrow(/decided once/);
  });
});
