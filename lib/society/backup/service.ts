import "server-only";
import { isBeforeOpening, isOpeningAfterEntries, isSavingsBelowZero } from "@/lib/db-errors";
import sharp from "sharp";
import { DatabaseError, type ClientBase, type PoolClient } from "pg";
import { writeAuditWith } from "@/lib/audit/service";
import { sha256Hex } from "@/lib/crypto/hash";
import { copyInto, prisma, RolledBack, withoutRowTriggers, withPgTransaction } from "@/lib/db";
import { reencodeImage } from "@/lib/documents/reencode";
import type { CheckedImageUpload } from "@/lib/documents/upload";
import { Prisma } from "@/lib/generated/prisma/client";
import { batchIds } from "@/lib/ids/batch";
import { isoDateOf } from "@/lib/validation/fields";
import type { SocietyActor } from "../access";
import { societyCodeNumber, type SocietyCodeKind } from "../codes";
import { salaryTotal } from "../rules";
import { addCollected, BACKUP_VERSION, checkExtras, checkPeople, collectionChecker, planCounts, problemList, readProblemAnswer, workerFigures, type BackupPeople, type BackupProblem, type HandoverRecord, type ProblemList, type RestorePlan } from "./format";
import { openBackup, type OpenedBackup } from "./stream";

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
    reversedAt: e.reversedAt?.toISOString() ?? null,
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
  // Withdrawals (this system's addition), by the member's id in the file; paid ones are posted again on restore.
  const withdrawals = await tx.societyWithdrawal.findMany({ where: { societyId }, orderBy: [{ requestedAt: "asc" }, { id: "asc" }], include: { member: { select: { code: true } } } });
  yield* list("withdrawals", withdrawals, false, (w) => ({
    id: w.code,
    memberId: w.member.code,
    amount: w.amount,
    appliedToLoan: w.appliedToLoan,
    status: w.status,
    requestedAt: w.requestedAt.toISOString(),
    requestedById: w.requestedById,
    decidedById: w.decidedById,
    decidedAt: w.decidedAt?.toISOString() ?? null,
    rejectionNote: w.rejectionNote,
  }));
  // Loans with a plan (this system's addition), by the member's id in the file; posted again on restore.
  const memberLoans = await tx.societyMemberLoan.findMany({ where: { societyId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { member: { select: { code: true } } } });
  yield* list("memberLoans", memberLoans.map((l, i) => ({ l, i })), false, ({ l, i }) => ({
    id: `ML${String(i + 1).padStart(4, "0")}`,
    memberId: l.member.code,
    principal: l.principal,
    serviceCharge: l.serviceCharge,
    ratePercent: l.ratePercent,
    method: l.method,
    frequency: l.frequency,
    instalmentCount: l.instalmentCount,
    instalmentAmount: l.instalmentAmount,
    firstDueDate: isoDateOf(l.firstDueDate),
    disbursedOn: isoDateOf(l.disbursedOn),
    createdAt: l.createdAt.toISOString(),
  }));
  // Field workers' cash hand-overs (this system's addition), by the worker's id in the file; confirmed ones are posted
  // again on restore (without them a restore would put the cash back with the workers).
  const handovers = await tx.fieldCashHandover.findMany({ where: { societyId }, orderBy: [{ submittedAt: "asc" }, { id: "asc" }] });
  yield* list("handovers", handovers.map((h, i) => ({ h, i })), false, ({ h, i }) => ({
    id: `HO${String(i + 1).padStart(4, "0")}`,
    workerId: workerById.get(h.workerId)?.code ?? "",
    date: isoDateOf(h.date),
    expected: h.expected,
    counted: h.counted,
    note: h.note,
    status: h.status,
    submittedById: h.submittedById,
    submittedAt: h.submittedAt.toISOString(),
    confirmedById: h.confirmedById,
    confirmedAt: h.confirmedAt?.toISOString() ?? null,
    confirmNote: h.confirmNote,
    round: h.round,
  }));
  // The opening balances (this system's addition), each figure by the member's id in the file; a posted one is posted
  // again on restore, first on its day.
  const openings = await tx.societyOpeningBalance.findMany({
    where: { societyId },
    orderBy: [{ proposedAt: "asc" }, { id: "asc" }],
    include: { lines: { orderBy: [{ kind: "asc" }, { id: "asc" }], include: { member: { select: { code: true } } } } },
  });
  yield* list("openingBalances", openings.map((o, i) => ({ o, i })), false, ({ o, i }) => ({
    id: `OB${String(i + 1).padStart(4, "0")}`,
    asOf: isoDateOf(o.asOf),
    status: o.status,
    proposedById: o.proposedById,
    proposedAt: o.proposedAt.toISOString(),
    decidedById: o.decidedById,
    decidedAt: o.decidedAt?.toISOString() ?? null,
    rejectionNote: o.rejectionNote,
  }));
  const openingLines = openings.flatMap((o, i) => o.lines.map((l) => ({ l, openingId: `OB${String(i + 1).padStart(4, "0")}` })));
  yield* list("openingBalanceLines", openingLines.map((x, i) => ({ ...x, i })), false, ({ l, openingId, i }) => ({
    id: `OBL${String(i + 1).padStart(4, "0")}`,
    openingId,
    kind: l.kind,
    memberId: l.member?.code ?? null,
    amount: l.amount,
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
// The collections (300,000 for a large society) are checked one at a time while COPY writes them, so
// the check and the insert overlap and no second copy of them is ever held; a problem found on the way
// rolls the transaction back.

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

/**
 * Checks the uploaded file (plain or compressed) as the preview did and replaces the society's records in
 * one transaction. The file is read as it unpacks: its workers and members first, then its collections,
 * each checked and handed to COPY as it is read, then what follows them. Whatever is found wrong on the
 * way (a record, the version at the end) rolls everything back.
 */
export async function restoreBackup(actor: SocietyActor, bytes: Uint8Array): Promise<RestoreOutcome> {
  const opened = await openBackup(bytes);
  if (!opened.ok) return opened;
  const backup = opened.backup;
  try {
    const { problems, add } = problemList();
    const people = checkPeople(backup.workers, backup.members, add);
    if (problems.length > 0) return await remainingProblems(backup, people, problems, add);
    const photos = new Map<string, CheckedImageUpload>();
    for (const w of people.workers) {
      if (!w.photo) continue;
      const photo = await photoBytes(w.photo);
      if (!photo) return { ok: false, problems: [{ code: "invalidField", list: "workers", record: w.id, field: "photo" }] };
      photos.set(w.id, photo);
    }
    return await replaceRecords(actor, bytes.byteLength, backup, people, photos, { problems, add });
  } catch (error) {
    // The only unique value a file can clash on outside its society: the registration number.
    if (error instanceof DatabaseError && error.code === "23505" && error.constraint === "Society_registrationNumber_key") return { ok: false, problems: [{ code: "registrationTaken", record: "society" }] };
    return readProblemAnswer(error);
  } finally {
    await backup.close();
  }
}

/** The file's collections a batch at a time as they are read, each checked: problems added, refused ones left out. */
async function* checkedCollections(backup: OpenedBackup, people: BackupPeople, add: ProblemList["add"]): AsyncGenerator<RestorePlan["collections"]> {
  const check = collectionChecker(people, add);
  let index = 0;
  for await (const batch of backup.collections) yield batch.flatMap((item) => check(item, index++) ?? []);
}

/** A file whose workers or members have problems: the rest is still read, so the answer lists every problem. */
async function remainingProblems(backup: OpenedBackup, people: BackupPeople, problems: BackupProblem[], add: ProblemList["add"]): Promise<RestoreOutcome> {
  // Read to the end: each batch adds its problems as it is checked.
  for await (const checked of checkedCollections(backup, people, add)) void checked;
  const rest = await backup.rest();
  if (!rest.ok) return rest;
  checkExtras(rest.file, people.workers, people.memberIds, add);
  return { ok: false, problems };
}

async function replaceRecords(actor: SocietyActor, sizeBytes: number, backup: OpenedBackup, people: BackupPeople, photos: Map<string, CheckedImageUpload>, { problems, add }: ProblemList): Promise<RestoreOutcome> {
  const now = new Date();
  const societyId = actor.societyId;
  const newId = batchIds("r");
  return withPgTransaction<RestoreOutcome>(async (db) => {
    await db.query(`SELECT "id" FROM "Society" WHERE "id" = $1 FOR UPDATE`, [societyId]);
    const before = await countsOf(db, societyId);
    // The records are replaced, so is their journal: it goes (the one deletion the database allows, for this society in
    // this transaction) and the restored records are posted again below.
    await db.query(`SELECT "society_books_purge"($1)`, [societyId]);
    const oldSalaries = (await db.query<{ id: string; code: string }>(`SELECT s."id", w."code" FROM "WorkerSalary" s JOIN "SocietyWorker" w ON w."id" = s."workerId" WHERE s."societyId" = $1`, [societyId])).rows;
    await db.query(`DELETE FROM "SocietyCollection" WHERE "societyId" = $1`, [societyId]);
    await db.query(`DELETE FROM "SocietyCollectionSheet" WHERE "societyId" = $1`, [societyId]);
    // Withdrawals go with their members; the file's come back below (a file without the list has none: kept out).
    const oldWithdrawals = (await db.query<{ n: number }>(`SELECT count(*)::int AS "n" FROM "SocietyWithdrawal" WHERE "societyId" = $1 AND "status" <> 'rejected'`, [societyId])).rows[0]?.n ?? 0;
    await db.query(`DELETE FROM "SocietyWithdrawal" WHERE "societyId" = $1`, [societyId]);
    // Members' loans too (the same way: a file without them cannot replace a society that has some).
    const oldLoans = (await db.query<{ n: number }>(`SELECT count(*)::int AS "n" FROM "SocietyMemberLoan" WHERE "societyId" = $1`, [societyId])).rows[0]?.n ?? 0;
    await db.query(`DELETE FROM "SocietyMemberLoan" WHERE "societyId" = $1`, [societyId]);
    // Opening balances too (their figures name members): a file without them cannot replace a posted one.
    const oldOpening = (await db.query<{ n: number }>(`SELECT count(*)::int AS "n" FROM "SocietyOpeningBalance" WHERE "societyId" = $1 AND "status" = 'posted'`, [societyId])).rows[0]?.n ?? 0;
    await db.query(`DELETE FROM "SocietyOpeningBalance" WHERE "societyId" = $1`, [societyId]);
    await db.query(`DELETE FROM "SocietyMember" WHERE "societyId" = $1`, [societyId]);
    const staleWorkers = (await db.query<{ id: string; photoId: string | null }>(`SELECT "id", "photoId" FROM "SocietyWorker" WHERE "societyId" = $1`, [societyId])).rows;

    // New workers (and photos) go in under temporary codes beside the old ones; once the file has been read
    // to its end, the old salaries are kept or replaced, the old workers and photos go, and the new
    // workers take their codes.
    const workerIds = new Map(people.workers.map((w) => [w.id, newId()]));
    const photoIds = new Map<string, string>();
    await copyInto(db, "StoredDocument", DOCUMENT_COLUMNS, [...photos].map(([code, photo]) => {
      const id = newId();
      photoIds.set(code, id);
      return [id, "worker_photo", `\\x${Buffer.from(photo.bytes).toString("hex")}`, photo.mimeType, photo.bytes.length, sha256Hex(photo.bytes), photo.originalName, null, now];
    }));
    // Figures a file leaves out are computed from its collections: written now, corrected after them.
    const provisional = workerFigures(people, new Map());
    await copyInto(db, "SocietyWorker", WORKER_COLUMNS, provisional.map((w) => [workerIds.get(w.id)!, societyId, `${w.id}~restore`, w.name, w.area, w.phone, photoIds.get(w.id) ?? null, w.totalMembers, w.dailyCollection, w.status, dateTime(w.createdAt, now), w.createdBy]));
    const memberIds = new Map(people.members.map((m) => [m.id, newId()]));
    await copyInto(db, "SocietyMember", MEMBER_COLUMNS, people.members.map((m) => [
      memberIds.get(m.id)!, societyId, m.id, m.memberCode, m.name, m.nid, m.phone, workerIds.get(m.workerCode)!, m.area, m.installmentAmount, m.savingsAmount, m.loanAmount, m.joinDate, m.status, m.membershipType, dateTime(m.createdAt, now), m.createdBy,
    ]));

    const collectedBy = new Map<string, number>();
    let collections = 0;
    let lastCollection = 0;
    async function* collectionRows() {
      for await (const checked of checkedCollections(backup, people, add)) {
        for (const c of checked) {
          // After a problem the rest is still checked (to list every problem) but no longer written.
          if (problems.length > 0) continue;
          collections++;
          lastCollection = Math.max(lastCollection, societyCodeNumber("collection", c.id) ?? 0);
          addCollected(collectedBy, c);
          yield [newId(), societyId, c.id, memberIds.get(c.memberId)!, workerIds.get(c.workerCode)!, c.date, c.installmentCollected, c.savingsCollected, c.status, dateTime(c.createdAt, now), c.createdBy];
        }
      }
    }
    const unchecked = await withoutRowTriggers(db, () => copyInto(db, "SocietyCollection", COLLECTION_COLUMNS, collectionRows()));
    const rest = await backup.rest();
    if (!rest.ok) return new RolledBack<RestoreOutcome>(rest);
    const extras = checkExtras(rest.file, people.workers, people.memberIds, add);
    if (problems.length > 0) return new RolledBack<RestoreOutcome>({ ok: false, problems });
    if (unchecked) await verifyCollectionReferences(db, societyId);

    if (extras.incomeExpenses) await db.query(`DELETE FROM "IncomeExpense" WHERE "societyId" = $1`, [societyId]);
    if (extras.salaries) await db.query(`DELETE FROM "WorkerSalary" WHERE "societyId" = $1`, [societyId]);
    else {
      // Salaries kept from before (a prototype file has none) move to the new worker with the same code.
      const orphans = oldSalaries.filter((s) => !workerIds.has(s.code)).map((s) => s.id);
      if (orphans.length > 0) await db.query(`DELETE FROM "WorkerSalary" WHERE "id" = ANY($1::text[])`, [orphans]);
      const kept = oldSalaries.filter((s) => workerIds.has(s.code));
      if (kept.length > 0) {
        await db.query(`UPDATE "WorkerSalary" AS s SET "workerId" = v.worker FROM unnest($1::text[], $2::text[]) AS v(id, worker) WHERE s."id" = v.id`, [kept.map((k) => k.id), kept.map((k) => workerIds.get(k.code)!)]);
      }
    }
    // Hand-overs go with the workers they name; the file's come back below. An older file without them, over a society
    // with confirmed ones, would put that cash back with the workers: refused, with the reason.
    const oldHandovers = (await db.query<{ n: number }>(`SELECT count(*)::int AS "n" FROM "FieldCashHandover" WHERE "societyId" = $1 AND "status" = 'confirmed'`, [societyId])).rows[0]?.n ?? 0;
    if (!extras.handovers && oldHandovers > 0) return new RolledBack<RestoreOutcome>({ ok: false, problems: [{ code: "handoversMissing", value: String(oldHandovers) }] });
    await db.query(`DELETE FROM "FieldCashHandover" WHERE "societyId" = $1`, [societyId]);
    // Moved members' entries waiting on the server are not in a backup: the phones still hold them and send them again
    // (judged against the restored society); approved ones are collections in the file.
    await db.query(`DELETE FROM "FieldMovedEntry" WHERE "societyId" = $1`, [societyId]);
    if (extras.handovers && extras.handovers.length > 0) {
      const restored = await handoverRows(db, societyId, extras.handovers, workerIds, actor.createdById, newId, now);
      if (!restored.ok) return new RolledBack<RestoreOutcome>({ ok: false, problems: restored.problems });
      await copyInto(db, "FieldCashHandover", HANDOVER_COLUMNS, restored.rows);
    }
    if (staleWorkers.length > 0) await db.query(`DELETE FROM "SocietyWorker" WHERE "id" = ANY($1::text[])`, [staleWorkers.map((w) => w.id)]);
    const stalePhotos = staleWorkers.flatMap((w) => (w.photoId ? [w.photoId] : []));
    if (stalePhotos.length > 0) await db.query(`DELETE FROM "StoredDocument" WHERE "id" = ANY($1::text[])`, [stalePhotos]);
    await db.query(`UPDATE "SocietyWorker" SET "code" = left("code", length("code") - 8) WHERE "societyId" = $1 AND "code" LIKE '%~restore'`, [societyId]);

    const workers = workerFigures(people, collectedBy);
    const corrected = workers.filter((w, i) => w.dailyCollection !== provisional[i]!.dailyCollection);
    if (corrected.length > 0) {
      await db.query(
        `UPDATE "SocietyWorker" AS w SET "dailyCollection" = v.amount FROM unnest($1::text[], $2::int[]) AS v(id, amount) WHERE w."id" = v.id`,
        [corrected.map((w) => workerIds.get(w.id)!), corrected.map((w) => w.dailyCollection)],
      );
    }
    const salaryIds = new Map((extras.salaries ?? []).map((s) => [s.id, newId()]));
    if (extras.salaries) {
      await copyInto(db, "WorkerSalary", SALARY_COLUMNS, extras.salaries.map((s) => [
        salaryIds.get(s.id)!, societyId, s.id, workerIds.get(s.workerId)!, s.month, Number(s.month.slice(0, 4)), s.baseSalary, s.bonus, s.deductions, salaryTotal(s.baseSalary, s.bonus, s.deductions), s.status, s.paidDate ?? null, dateTime(s.createdAt, now), s.createdBy,
      ]));
    }
    if (extras.incomeExpenses) {
      await copyInto(db, "IncomeExpense", ENTRY_COLUMNS, extras.incomeExpenses.map((e) => [
        newId(), societyId, e.id, e.type, e.category, e.amount, e.description, e.date, (e.salaryId && salaryIds.get(e.salaryId)) || null, e.reversedAt ? dateTime(e.reversedAt, now) : null, dateTime(e.createdAt, now), e.createdBy,
      ]));
    }
    // A file without withdrawals (older, or the prototype's) over a society that has some would hand members back what
    // they took out: refused, with the reason.
    if (!extras.withdrawals && oldWithdrawals > 0) return new RolledBack<RestoreOutcome>({ ok: false, problems: [{ code: "withdrawalsMissing", value: String(oldWithdrawals) }] });
    if (extras.withdrawals && extras.withdrawals.length > 0) {
      // Who asked is kept (a waiting one is then never approved by the person who asked); for a waiting one, an account
      // unknown here, or a file without it, becomes the person restoring, so a second person still decides.
      const staff = await knownStaff(db, extras.withdrawals.flatMap((w) => [w.requestedById ?? "", w.decidedById ?? ""]));
      await copyInto(db, "SocietyWithdrawal", WITHDRAWAL_COLUMNS, extras.withdrawals.map((w) => [
        newId(), societyId, w.id, memberIds.get(w.memberId)!, w.amount, Math.min(w.appliedToLoan, w.amount), w.status, dateTime(w.requestedAt, now), w.status === "requested" ? null : dateTime(w.decidedAt ?? w.requestedAt, now), w.rejectionNote,
        staff.has(w.requestedById ?? "") ? w.requestedById : w.status === "requested" ? actor.createdById : null, w.decidedById && staff.has(w.decidedById) ? w.decidedById : null,
      ]));
    }
    // A file without members' loans over a society that lent would forgive every loan: refused, with the reason.
    if (!extras.memberLoans && oldLoans > 0) return new RolledBack<RestoreOutcome>({ ok: false, problems: [{ code: "memberLoansMissing", value: String(oldLoans) }] });
    if (extras.memberLoans && extras.memberLoans.length > 0) {
      await copyInto(db, "SocietyMemberLoan", MEMBER_LOAN_COLUMNS, extras.memberLoans.map((l) => [
        newId(), societyId, memberIds.get(l.memberId)!, l.principal, l.serviceCharge, l.ratePercent, l.method, l.frequency, l.instalmentCount, l.instalmentAmount, l.firstDueDate, l.disbursedOn, dateTime(l.createdAt, now),
      ]));
    }
    // A file without opening balances over a society that posted one would drop every balance it brought in: refused.
    if (!extras.openingBalances && oldOpening > 0) return new RolledBack<RestoreOutcome>({ ok: false, problems: [{ code: "openingMissing", value: String(oldOpening) }] });
    if (extras.openingBalances && extras.openingBalances.length > 0) {
      const staff = await knownStaff(db, extras.openingBalances.flatMap((o) => [o.proposedById ?? "", o.decidedById ?? ""]));
      const openingIds = extras.openingBalances.map(() => newId());
      await copyInto(db, "SocietyOpeningBalance", OPENING_COLUMNS, extras.openingBalances.map((o, i) => [
        openingIds[i]!, societyId, o.asOf, o.status, staff.has(o.proposedById ?? "") ? o.proposedById : o.status === "proposed" ? actor.createdById : null, dateTime(o.proposedAt, now),
        o.decidedById && staff.has(o.decidedById) ? o.decidedById : null, o.status === "proposed" ? null : dateTime(o.decidedAt ?? o.proposedAt, now), o.rejectionNote,
      ]));
      await copyInto(db, "SocietyOpeningBalanceLine", OPENING_LINE_COLUMNS, extras.openingBalances.flatMap((o, i) =>
        o.lines.map((l) => [newId(), openingIds[i]!, l.kind, l.memberId ? memberIds.get(l.memberId)! : null, l.amount]),
      ));
    }
    // Every restored record that moves money, posted again (after the income, expenses, salaries and withdrawals are in).
    // Withdrawals the file's savings cannot cover are refused by the books: reported, nothing changed.
    await db.query("SAVEPOINT repost");
    try {
      await db.query(`SELECT "society_books_repost"($1)`, [societyId]);
    } catch (error) {
      // A posted opening dated on or after the file's own records: the books cannot open after they began.
      if (isBeforeOpening(error) || isOpeningAfterEntries(error)) {
        await db.query("ROLLBACK TO SAVEPOINT repost");
        return new RolledBack<RestoreOutcome>({ ok: false, problems: [{ code: "invalidField", list: "openingBalances", field: "asOf" }] });
      }
      if (!isSavingsBelowZero(error)) throw error;
      await db.query("ROLLBACK TO SAVEPOINT repost");
      return new RolledBack<RestoreOutcome>({ ok: false, problems: [{ code: "withdrawalsExceedSavings", list: "withdrawals" }] });
    }
    if (extras.society) {
      await db.query(`UPDATE "Society" SET "name" = $2, "registrationNumber" = $3, "address" = $4, "updatedAt" = now() WHERE "id" = $1`, [societyId, extras.society.name, extras.society.registrationNumber, extras.society.address]);
    }
    await bumpSequences(db, societyId, [
      ["worker", highest("worker", workers.map((w) => w.id))],
      ["member", highest("member", people.members.map((m) => m.id))],
      ["collection", lastCollection],
      ["incomeExpense", highest("incomeExpense", (extras.incomeExpenses ?? []).map((e) => e.id))],
      ["salary", highest("salary", (extras.salaries ?? []).map((s) => s.id))],
      ["withdrawal", highest("withdrawal", (extras.withdrawals ?? []).map((w) => w.id))],
    ]);
    const counts = planCounts({ workers, members: people.members, collections: { length: collections }, incomeExpenses: extras.incomeExpenses, salaries: extras.salaries });
    await writeAuditWith(db, {
      actor: actor.actor,
      action: "society.backup.restore",
      entityType: "Society",
      entityId: societyId,
      before,
      after: { societyId, ...counts, sizeBytes },
      ip: actor.request.ip,
      userAgent: actor.request.userAgent,
    });
    return { ok: true, counts };
  });
}

async function countsOf(db: PoolClient, societyId: string) {
  const { rows } = await db.query<{ workers: number; members: number; collections: number; incomeExpenses: number; salaries: number }>(
    `SELECT (SELECT count(*)::int FROM "SocietyWorker" WHERE "societyId" = $1) AS "workers",
            (SELECT count(*)::int FROM "SocietyMember" WHERE "societyId" = $1) AS "members",
            (SELECT count(*)::int FROM "SocietyCollection" WHERE "societyId" = $1) AS "collections",
            (SELECT count(*)::int FROM "IncomeExpense" WHERE "societyId" = $1) AS "incomeExpenses",
            (SELECT count(*)::int FROM "WorkerSalary" WHERE "societyId" = $1) AS "salaries"`,
    [societyId],
  );
  return rows[0]!;
}

/**
 * What the foreign keys would have checked row by row when the COPY ran without them, in one query: every
 * collection's member and worker exist in this society. The rows all came from this transaction's own
 * members and workers, so a failure here is a bug, and it rolls the restore back.
 */
export async function verifyCollectionReferences(db: ClientBase, societyId: string) {
  const { rows } = await db.query<{ code: string }>(
    `SELECT c."code" FROM "SocietyCollection" c
      WHERE c."societyId" = $1
        AND (NOT EXISTS (SELECT 1 FROM "SocietyMember" m WHERE m."id" = c."memberId" AND m."societyId" = c."societyId")
          OR NOT EXISTS (SELECT 1 FROM "SocietyWorker" w WHERE w."id" = c."workerId" AND w."societyId" = c."societyId"))
      LIMIT 1`,
    [societyId],
  );
  if (rows[0]) throw new Error(`Restored collection ${rows[0].code} references a member or worker outside society ${societyId}`);
}

const highest = (kind: SocietyCodeKind, codes: string[]) => codes.reduce((max, c) => Math.max(max, societyCodeNumber(kind, c) ?? 0), 0);

/** The codes of the file stay taken: each sequence moves past the highest imported number, never back. */
async function bumpSequences(db: PoolClient, societyId: string, lastNumbers: [SocietyCodeKind, number][]) {
  await db.query(
    `INSERT INTO "SocietySequence" ("societyId", "kind", "lastNumber")
     SELECT $1, v.kind::"SocietyCodeKind", v.last FROM unnest($2::text[], $3::int[]) AS v(kind, last)
     ON CONFLICT ("societyId", "kind") DO UPDATE SET "lastNumber" = GREATEST("SocietySequence"."lastNumber", EXCLUDED."lastNumber")`,
    [societyId, lastNumbers.map(([kind]) => kind), lastNumbers.map(([, last]) => last)],
  );
}

const DOCUMENT_COLUMNS = ["id", "kind", "bytes", "mimeType", "sizeBytes", "sha256", "originalName", "uploadedById", "uploadedAt"];
const WORKER_COLUMNS = ["id", "societyId", "code", "name", "area", "phone", "photoId", "totalMembers", "dailyCollection", "status", "createdAt", "createdByRole"];
const MEMBER_COLUMNS = ["id", "societyId", "code", "memberCode", "name", "nid", "phone", "workerId", "area", "installmentAmount", "savingsAmount", "loanAmount", "joinDate", "status", "membershipType", "createdAt", "createdByRole"];
const COLLECTION_COLUMNS = ["id", "societyId", "code", "memberId", "workerId", "date", "installmentCollected", "savingsCollected", "status", "createdAt", "createdByRole"];
const SALARY_COLUMNS = ["id", "societyId", "code", "workerId", "month", "year", "baseSalary", "bonus", "deductions", "totalSalary", "status", "paidDate", "createdAt", "createdByRole"];
const ENTRY_COLUMNS = ["id", "societyId", "code", "type", "category", "amount", "description", "date", "workerSalaryId", "reversedAt", "createdAt", "createdByRole"];
const MEMBER_LOAN_COLUMNS = ["id", "societyId", "memberId", "principal", "serviceCharge", "ratePercent", "method", "frequency", "instalmentCount", "instalmentAmount", "firstDueDate", "disbursedOn", "createdAt"];
const OPENING_COLUMNS = ["id", "societyId", "asOf", "status", "proposedById", "proposedAt", "decidedById", "decidedAt", "rejectionNote"];
const OPENING_LINE_COLUMNS = ["id", "openingId", "kind", "memberId", "amount"];
const WITHDRAWAL_COLUMNS = ["id", "societyId", "code", "memberId", "amount", "appliedToLoan", "status", "requestedAt", "decidedAt", "rejectionNote", "requestedById", "decidedById"];

/** Which of these staff account ids exist here. */
async function knownStaff(db: ClientBase, ids: string[]): Promise<Set<string>> {
  const named = [...new Set(ids.filter(Boolean))];
  if (named.length === 0) return new Set();
  return new Set((await db.query<{ id: string }>(`SELECT "id" FROM "StaffUser" WHERE "id" = ANY($1::text[])`, [named])).rows.map((r) => r.id));
}
const HANDOVER_COLUMNS = ["id", "societyId", "workerId", "date", "expected", "counted", "note", "status", "submittedById", "submittedAt", "confirmedById", "confirmedAt", "confirmNote", "round"];

/**
 * The file's hand-overs as rows: each under its worker's new id. Who handed over and who confirmed are this system's
 * staff: kept when the account exists here, otherwise the person restoring (the audit row of the restore says who).
 */
async function handoverRows(db: ClientBase, societyId: string, handovers: HandoverRecord[], workerIds: Map<string, string>, restoredBy: string | null, newId: () => string, now: Date) {
  const known = await knownStaff(db, handovers.flatMap((h) => [h.submittedById, h.confirmedById ?? ""]));
  const staff = (id: string | null | undefined) => (id && known.has(id) ? id : restoredBy);
  const unassigned = handovers.find((h) => !staff(h.submittedById));
  if (unassigned) return { ok: false as const, problems: [{ code: "invalidField" as const, list: "handovers" as const, record: unassigned.id, field: "submittedById" }] };
  const rows = handovers.map((h) => [
    newId(), societyId, workerIds.get(h.workerId)!, h.date, h.expected, h.counted, h.note, h.status, staff(h.submittedById), dateTime(h.submittedAt, now),
    h.status === "confirmed" ? staff(h.confirmedById) : null, h.status === "confirmed" ? dateTime(h.confirmedAt ?? h.submittedAt, now) : null, h.confirmNote, h.round,
  ]);
  return { ok: true as const, rows };
}
