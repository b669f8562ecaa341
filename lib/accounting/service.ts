import "server-only";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { isoDateOf } from "@/lib/validation/fields";

/**
 * Closes the lender's books through a day, for every open branch at once (the statements are the lender's): from then
 * on the database refuses a line dated on or before it in any of them (corrections go in the open period). Forward
 * only: a day on or before every branch's closing is refused here, and the database refuses moving one back whatever
 * the caller does. The branches' rows are locked as read, so of two closings one wins and the other is told.
 */
export async function closeLenderBooks(ctx: StaffContext, input: { through: string }, now = new Date()): Promise<ActionResult<{ through: string; branches: number }>> {
  return prisma.$transaction(async (tx) => {
    const branches = await tx.$queryRaw<{ id: string; code: string; booksClosedThrough: Date | null }[]>`
      SELECT "id", "code", "booksClosedThrough" FROM "Office" WHERE "level" = 'branch' AND "status" = 'open' ORDER BY "id" FOR UPDATE`;
    const behind = branches.filter((b) => !b.booksClosedThrough || isoDateOf(b.booksClosedThrough) < input.through);
    if (behind.length === 0) {
      const latest = branches.map((b) => isoDateOf(b.booksClosedThrough!)).sort().at(-1) ?? input.through;
      return fail("conflict", { reason: "alreadyClosed", details: { through: latest } });
    }
    await tx.office.updateMany({ where: { id: { in: behind.map((b) => b.id) } }, data: { booksClosedThrough: new Date(`${input.through}T00:00:00Z`), booksClosedAt: now } });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "accounting.books.close",
      entityType: "LenderBooks",
      entityId: input.through,
      before: Object.fromEntries(behind.map((b) => [b.code, b.booksClosedThrough ? isoDateOf(b.booksClosedThrough) : null])),
      after: { booksClosedThrough: input.through, branches: behind.length },
    });
    return ok({ through: input.through, branches: behind.length });
  });
}
