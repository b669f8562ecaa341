import "server-only";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { writeAudit } from "@/lib/audit/service";
import { prisma } from "@/lib/db";
import { reencodeImage } from "@/lib/documents/reencode";
import { createStoredDocument } from "@/lib/documents/service";
import type { CheckedImageUpload } from "@/lib/documents/upload";
import { Prisma } from "@/lib/generated/prisma/client";
import { calendarDateOf, isoDateOf } from "@/lib/validation/fields";
import type { SocietyActor } from "../access";
import { societyCodeNumber, type SocietyCodeKind } from "../codes";
import { salaryTotal } from "../rules";
import { BACKUP_VERSION, checkBackup, planCounts, type BackupProblem, type RestorePlan } from "./format";

type Tx = Prisma.TransactionClient;
const BATCH = 5_000;
export const BACKUP_GENERATOR = "Rinbondhu society manager";

// ---------------------------------------------------------------------------------------------------
// Download: one REPEATABLE READ transaction (a consistent snapshot), written out in batches as the
// client reads, so a large society never becomes one string in memory.

async function* backupChunks(tx: Tx, societyId: string): AsyncGenerator<string> {
  const [society, workers, members] = await Promise.all([
    tx.society.findUniqueOrThrow({ where: { id: societyId }, select: { name: true, registrationNumber: true, address: true } }),
    tx.societyWorker.findMany({
      where: { societyId },
      orderBy: { code: "asc" },
      select: { id: true, code: true, name: true, area: true, phone: true, totalMembers: true, dailyCollection: true, status: true, createdAt: true, createdByRole: true, photo: { select: { bytes: true, mimeType: true } } },
    }),
    tx.societyMember.findMany({ where: { societyId }, orderBy: { code: "asc" } }),
  ]);
  const workerById = new Map(workers.map((w) => [w.id, w]));
  const memberById = new Map(members.map((m) => [m.id, m]));
  let total = 0;
  const list = function* <T>(name: string, rows: T[], first: boolean, toJson: (row: T) => unknown) {
    yield `${first ? "{" : ","}"${name}":[`;
    for (let i = 0; i < rows.length; i++) yield `${i ? "," : ""}${JSON.stringify(toJson(rows[i]!))}`;
    yield "]";
  };

  yield* list("workers", workers, true, (w) => ({
    id: w.code,
    name: w.name,
    area: w.area,
    phone: w.phone,
    photo: w.photo ? `data:${w.photo.mimeType};base64,${Buffer.from(w.photo.bytes).toString("base64")}` : null,
    totalMembers: w.totalMembers,
    dailyCollection: w.dailyCollection,
    status: w.status,
    createdAt: w.createdAt.toISOString(),
    createdBy: w.createdByRole,
  }));
  yield* list("members", members, false, (m) => ({
    id: m.code,
    memberCode: m.memberCode,
    name: m.name,
    nid: m.nid,
    phone: m.phone,
    workerName: workerById.get(m.workerId)?.name ?? "",
    area: m.area,
    installmentAmount: m.installmentAmount,
    savingsAmount: m.savingsAmount,
    loanAmount: m.loanAmount,
    joinDate: isoDateOf(m.joinDate),
    status: m.status,
    membershipType: m.membershipType,
    createdAt: m.createdAt.toISOString(),
    createdBy: m.createdByRole,
  }));
  total += workers.length + members.length;

  yield `,"collections":[`;
  let cursor: { createdAt: Date; code: string } | null = null;
  let first = true;
  for (;;) {
    const page: { code: string; memberId: string; workerId: string; date: Date; installmentCollected: number; savingsCollected: number; status: string; createdAt: Date; createdByRole: string }[] = await tx.societyCollection.findMany({
      where: { societyId, ...(cursor ? { OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, code: { gt: cursor.code } }] } : {}) },
      orderBy: [{ createdAt: "asc" }, { code: "asc" }],
      take: BATCH,
      select: { code: true, memberId: true, workerId: true, date: true, installmentCollected: true, savingsCollected: true, status: true, createdAt: true, createdByRole: true },
    });
    if (page.length === 0) break;
    let chunk = "";
    for (const c of page) {
      const member = memberById.get(c.memberId);
      chunk += `${first ? "" : ","}${JSON.stringify({
        id: c.code,
        memberId: member?.code ?? "",
        memberCode: member?.memberCode ?? "",
        memberName: member?.name ?? "",
        workerName: workerById.get(c.workerId)?.name ?? "",
        date: isoDateOf(c.date),
        installmentCollected: c.installmentCollected,
        savingsCollected: c.savingsCollected,
        status: c.status,
        createdAt: c.createdAt.toISOString(),
        createdBy: c.createdByRole,
      })}`;
      first = false;
    }
    total += page.length;
    yield chunk;
    const last = page.at(-1)!;
    cursor = { createdAt: last.createdAt, code: last.code };
    if (page.length < BATCH) break;
  }
  yield "]";

  const [entries, salaries] = await Promise.all([
    tx.incomeExpense.findMany({ where: { societyId }, orderBy: { code: "asc" }, include: { workerSalary: { select: { code: true } } } }),
    tx.workerSalary.findMany({ where: { societyId }, orderBy: { code: "asc" } }),
  ]);
  yield* list("incomeExpenses", entries, false, (e) => ({
    id: e.code,
    type: e.type,
    category: e.category,
    amount: e.amount,
    description: e.description,
    date: isoDateOf(e.date),
    salaryId: e.workerSalary?.code ?? null,
    createdAt: e.createdAt.toISOString(),
    createdBy: e.createdByRole,
  }));
  yield* list("workerSalaries", salaries, false, (s) => ({
    id: s.code,
    workerId: workerById.get(s.workerId)?.code ?? "",
    workerName: workerById.get(s.workerId)?.name ?? "",
    month: s.month,
    year: s.year,
    baseSalary: s.baseSalary,
    bonus: s.bonus,
    deductions: s.deductions,
    totalSalary: s.totalSalary,
    status: s.status,
    paidDate: s.paidDate ? isoDateOf(s.paidDate) : null,
    createdAt: s.createdAt.toISOString(),
    createdBy: s.createdByRole,
  }));
  yield `,"society":${JSON.stringify(society)}`;
  yield `,"timestamp":${JSON.stringify(new Date().toISOString())},"version":"${BACKUP_VERSION}","totalRecords":${total},"generatedBy":"${BACKUP_GENERATOR}"}`;
}

