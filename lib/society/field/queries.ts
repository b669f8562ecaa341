import "server-only";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { dhakaToday } from "@/lib/format";
import type { SocietyActor } from "@/lib/society/access";
import { calendarDateOf, isoDateOf } from "@/lib/validation/fields";
import { membersCollectedTwice } from "./rules";
import { memberBalances, type MemberBalance } from "@/lib/society/books/queries";
import { FIELD_DEVICE_STALE_MS, FIELD_SYNC_VERSION } from "./schemas";
import { ownWorkerId } from "./sync-service";

/**
 * A worker's sheet for one day, as the field app keeps it on the phone: only what the screen needs (no NID, no
 * photo, no phone number). A society user always gets their own worker's sheet; an admin chooses the worker.
 */
export type FieldSheet = {
  version: typeof FIELD_SYNC_VERSION;
  society: { id: string; name: string };
  date: string;
  admin: boolean;
  /** For an admin: the workers to choose from. */
  workers: { id: string; code: string; name: string }[];
  worker: { id: string; code: string; name: string; area: string } | null;
  /** `balance`: savings and loan outstanding from the books when the sheet was read (absent in sheets cached by older builds). */
  members: { id: string; code: string; memberCode: string; name: string; area: string; installment: number; savings: number; balance?: MemberBalance }[];
  /** What the server has for the day, by anyone: the phone shows it as paid. */
  collections: { memberId: string; receipt: string; installment: number; savings: number; recordedAt: string; mine: boolean }[];
  /** Members collected more than once that day, for the manager to check. */
  flagged: string[];
  /** The day's latest hand-over (its round), and what the day's hand-overs took in all (the next round is the rest). */
  handover: { status: "submitted" | "confirmed"; expected: number; counted: number; round: number } | null;
  /** Absent in sheets cached by older builds (their day had one hand-over at most: its expected). */
  handedOver?: number;
};

export type FieldSheetProblem = "noWorkerLinked" | "workerNotFound";

export async function loadFieldSheet(actor: SocietyActor & { society: { id: string; name: string } }, query: { worker?: string; date?: string }, now = new Date()): Promise<FieldSheet | FieldSheetProblem> {
  const admin = actor.access === "admin";
  const date = query.date ?? dhakaToday(now);
  const own = await ownWorkerId(prisma, actor.societyId, actor.createdById);
  const workerId = admin ? (query.worker ?? own) : own;
  if (!admin && !own) return "noWorkerLinked";
  const [workers, worker] = await Promise.all([
    admin ? prisma.societyWorker.findMany({ where: { societyId: actor.societyId, status: "active" }, select: { id: true, code: true, name: true }, orderBy: { code: "asc" } }) : Promise.resolve([]),
    workerId ? prisma.societyWorker.findFirst({ where: { id: workerId, societyId: actor.societyId, status: "active" }, select: { id: true, code: true, name: true, area: true } }) : Promise.resolve(null),
  ]);
  const base = { version: FIELD_SYNC_VERSION, society: { id: actor.society.id, name: actor.society.name }, date, admin, workers };
  if (!worker) {
    if (workerId) return "workerNotFound";
    return { ...base, worker: null, members: [], collections: [], flagged: [], handover: null, handedOver: 0 };
  }
  const day = calendarDateOf(date);
  const [members, collections, handovers] = await Promise.all([
    prisma.societyMember.findMany({
      where: { societyId: actor.societyId, workerId: worker.id, status: "active" },
      select: { id: true, code: true, memberCode: true, name: true, area: true, installmentAmount: true, savingsAmount: true },
      orderBy: { code: "asc" },
    }),
    prisma.societyCollection.findMany({
      // Her members' collections by anyone (paid, whoever collected), and what she collected from members since moved
      // to another worker (her hand-over expects that cash).
      where: { societyId: actor.societyId, date: day, OR: [{ member: { workerId: worker.id } }, { workerId: worker.id }] },
      select: { memberId: true, code: true, installmentCollected: true, savingsCollected: true, recordedAt: true, createdAt: true, createdById: true },
      orderBy: { createdAt: "asc" },
    }),
    prisma.fieldCashHandover.findMany({
      where: { societyId: actor.societyId, workerId: worker.id, date: day },
      select: { status: true, expected: true, counted: true, round: true },
      orderBy: { round: "asc" },
    }),
  ]);
  const balances = await memberBalances(actor.societyId, members.map((m) => m.id));
  return {
    ...base,
    date: isoDateOf(day),
    worker,
    members: members.map((m) => ({ id: m.id, code: m.code, memberCode: m.memberCode, name: m.name, area: m.area, installment: m.installmentAmount, savings: m.savingsAmount, balance: balances.get(m.id) })),
    collections: collections.map((c) => ({
      memberId: c.memberId,
      receipt: c.code,
      installment: c.installmentCollected,
      savings: c.savingsCollected,
      recordedAt: (c.recordedAt ?? c.createdAt).toISOString(),
      mine: c.createdById !== null && c.createdById === actor.createdById,
    })),
    flagged: membersCollectedTwice(collections),
    handover: handovers.at(-1) ?? null,
    handedOver: handovers.reduce((sum, h) => sum + h.expected, 0),
  };
}

