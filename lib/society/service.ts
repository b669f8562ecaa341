import "server-only";
import { isUniqueViolation } from "@/lib/db-errors";
import { calendarDateOf } from "@/lib/validation/fields";
import { dhakaToday } from "@/lib/format";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { createStoredDocument } from "@/lib/documents/service";
import { reencodeImage } from "@/lib/documents/reencode";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SocietyActor } from "./access";
import { instalmentsBeyondLoan, sheetMovements } from "./books/movements";
import { memberBalances } from "./books/queries";
import type { CollectionMovement } from "./books/types";
import { BooksRefusal as Refusal, booksRefusal } from "./books/refusals";
import { postCollections, postIncomeExpense, postMemberLoan } from "./books/posting";
import { payOutOnClosing } from "./books/withdrawals";
import { societyClaim } from "./books/once";
import { onceByKey, type IdempotencyClaim } from "@/lib/idempotency/service";
import { allocateSocietyCodes } from "./sequences";
import { planSheet, salaryTotal, SALARY_EXPENSE_CATEGORY } from "./rules";
import type { z } from "zod";
import type { collectionSheetSchema, createSocietySchema, grantAccessSchema, incomeExpenseSchema, memberSchema, revokeAccessSchema, salarySchema, settingsSchema, workerSchema } from "./schemas";

type Tx = Prisma.TransactionClient;

/** A refusal decided inside a transaction: thrown to roll back whatever it already wrote. */

/**
 * Runs a society change in one transaction; a Refusal rolls it back and becomes the typed result. With a claim (an action
 * that moves money), once per key: a replay answers the first result.
 */
async function inTransaction<T>(work: (tx: Tx) => Promise<T>, claim?: IdempotencyClaim): Promise<ActionResult<T>> {
  try {
    const run = async (tx: Tx) => ok(await work(tx));
    return await prisma.$transaction((tx) => (claim ? onceByKey(tx, claim, () => run(tx)) : run(tx)), { timeout: 30_000, maxWait: 10_000 });
  } catch (error) {
    if (error instanceof Refusal) return error.result;
    const refused = booksRefusal(error);
    if (refused) return refused;
    throw error;
  }
}


function audit(tx: Tx, a: SocietyActor, action: string, entityType: string, entityId: string, after?: Prisma.InputJsonObject, before?: Prisma.InputJsonObject) {
  return writeAudit(tx, { actor: a.actor, action, entityType, entityId, before, after: { societyId: a.societyId, ...after }, ip: a.request.ip, userAgent: a.request.userAgent });
}

/** Who created a record, in the spec's terms (createdBy admin or user) and as a staff user. */
function createdBy(a: SocietyActor) {
  return { createdByRole: a.access, createdById: a.createdById };
}


// ---------------------------------------------------------------------------------------------
// Workers

/** Worker photos are small avatars: a 320 px square is plenty for a card and for print. */
const WORKER_PHOTO_SIDE = 320;

export async function addWorker(a: SocietyActor, input: z.output<typeof workerSchema>, photo: Blob | null): Promise<ActionResult<{ id: string; code: string }>> {
  const image = photo && photo.size > 0 ? await reencodeImage(photo, { maxSide: WORKER_PHOTO_SIDE, square: true }) : null;
  if (image && !image.ok) return fail("validation", { fieldErrors: { photo: image.error } });
  return inTransaction(async (tx) => {
    const [code] = await allocateSocietyCodes(tx, a.societyId, "worker", 1);
    const stored = image?.ok ? await createStoredDocument(tx, { kind: "worker_photo", file: image.image, uploadedById: a.createdById }) : null;
    const worker = await tx.societyWorker.create({
      data: { societyId: a.societyId, code: code!, name: input.name, area: input.area, phone: input.phone, photoId: stored?.id ?? null, ...createdBy(a) },
      select: { id: true, code: true },
    });
    await audit(tx, a, "society.worker.create", "SocietyWorker", worker.id, { code: worker.code, name: input.name, area: input.area, phone: input.phone, photo: !!stored });
    return worker;
  });
}