/** The society's backup as a byte stream; the snapshot transaction ends when the stream does. */
export function backupStream(societyId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>(undefined, undefined, { highWaterMark: 8 });
  const writer = writable.getWriter();
  prisma
    .$transaction(
      async (tx) => {
        for await (const chunk of backupChunks(tx, societyId)) {
          await writer.ready;
          await writer.write(encoder.encode(chunk));
        }
      },
      { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead, timeout: 10 * 60_000, maxWait: 10_000 },
    )
    .then(
      () => writer.close(),
      (error: unknown) => writer.abort(error).catch(() => undefined),
    );
  return readable;
}

// ---------------------------------------------------------------------------------------------------
// Restore: the same checks as the browser's preview, then everything replaced in one transaction.

export type RestoreOutcome = { ok: true; counts: ReturnType<typeof planCounts> } | { ok: false; problems: BackupProblem[] };

/** A photo from a backup: kept byte for byte when it is already a clean small WebP (our own export), else re-encoded. */
async function photoBytes(dataUrl: string): Promise<CheckedImageUpload | null> {
  const [, meta, base64] = /^data:(image\/[a-z]+);base64,(.*)$/.exec(dataUrl) ?? [];
  if (!meta || !base64) return null;
  const raw = Buffer.from(base64, "base64");
  try {
    const info = await sharp(raw).metadata();
    if (info.format === "webp" && !info.exif && !info.icc && !info.xmp && (info.width ?? 0) <= 320 && (info.height ?? 0) <= 320) {
      return { bytes: new Uint8Array(raw), mimeType: "image/webp", originalName: null };
    }
  } catch {
    return null;
  }
  const reencoded = await reencodeImage(new Blob([new Uint8Array(raw)], { type: meta }), { maxSide: 320, square: true });
  return reencoded.ok ? reencoded.image : null;
}

