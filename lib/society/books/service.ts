import "server-only";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import { prisma } from "@/lib/db";
import { isoDateOf } from "@/lib/validation/fields";
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