/**
 * Removes a worker. One with members is refused (their members would lose their collector); one with
 * collection or salary history is marked inactive so that history keeps its collector; otherwise the row
 * and its photo are deleted.
 */
export async function deleteWorker(a: SocietyActor, workerId: string): Promise<ActionResult<{ removed: "deleted" | "deactivated" }>> {
  return inTransaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; code: string; name: string; photoId: string | null }[]>`
      SELECT "id", "code", "name", "photoId" FROM "SocietyWorker"
      WHERE "id" = ${workerId} AND "societyId" = ${a.societyId} AND "status" = 'active' FOR UPDATE`;
    const worker = rows[0];
    if (!worker) throw new Refusal(fail("notFound"));
    const members = await tx.societyMember.count({ where: { workerId } });
    if (members > 0) throw new Refusal(fail("conflict", { reason: "workerHasMembers", details: { count: members } }));
    const history =
      (await tx.societyCollection.count({ where: { workerId } })) +
      (await tx.workerSalary.count({ where: { workerId } })) +
      (await tx.societyCollectionSheet.count({ where: { workerId } })) +
      (await tx.societyJournalLine.count({ where: { workerId } })) +
      (await tx.fieldMovedEntry.count({ where: { OR: [{ fromWorkerId: workerId }, { toWorkerId: workerId }] } }));
    let removed: "deleted" | "deactivated";
    if (history > 0) {
      await tx.societyWorker.update({ where: { id: workerId }, data: { status: "inactive" } });
      removed = "deactivated";
    } else {
      await tx.societyWorker.delete({ where: { id: workerId } });
      if (worker.photoId) await tx.storedDocument.delete({ where: { id: worker.photoId } });
      removed = "deleted";
    }
    await audit(tx, a, "society.worker.delete", "SocietyWorker", workerId, { removed }, { code: worker.code, name: worker.name });
    return { removed };
  });
}

// ---------------------------------------------------------------------------------------------
// Members

/** Adds a member under an active worker of the society and counts them on the worker (spec section 9). */
export async function addMember(a: SocietyActor, input: z.output<typeof memberSchema>): Promise<ActionResult<{ id: string; code: string }>> {
  try {
    return await inTransaction(async (tx) => {
      const workers = await tx.$queryRaw<{ id: string; area: string }[]>`
        UPDATE "SocietyWorker" SET "totalMembers" = "totalMembers" + 1
        WHERE "id" = ${input.workerId} AND "societyId" = ${a.societyId} AND "status" = 'active' RETURNING "id", "area"`;
      const worker = workers[0];
      if (!worker) throw new Refusal(fail("validation", { fieldErrors: { workerId: "required" } }));
      const [code] = await allocateSocietyCodes(tx, a.societyId, "member", 1);
      const member = await tx.societyMember.create({
        data: {
          societyId: a.societyId,
          code: code!,
          memberCode: input.memberCode,
          name: input.name,
          nid: input.nid,
          phone: input.phone,
          workerId: worker.id,
          area: worker.area,
          installmentAmount: input.installmentAmount,
          savingsAmount: input.savingsAmount,
          loanAmount: input.loanAmount > 0 ? input.loanAmount : null,
          membershipType: input.membershipType,
          joinDate: calendarDateOf(dhakaToday()),
          ...createdBy(a),
        },
        select: { id: true, code: true },
      });
      // A loan given at joining goes out of the society's cash onto the member's loan account.
      if (input.loanAmount > 0) await postMemberLoan(tx, { societyId: a.societyId, date: dhakaToday(), createdById: a.createdById, askBelowZero: input.confirmCashBelowZero === false }, member.id, input.loanAmount);
      await audit(tx, a, "society.member.create", "SocietyMember", member.id, {
        code: member.code,
        memberCode: input.memberCode,
        name: input.name,
        workerId: worker.id,
        installmentAmount: input.installmentAmount,
        savingsAmount: input.savingsAmount,
      });
      return member;
    }, societyClaim(a, "society.addMember", input));
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "memberCodeTaken", fieldErrors: { memberCode: "memberCodeTaken" } });
    throw error;
  }
}

