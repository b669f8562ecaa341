import "server-only";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import { prisma } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { dhakaToday } from "@/lib/format";
import { isoDateOf } from "@/lib/validation/fields";
import { withBooksRefusals } from "./refusals";
import { refuseCashBelowZero } from "./posting";
import { onceByKey } from "@/lib/idempotency/service";
import { societyClaim } from "./once";
import type { SocietyActor } from "@/lib/society/access";

/**
 * Closes a society's books through a day: from now on the database refuses any entry dated on or before it
 * (corrections go in the open period). Forward only: an earlier or equal day than the one closed is refused here,
 * and the database refuses reopening whatever the caller does. Guarded on the row as read, so of two closings one wins.
 */
export async function closeBooks(a: SocietyActor, input: { through: string }, now = new Date()): Promise<ActionResult<{ through: string }>> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ booksClosedThrough: Date | null }[]>`
      SELECT "booksClosedThrough" FROM "Society" WHERE "id" = ${a.societyId} FOR UPDATE`;
    if (!rows[0]) return fail("notFound");
    const current = rows[0].booksClosedThrough ? isoDateOf(rows[0].booksClosedThrough) : null;
    if (current && input.through <= current) return fail("conflict", { reason: "alreadyClosed", details: { through: current } });
    await tx.society.update({ where: { id: a.societyId }, data: { booksClosedThrough: new Date(`${input.through}T00:00:00Z`), booksClosedAt: now } });
    await writeAudit(tx, {
      actor: a.actor,
      action: "society.books.close",
      entityType: "Society",
      entityId: a.societyId,
      before: { booksClosedThrough: current },
      after: { societyId: a.societyId, booksClosedThrough: input.through },
      ip: a.request.ip,
      userAgent: a.request.userAgent,
    });
    return ok({ through: input.through });
  });
}

/** An admin sets the withdrawal rules; audited with what they were. A limit of 0 sends every withdrawal to a second person. */
export async function updateWithdrawalRules(a: SocietyActor, input: { minimumSavingsBalance: number; withdrawalApprovalLimit: number }): Promise<ActionResult<typeof input>> {
  return prisma.$transaction(async (tx) => {
    const before = await tx.society.findUnique({ where: { id: a.societyId }, select: { minimumSavingsBalance: true, withdrawalApprovalLimit: true } });
    if (!before) return fail("notFound");
    await tx.society.update({ where: { id: a.societyId }, data: input });
    await writeAudit(tx, {
      actor: a.actor,
      action: "society.withdrawal_rules.update",
      entityType: "Society",
      entityId: a.societyId,
      before,
      after: { societyId: a.societyId, ...input },
      ip: a.request.ip,
      userAgent: a.request.userAgent,
    });
    return ok(input);
  });
}

/**
 * Reverses an income or expense entered by mistake: the record is marked reversed (guarded on not being reversed yet,
 * so of two attempts one wins) and a reversal entry pointing at its entry is posted today, in the open period. The
 * original stays on the books; the record leaves the month's totals. A salary's expense is not reversed here.
 */
export async function reverseIncomeExpense(a: SocietyActor, input: { incomeExpenseId: string; idempotencyKey: string; confirmCashBelowZero?: boolean }, now = new Date()): Promise<ActionResult<{ id: string; entryId: string }>> {
  return withBooksRefusals(() =>
    prisma.$transaction((tx) => onceByKey(tx, societyClaim(a, "society.reverseIncomeExpense", input), async (): Promise<ActionResult<{ id: string; entryId: string }>> => {
      const record = await tx.incomeExpense.findFirst({ where: { id: input.incomeExpenseId, societyId: a.societyId }, select: { id: true, code: true, type: true, category: true, amount: true, workerSalaryId: true } });
      if (!record) return fail("notFound");
      if (record.workerSalaryId) return fail("conflict", { reason: "salaryNotReversed" });
      const entry = await tx.societyJournalEntry.findFirst({ where: { societyId: a.societyId, sourceType: "IncomeExpense", sourceId: record.id, kind: { in: ["income", "expense"] } }, select: { id: true } });
      if (!entry) return fail("notFound");
      const { count } = await tx.incomeExpense.updateMany({ where: { id: record.id, reversedAt: null }, data: { reversedAt: now, reversedById: a.createdById } });
      if (count !== 1) return fail("conflict", { reason: "alreadyReversed" });
      const [reversal] = await tx.$queryRaw<{ id: string }[]>`SELECT "society_reverse"(${entry.id}, ${dhakaToday(now)}::date, ${a.createdById}) AS "id"`;
      // Reversing an income takes its cash back out.
      await refuseCashBelowZero(tx, { societyId: a.societyId, date: dhakaToday(now), createdById: a.createdById, askBelowZero: input.confirmCashBelowZero === false }, reversal!.id);
      await writeAudit(tx, {
        actor: a.actor,
        action: "society.income_expense.reverse",
        entityType: "IncomeExpense",
        entityId: record.id,
        before: { reversedAt: null },
        after: { societyId: a.societyId, code: record.code, type: record.type, category: record.category, amount: record.amount, reversalEntryId: reversal!.id },
        ip: a.request.ip,
        userAgent: a.request.userAgent,
      });
      return ok({ id: record.id, entryId: reversal!.id });
    })),
  );
}

/** An admin names an account as the society calls it (the chart of accounts); audited with the name it had. */
export async function labelAccount(a: SocietyActor, input: { code: string; label: string }): Promise<ActionResult<{ code: string; label: string }>> {
  return prisma.$transaction(async (tx) => {
    const account = await tx.societyAccount.findUnique({ where: { societyId_code: { societyId: a.societyId, code: input.code } }, select: { id: true, label: true } });
    if (!account) return fail("notFound");
    await tx.societyAccount.update({ where: { id: account.id }, data: { label: input.label } });
    await writeAudit(tx, { actor: a.actor, action: "society.account.label", entityType: "SocietyAccount", entityId: account.id, before: { label: account.label }, after: { societyId: a.societyId, code: input.code, label: input.label }, ip: a.request.ip, userAgent: a.request.userAgent });
    return ok(input);
  });
}

/**
 * Adds an income or expense category account to the chart, by the database's own account rule (the same one a posting
 * uses, so an income or expense later entered under this category posts to it). One account per category.
 */
export async function addAccount(a: SocietyActor, input: { kind: "income_category" | "expense_category"; name: string }): Promise<ActionResult<{ code: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      // The same lock the database's account rule takes: of two identical requests, the second sees the first's account.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('society-account:' || ${a.societyId}, 0))`;
      const exists = await tx.societyAccount.findFirst({ where: { societyId: a.societyId, kind: input.kind, name: input.name }, select: { id: true } });
      if (exists) return fail("conflict", { reason: "accountExists" });
      const [created] = await tx.$queryRaw<{ id: string }[]>`SELECT "society_account"(${a.societyId}, ${input.kind}::"SocietyAccountKind", ${input.name}) AS "id"`;
      const account = await tx.societyAccount.findUniqueOrThrow({ where: { id: created!.id }, select: { id: true, code: true } });
      await writeAudit(tx, { actor: a.actor, action: "society.account.create", entityType: "SocietyAccount", entityId: account.id, after: { societyId: a.societyId, code: account.code, kind: input.kind, name: input.name }, ip: a.request.ip, userAgent: a.request.userAgent });
      return ok({ code: account.code });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "accountExists" });
    throw error;
  }
}