function dateTime(value: string | undefined, fallback: Date): Date {
  return value ? new Date(value) : fallback;
}

async function insertRows(tx: Tx, table: string, columns: [name: string, type: string][], rows: unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH * 4) {
    const slice = rows.slice(start, start + BATCH * 4);
    const arrays = columns.map((_, c) => slice.map((r) => r[c]));
    const names = columns.map(([n]) => `"${n}"`).join(", ");
    const unnest = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ");
    await tx.$executeRawUnsafe(`INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${unnest})`, ...arrays);
  }
}

/** Checks the file exactly as the preview did, then replaces the society's records in one transaction. */
export async function restoreBackup(actor: SocietyActor, json: string, sizeBytes: number): Promise<RestoreOutcome> {
  const checked = checkBackup(json, sizeBytes);
  if (!checked.ok) return checked;
  const plan = checked.plan;
  const photos = new Map<string, CheckedImageUpload>();
  for (const w of plan.workers) {
    if (!w.photo) continue;
    const photo = await photoBytes(w.photo);
    if (!photo) return { ok: false, problems: [{ code: "invalidField", list: "workers", record: w.id, field: "photo" }] };
    photos.set(w.id, photo);
  }
  const now = new Date();
  const societyId = actor.societyId;
  try {
    const result = await prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT "id" FROM "Society" WHERE "id" = ${societyId} FOR UPDATE`;
        const before = await countsOf(tx, societyId);
        const keptSalaries = plan.salaries ? [] : await tx.workerSalary.findMany({ where: { societyId }, select: { id: true, worker: { select: { code: true } } } });
        if (plan.incomeExpenses) await tx.incomeExpense.deleteMany({ where: { societyId } });
        if (plan.salaries) await tx.workerSalary.deleteMany({ where: { societyId } });
        await tx.societyCollection.deleteMany({ where: { societyId } });
        await tx.societyCollectionSheet.deleteMany({ where: { societyId } });
        await tx.societyMember.deleteMany({ where: { societyId } });
        const staleWorkers = await tx.societyWorker.findMany({ where: { societyId }, select: { id: true, photoId: true } });
        // Salaries kept from before (a prototype file has none) move to the new worker with the same code.
        const workerIds = new Map(plan.workers.map((w) => [w.id, randomUUID()]));
        const orphanSalaries = keptSalaries.filter((s) => !workerIds.has(s.worker.code));
        if (orphanSalaries.length > 0) await tx.workerSalary.deleteMany({ where: { id: { in: orphanSalaries.map((s) => s.id) } } });
        const parkedSalaries = keptSalaries.filter((s) => workerIds.has(s.worker.code));

        // New workers (and photos) go in under temporary codes beside the old ones, the kept salaries are
        // re-pointed, then the old workers and their photos go and the new workers take their codes.
        const photoIds = new Map<string, string>();
        for (const [code, photo] of photos) {
          const doc = await createStoredDocument(tx, { kind: "worker_photo", file: photo, uploadedAt: now });
          photoIds.set(code, doc.id);
        }
        await insertRows(tx, "SocietyWorker", WORKER_COLUMNS, plan.workers.map((w) => [workerIds.get(w.id), societyId, `${w.id}~restore`, w.name, w.area, w.phone, photoIds.get(w.id) ?? null, w.totalMembers, w.dailyCollection, w.status, dateTime(w.createdAt, now), w.createdBy]));
        if (parkedSalaries.length > 0) {
          await tx.$executeRaw`
            UPDATE "WorkerSalary" AS s SET "workerId" = v.worker
            FROM unnest(${parkedSalaries.map((p) => p.id)}::text[], ${parkedSalaries.map((p) => workerIds.get(p.worker.code)!)}::text[]) AS v(id, worker)
            WHERE s."id" = v.id`;
        }
        if (staleWorkers.length > 0) await tx.societyWorker.deleteMany({ where: { id: { in: staleWorkers.map((w) => w.id) } } });
        const stalePhotos = staleWorkers.flatMap((w) => (w.photoId ? [w.photoId] : []));
        if (stalePhotos.length > 0) await tx.storedDocument.deleteMany({ where: { id: { in: stalePhotos } } });
        await tx.$executeRaw`UPDATE "SocietyWorker" SET "code" = left("code", length("code") - 8) WHERE "societyId" = ${societyId} AND "code" LIKE '%~restore'`;

        const memberIds = new Map(plan.members.map((m) => [m.id, randomUUID()]));
        await insertRows(tx, "SocietyMember", MEMBER_COLUMNS, plan.members.map((m) => [
          memberIds.get(m.id), societyId, m.id, m.memberCode, m.name, m.nid, m.phone, workerIds.get(m.workerCode), m.area, m.installmentAmount, m.savingsAmount, m.loanAmount, calendarDateOf(m.joinDate), m.status, m.membershipType, dateTime(m.createdAt, now), m.createdBy,
        ]));
        await insertRows(tx, "SocietyCollection", COLLECTION_COLUMNS, plan.collections.map((c) => [
          randomUUID(), societyId, c.id, memberIds.get(c.memberId), workerIds.get(c.workerCode), calendarDateOf(c.date), c.installmentCollected, c.savingsCollected, c.status, dateTime(c.createdAt, now), c.createdBy,
        ]));
        const salaryIds = new Map((plan.salaries ?? []).map((s) => [s.id, randomUUID()]));
        if (plan.salaries) {
          await insertRows(tx, "WorkerSalary", SALARY_COLUMNS, plan.salaries.map((s) => [
            salaryIds.get(s.id), societyId, s.id, workerIds.get(s.workerId), s.month, Number(s.month.slice(0, 4)), s.baseSalary, s.bonus, s.deductions, salaryTotal(s.baseSalary, s.bonus, s.deductions), s.status, s.paidDate ? calendarDateOf(s.paidDate) : null, dateTime(s.createdAt, now), s.createdBy,
          ]));
        }
        if (plan.incomeExpenses) {
          await insertRows(tx, "IncomeExpense", ENTRY_COLUMNS, plan.incomeExpenses.map((e) => [
            randomUUID(), societyId, e.id, e.type, e.category, e.amount, e.description, calendarDateOf(e.date), (e.salaryId && salaryIds.get(e.salaryId)) || null, dateTime(e.createdAt, now), e.createdBy,
          ]));
        }
        if (plan.society) await tx.society.update({ where: { id: societyId }, data: plan.society });
        await bumpSequences(tx, societyId, plan);
        const counts = planCounts(plan);
        await writeAudit(tx, {
          actor: actor.actor,
          action: "society.backup.restore",
          entityType: "Society",
          entityId: societyId,
          before: before,
          after: { societyId, ...counts, sizeBytes },
          ip: actor.request.ip,
          userAgent: actor.request.userAgent,
        });
        return counts;
      },
      { timeout: 5 * 60_000, maxWait: 10_000 },
    );
    return { ok: true, counts: result };
  } catch (error) {
    // The only unique value a file can clash on outside its society: the registration number.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return { ok: false, problems: [{ code: "registrationTaken", record: "society" }] };
    throw error;
  }
}

async function countsOf(tx: Tx, societyId: string) {
  const [workers, members, collections, incomeExpenses, salaries] = await Promise.all([
    tx.societyWorker.count({ where: { societyId } }),
    tx.societyMember.count({ where: { societyId } }),
    tx.societyCollection.count({ where: { societyId } }),
    tx.incomeExpense.count({ where: { societyId } }),
    tx.workerSalary.count({ where: { societyId } }),
  ]);
  return { workers, members, collections, incomeExpenses, salaries };
}

/** The codes of the file stay taken: each sequence moves past the highest imported number, never back. */
async function bumpSequences(tx: Tx, societyId: string, plan: RestorePlan) {
  const highest = (kind: SocietyCodeKind, codes: string[]) => codes.reduce((max, c) => Math.max(max, societyCodeNumber(kind, c) ?? 0), 0);
  const kinds = [
    ["worker", highest("worker", plan.workers.map((w) => w.id))],
    ["member", highest("member", plan.members.map((m) => m.id))],
    ["collection", highest("collection", plan.collections.map((c) => c.id))],
    ["incomeExpense", highest("incomeExpense", (plan.incomeExpenses ?? []).map((e) => e.id))],
    ["salary", highest("salary", (plan.salaries ?? []).map((s) => s.id))],
  ] as const;
  for (const [kind, last] of kinds) {
    await tx.$executeRaw`
      INSERT INTO "SocietySequence" ("societyId", "kind", "lastNumber") VALUES (${societyId}, ${kind}::"SocietyCodeKind", ${last})
      ON CONFLICT ("societyId", "kind") DO UPDATE SET "lastNumber" = GREATEST("SocietySequence"."lastNumber", EXCLUDED."lastNumber")`;
  }
}

const WORKER_COLUMNS: [string, string][] = [
  ["id", "text"], ["societyId", "text"], ["code", "text"], ["name", "text"], ["area", "text"], ["phone", "text"], ["photoId", "text"],
  ["totalMembers", "int"], ["dailyCollection", "int"], ["status", '"SocietyRecordStatus"'], ["createdAt", "timestamp(3)"], ["createdByRole", '"SocietyRole"'],
];
const MEMBER_COLUMNS: [string, string][] = [
  ["id", "text"], ["societyId", "text"], ["code", "text"], ["memberCode", "text"], ["name", "text"], ["nid", "text"], ["phone", "text"], ["workerId", "text"], ["area", "text"],
  ["installmentAmount", "int"], ["savingsAmount", "int"], ["loanAmount", "int"], ["joinDate", "date"], ["status", '"SocietyRecordStatus"'], ["membershipType", '"MembershipType"'],
  ["createdAt", "timestamp(3)"], ["createdByRole", '"SocietyRole"'],
];
const COLLECTION_COLUMNS: [string, string][] = [
  ["id", "text"], ["societyId", "text"], ["code", "text"], ["memberId", "text"], ["workerId", "text"], ["date", "date"], ["installmentCollected", "int"], ["savingsCollected", "int"],
  ["status", '"SocietyCollectionStatus"'], ["createdAt", "timestamp(3)"], ["createdByRole", '"SocietyRole"'],
];
const SALARY_COLUMNS: [string, string][] = [
  ["id", "text"], ["societyId", "text"], ["code", "text"], ["workerId", "text"], ["month", "text"], ["year", "int"], ["baseSalary", "int"], ["bonus", "int"], ["deductions", "int"],
  ["totalSalary", "int"], ["status", '"WorkerSalaryStatus"'], ["paidDate", "date"], ["createdAt", "timestamp(3)"], ["createdByRole", '"SocietyRole"'],
];
const ENTRY_COLUMNS: [string, string][] = [
  ["id", "text"], ["societyId", "text"], ["code", "text"], ["type", '"IncomeExpenseType"'], ["category", "text"], ["amount", "int"], ["description", "text"], ["date", "date"],
  ["workerSalaryId", "text"], ["createdAt", "timestamp(3)"], ["createdByRole", '"SocietyRole"'],
];