/**
 * Deletes a member who has nothing on the books, and takes them off their worker's count (never below 0). A member with
 * money on the books (a collection, a loan) is closed instead: marked inactive, every taka of their history kept.
 */
export async function deleteMember(a: SocietyActor, { memberId, idempotencyKey, confirmCashBelowZero }: { memberId: string; idempotencyKey: string; confirmCashBelowZero?: boolean }): Promise<ActionResult<{ removed: "deleted" | "closed"; collections: number; paidOut: number; setOff: number }>> {
  return inTransaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; code: string; memberCode: string; name: string; workerId: string; status: string }[]>`
      SELECT "id", "code", "memberCode", "name", "workerId", "status" FROM "SocietyMember" WHERE "id" = ${memberId} AND "societyId" = ${a.societyId} FOR UPDATE`;
    const member = rows[0];
    if (!member) throw new Refusal(fail("notFound"));
    const collections = await tx.societyCollection.count({ where: { memberId } });
    const onBooks = await tx.societyJournalLine.count({ where: { memberId } });
    if (onBooks > 0) {
      if (member.status === "inactive") throw new Refusal(fail("conflict", { reason: "memberAlreadyClosed" }));
      // Leaving settles the accounts: savings against a loan still owed, the rest paid out (a withdrawal on the books).
      const settled = await payOutOnClosing(tx, a, memberId, { askBelowZero: confirmCashBelowZero === false });
      if (!settled.ok) throw new Refusal(settled);
      const { paidOut, setOff } = settled.data;
      await tx.societyMember.update({ where: { id: memberId }, data: { status: "inactive" } });
      await audit(tx, a, "society.member.close", "SocietyMember", memberId, { status: "inactive", collections, paidOut, setOff }, { code: member.code, memberCode: member.memberCode, name: member.name, status: member.status });
      return { removed: "closed" as const, collections, paidOut, setOff };
    }
    // Named in opening balances not posted: one waiting is decided first; a refused one's figures go with the member.
    if (await tx.societyOpeningBalanceLine.findFirst({ where: { memberId, opening: { status: "proposed" } }, select: { id: true } })) throw new Refusal(fail("conflict", { reason: "openingWaiting" }));
    await tx.societyOpeningBalanceLine.deleteMany({ where: { memberId, opening: { status: "rejected" } } });
    await tx.societyMember.delete({ where: { id: memberId } });
    await tx.$executeRaw`UPDATE "SocietyWorker" SET "totalMembers" = GREATEST("totalMembers" - 1, 0) WHERE "id" = ${member.workerId}`;
    await audit(tx, a, "society.member.delete", "SocietyMember", memberId, { collectionsDeleted: collections }, { code: member.code, memberCode: member.memberCode, name: member.name, workerId: member.workerId });
    return { removed: "deleted" as const, collections, paidOut: 0, setOff: 0 };
  }, societyClaim(a, "society.deleteMember", { memberId, idempotencyKey, confirmCashBelowZero }));
}

// ---------------------------------------------------------------------------------------------
// Collections

export type SheetSaved = { sheetId: string; created: number; updated: number; removed: number; total: number };

/**
 * Saves one worker's collection sheet for one day, all or nothing. The sheet row is upserted first, so a
 * second save of the same worker and day waits for the first and then updates its rows instead of adding
 * more. Every row must be a member of that worker in this society; the worker's running total moves by
 * the difference the save makes.
 */