/**
 * What each worker holds on the books: her cash account's balance, less what she has handed over that an admin has not
 * confirmed yet (that cash moves when it is confirmed). One grouped read of the running totals.
 */
export async function workersCashHeld(db: Pick<Prisma.TransactionClient, "$queryRaw" | "fieldCashHandover"> = prisma, societyId: string, workerIds?: string[]): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ workerId: string; held: bigint }[]>`
    SELECT d."workerId", sum(d."debit" - d."credit") AS "held"
    FROM "SocietyAccountDay" d JOIN "SocietyAccount" a ON a."id" = d."accountId"
    WHERE a."societyId" = ${societyId} AND a."kind" = 'worker_cash' AND d."workerId" <> ''
      AND (${workerIds ?? null}::text[] IS NULL OR d."workerId" = ANY(${workerIds ?? null}::text[]))
    GROUP BY d."workerId"`;
  const waiting = await db.fieldCashHandover.groupBy({ by: ["workerId"], where: { societyId, status: "submitted", ...(workerIds ? { workerId: { in: workerIds } } : {}) }, _sum: { counted: true } });
  const held = new Map(rows.map((r) => [r.workerId, Number(r.held)]));
  for (const w of waiting) held.set(w.workerId, (held.get(w.workerId) ?? 0) - (w._sum.counted ?? 0));
  return held;
}

/**
 * The field app as the society's dashboard shows it: each active worker's linked account, when that account's
 * phones last synced and what they reported still holding (waiting and needing attention), and the hand-overs
 * waiting for an admin's confirmation. The accounts with access to the society are what a worker can be linked to.
 */
export async function fieldOverview(societyId: string, now = new Date()) {
  const staleBefore = new Date(now.getTime() - FIELD_DEVICE_STALE_MS);
  const [workers, deviceReports, handovers, accounts, movedEntries] = await Promise.all([
    prisma.societyWorker.findMany({
      where: { societyId, status: "active" },
      select: { id: true, code: true, name: true, staffUserId: true, staffUser: { select: { name: true } } },
      orderBy: { code: "asc" },
    }),
    // A phone that has not reported for FIELD_DEVICE_STALE_MS (reset, lost, its data cleared offline) is not counted as
    // holding entries: what it last said is shown apart, as old news.
    prisma.fieldDevice.findMany({
      where: { societyId },
      select: { staffUserId: true, lastSyncAt: true, pendingReported: true, attentionReported: true },
    }),
    prisma.fieldCashHandover.findMany({
      where: { societyId, status: "submitted" },
      select: { id: true, date: true, expected: true, counted: true, note: true, submittedById: true, worker: { select: { code: true, name: true } } },
      orderBy: [{ date: "asc" }, { submittedAt: "asc" }],
    }),
    prisma.societyManager.findMany({ where: { societyId }, select: { staffUser: { select: { id: true, name: true } } }, orderBy: { staffUser: { name: "asc" } } }),
    prisma.fieldMovedEntry.findMany({
      where: { societyId, status: "pending" },
      select: {
        id: true,
        date: true,
        installment: true,
        savings: true,
        submittedById: true,
        member: { select: { memberCode: true, name: true } },
        fromWorker: { select: { code: true, name: true } },
        toWorker: { select: { code: true, name: true } },
      },
      orderBy: [{ date: "asc" }, { submittedAt: "asc" }],
    }),
  ]);
  // Each account's last sync, from the same rows.
  const lastSyncOf = new Map<string, Date>();
  for (const d of deviceReports) if (!(lastSyncOf.get(d.staffUserId)! >= d.lastSyncAt)) lastSyncOf.set(d.staffUserId, d.lastSyncAt);
  const reported = (staffUserId: string, stale: boolean) =>
    deviceReports.filter((d) => d.staffUserId === staffUserId && d.lastSyncAt < staleBefore === stale).reduce((sum, d) => sum + d.pendingReported + d.attentionReported, 0);
  const held = await workersCashHeld(prisma, societyId);
  return {
    workers: workers.map((w) => {
      const lastSync = w.staffUserId ? lastSyncOf.get(w.staffUserId) : undefined;
      return {
        id: w.id,
        code: w.code,
        name: w.name,
        account: w.staffUserId ? { id: w.staffUserId, name: w.staffUser?.name ?? "" } : null,
        lastSyncAt: lastSync?.toISOString() ?? null,
        onPhones: w.staffUserId ? reported(w.staffUserId, false) : 0,
        /** Entries phones reported holding when they last synced, over FIELD_DEVICE_STALE_MS ago. */
        onStalePhones: w.staffUserId ? reported(w.staffUserId, true) : 0,
        /** Cash she holds on the books, not yet handed over (hand-overs waiting for confirmation left out). */
        cashHeld: held.get(w.id) ?? 0,
      };
    }),
    handovers: handovers.map((h) => ({ ...h, date: isoDateOf(h.date) })),
    /** Entries phones made for members the office had moved, waiting for an admin's approval. */
    movedEntries: movedEntries.map((m) => ({ ...m, date: isoDateOf(m.date) })),
    accounts: accounts.map((a) => a.staffUser),
  };
}
export type FieldOverview = Awaited<ReturnType<typeof fieldOverview>>;