export async function saveCollectionSheet(a: SocietyActor, input: z.output<typeof collectionSheetSchema>): Promise<ActionResult<SheetSaved>> {
  return inTransaction(async (tx) => {
    const date = calendarDateOf(input.date);
    const worker = await tx.societyWorker.findFirst({ where: { id: input.workerId, societyId: a.societyId, status: "active" }, select: { id: true, code: true } });
    if (!worker) throw new Refusal(fail("validation", { fieldErrors: { workerId: "required" } }));

    const memberIds = [...new Set(input.rows.map((r) => r.memberId))];
    if (memberIds.length !== input.rows.length) throw new Refusal(fail("validation", { reason: "sheetMemberRepeated" }));
    const members = await tx.societyMember.count({ where: { id: { in: memberIds }, societyId: a.societyId, workerId: worker.id } });
    if (members !== memberIds.length) throw new Refusal(fail("validation", { reason: "sheetMemberNotOfWorker" }));

    const sheet = await tx.societyCollectionSheet.upsert({
      where: { societyId_workerId_date: { societyId: a.societyId, workerId: worker.id, date } },
      create: { societyId: a.societyId, workerId: worker.id, date, ...createdBy(a) },
      update: { updatedAt: new Date() },
      select: { id: true },
    });
    const existing = await tx.societyCollection.findMany({
      where: { sheetId: sheet.id },
      select: { id: true, memberId: true, installmentCollected: true, savingsCollected: true, status: true },
    });
    const existingRows = existing.map((r) => ({ id: r.id, memberId: r.memberId, installment: r.installmentCollected, savings: r.savingsCollected, posted: r.status === "collected" }));
    const plan = planSheet(existingRows, input.rows);
    const movements = sheetMovements(existingRows, plan, worker.id);
    await refuseInstalmentsBeyondLoan(tx, a.societyId, movements, input.rows.map((r) => r.memberId));

    const codes = await allocateSocietyCodes(tx, a.societyId, "collection", plan.create.length);
    if (plan.create.length > 0) {
      await tx.societyCollection.createMany({
        data: plan.create.map((row, i) => ({
          societyId: a.societyId,
          code: codes[i]!,
          memberId: row.memberId,
          workerId: worker.id,
          date,
          installmentCollected: row.installment,
          savingsCollected: row.savings,
          status: "collected" as const,
          sheetId: sheet.id,
          ...createdBy(a),
        })),
      });
    }
    if (plan.update.length > 0) {
      // One statement for every changed row, whatever the sheet's size.
      await tx.$executeRaw`
        UPDATE "SocietyCollection" AS c
        SET "installmentCollected" = v.i, "savingsCollected" = v.s, "status" = 'collected'
        FROM unnest(${plan.update.map((u) => u.id)}::text[], ${plan.update.map((u) => u.installment)}::int[], ${plan.update.map((u) => u.savings)}::int[]) AS v(id, i, s)
        WHERE c."id" = v.id AND c."sheetId" = ${sheet.id}`;
    }
    if (plan.remove.length > 0) await tx.societyCollection.deleteMany({ where: { id: { in: plan.remove }, sheetId: sheet.id } });
    if (plan.delta !== 0) await tx.societyWorker.update({ where: { id: worker.id }, data: { dailyCollection: { increment: plan.delta } } });
    // The books move by what this save changed: the first save of a sheet posts its collections, a later one the correction.
    await postCollections(tx, { societyId: a.societyId, date: input.date, createdById: a.createdById }, movements, { type: "SocietyCollectionSheet", id: sheet.id }, existing.length > 0 ? "collection_correction" : "collection");

    const total = input.rows.reduce((sum, r) => sum + (r.installment ?? 0) + (r.savings ?? 0), 0);
    const saved = { sheetId: sheet.id, created: plan.create.length, updated: plan.update.length, removed: plan.remove.length, total };
    await audit(tx, a, existing.length > 0 ? "society.sheet.update" : "society.sheet.create", "SocietyCollectionSheet", sheet.id, {
      workerCode: worker.code,
      date: input.date,
      created: saved.created,
      updated: saved.updated,
      removed: saved.removed,
      total,
      delta: plan.delta,
    });
    return saved;
  }, societyClaim(a, "society.saveCollectionSheet", input));
}

/**
 * An instalment repays a loan: one beyond what the member still owes is refused, naming the member and what she owes,
 * on her row of the sheet (record the money as savings, or give the loan first). Balances as this transaction sees them.
 */
async function refuseInstalmentsBeyondLoan(tx: Tx, societyId: string, movements: CollectionMovement[], rowOrder: string[]) {
  const paying = [...new Set(movements.filter((m) => m.installment > 0).map((m) => m.memberId))].sort();
  if (paying.length === 0) return;
  // The paying members' rows locked (in id order, as everywhere): two saves, or a save and a phone's sync, cannot each
  // take the last of one loan; the second reads what the first posted.
  await tx.$executeRaw`SELECT 1 FROM "SocietyMember" WHERE "id" = ANY(${paying}::text[]) ORDER BY "id" FOR UPDATE`;
  const balances = await memberBalances(societyId, paying, tx);
  const beyond = instalmentsBeyondLoan(movements, new Map([...balances].map(([id, b]) => [id, b.loanOutstanding])));
  if (beyond.length === 0) return;
  const first = beyond[0]!;
  const member = await tx.societyMember.findUniqueOrThrow({ where: { id: first.memberId }, select: { name: true, memberCode: true } });
  throw new Refusal(
    fail("validation", {
      reason: "instalmentBeyondLoan",
      details: { member: `${member.name} (${member.memberCode})`, owed: first.owed },
      fieldErrors: Object.fromEntries(beyond.map((b) => [`rows.${rowOrder.indexOf(b.memberId)}.installment`, "instalmentBeyondLoan"])),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Income, expenses and salaries

export async function addIncomeExpense(a: SocietyActor, input: z.output<typeof incomeExpenseSchema>): Promise<ActionResult<{ id: string; code: string }>> {
  return inTransaction(async (tx) => {
    const [code] = await allocateSocietyCodes(tx, a.societyId, "incomeExpense", 1);
    const entry = await tx.incomeExpense.create({
      data: { societyId: a.societyId, code: code!, type: input.type, category: input.category, amount: input.amount, description: input.description, date: calendarDateOf(input.date), ...createdBy(a) },
      select: { id: true, code: true },
    });
    await postIncomeExpense(tx, { societyId: a.societyId, date: input.date, createdById: a.createdById, askBelowZero: input.confirmCashBelowZero === false }, { id: entry.id, type: input.type, category: input.category, amount: input.amount, salary: false });
    await audit(tx, a, "society.income_expense.create", "IncomeExpense", entry.id, { code: entry.code, type: input.type, category: input.category, amount: input.amount, date: input.date });
    return entry;
  }, societyClaim(a, "society.addIncomeExpense", input));
}

/**
 * Pays a worker's salary for a month and books the expense (category বেতন, dated today) in the same
 * transaction. The worker row is locked first, so of two payments for one worker and month only the
 * first is paid.
 */
export async function paySalary(a: SocietyActor, input: z.output<typeof salarySchema>): Promise<ActionResult<{ id: string; code: string; totalSalary: number }>> {
  return inTransaction(async (tx) => {
    const workers = await tx.$queryRaw<{ id: string; name: string }[]>`
      SELECT "id", "name" FROM "SocietyWorker" WHERE "id" = ${input.workerId} AND "societyId" = ${a.societyId} AND "status" = 'active' FOR UPDATE`;
    const worker = workers[0];
    if (!worker) throw new Refusal(fail("validation", { fieldErrors: { workerId: "required" } }));
    const paid = await tx.workerSalary.findFirst({ where: { workerId: worker.id, month: input.month, status: "paid" }, select: { code: true } });
    if (paid) throw new Refusal(fail("conflict", { reason: "salaryAlreadyPaid", details: { code: paid.code } }));

    const today = dhakaToday();
    const totalSalary = salaryTotal(input.baseSalary, input.bonus, input.deductions);
    const [salaryCode] = await allocateSocietyCodes(tx, a.societyId, "salary", 1);
    const [expenseCode] = await allocateSocietyCodes(tx, a.societyId, "incomeExpense", 1);
    const salary = await tx.workerSalary.create({
      data: {
        societyId: a.societyId,
        code: salaryCode!,
        workerId: worker.id,
        month: input.month,
        year: Number(input.month.slice(0, 4)),
        baseSalary: input.baseSalary,
        bonus: input.bonus,
        deductions: input.deductions,
        totalSalary,
        status: "paid",
        paidDate: calendarDateOf(today),
        ...createdBy(a),
      },
      select: { id: true, code: true },
    });
    const expense = await tx.incomeExpense.create({
      select: { id: true },
      data: {
        societyId: a.societyId,
        code: expenseCode!,
        type: "expense",
        category: SALARY_EXPENSE_CATEGORY,
        amount: totalSalary,
        description: `${worker.name}: ${input.month}`,
        date: calendarDateOf(today),
        workerSalaryId: salary.id,
        ...createdBy(a),
      },
    });
    await postIncomeExpense(tx, { societyId: a.societyId, date: today, createdById: a.createdById, askBelowZero: input.confirmCashBelowZero === false }, { id: expense.id, type: "expense", category: SALARY_EXPENSE_CATEGORY, amount: totalSalary, salary: true });
    await audit(tx, a, "society.salary.pay", "WorkerSalary", salary.id, { code: salary.code, workerId: worker.id, month: input.month, totalSalary, expenseCode: expenseCode! });
    return { ...salary, totalSalary };
  }, societyClaim(a, "society.paySalary", input));
}

// ---------------------------------------------------------------------------------------------
// Settings and society management

export async function updateSocietySettings(a: SocietyActor, input: z.output<typeof settingsSchema>): Promise<ActionResult<null>> {
  try {
    return await inTransaction(async (tx) => {
      const before = await tx.society.findUniqueOrThrow({ where: { id: a.societyId }, select: { name: true, registrationNumber: true, address: true } });
      await tx.society.update({ where: { id: a.societyId }, data: input });
      await audit(tx, a, "society.settings.update", "Society", a.societyId, input, before);
      return null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "registrationTaken", fieldErrors: { registrationNumber: "registrationTaken" } });
    throw error;
  }
}

function staffAudit(tx: Tx, ctx: StaffContext, action: string, entityId: string, after: Prisma.InputJsonObject) {
  return writeAudit(tx, { actor: ctx.actor, action, entityType: "Society", entityId, after, ip: ctx.request.ip, userAgent: ctx.request.userAgent });
}

/** A super admin creates a society; it opens for nobody until access is granted. */
export async function createSociety(ctx: StaffContext, input: z.output<typeof createSocietySchema>): Promise<ActionResult<{ id: string }>> {
  try {
    return await inTransaction(async (tx) => {
      const society = await tx.society.create({ data: input, select: { id: true } });
      await staffAudit(tx, ctx, "society.create", society.id, input);
      return society;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "registrationTaken", fieldErrors: { registrationNumber: "registrationTaken" } });
    throw error;
  }
}

/** Grants (or changes) a staff member's access to a society, found by their sign-in phone number. */
export async function grantSocietyAccess(ctx: StaffContext, input: z.output<typeof grantAccessSchema>): Promise<ActionResult<{ staffUserId: string }>> {
  return inTransaction(async (tx) => {
    const society = await tx.society.findUnique({ where: { id: input.societyId }, select: { id: true } });
    if (!society) throw new Refusal(fail("notFound"));
    const staff = await tx.staffUser.findUnique({ where: { phone: input.phone }, select: { id: true, active: true } });
    if (!staff || !staff.active) throw new Refusal(fail("validation", { fieldErrors: { phone: "staffNotFound" } }));
    await tx.societyManager.upsert({
      where: { societyId_staffUserId: { societyId: society.id, staffUserId: staff.id } },
      create: { societyId: society.id, staffUserId: staff.id, access: input.access },
      update: { access: input.access },
    });
    await staffAudit(tx, ctx, "society.access.grant", society.id, { staffUserId: staff.id, access: input.access });
    return { staffUserId: staff.id };
  });
}

export async function revokeSocietyAccess(ctx: StaffContext, input: z.output<typeof revokeAccessSchema>): Promise<ActionResult<null>> {
  return inTransaction(async (tx) => {
    const removed = await tx.societyManager.deleteMany({ where: { societyId: input.societyId, staffUserId: input.staffUserId } });
    if (removed.count === 0) throw new Refusal(fail("notFound"));
    await staffAudit(tx, ctx, "society.access.revoke", input.societyId, { staffUserId: input.staffUserId });
    return null;
  });
}
