import "server-only";
import { isUniqueViolation } from "@/lib/db-errors";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { parseBlacklistCsv, type ImportLineError } from "./csv-import";
import type { BlacklistEntryValues } from "./schemas";


/** Adds one entry with its audit row; the same kind and value twice is refused, naming the field. */
export async function addBlacklistEntry(ctx: StaffContext, input: BlacklistEntryValues, now = new Date()): Promise<ActionResult<{ id: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const entry = await tx.blacklistEntry.create({ data: { ...input, addedById: ctx.user.id, createdAt: now }, select: { id: true } });
      await writeAudit(tx, { ...auditBy(ctx), action: "blacklist.add", entityType: "BlacklistEntry", entityId: entry.id, after: { ...input } });
      return ok({ id: entry.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "alreadyListed", fieldErrors: { value: "alreadyListed" } });
    throw error;
  }
}

/** Removes an entry; the audit row keeps what it said. Removing one already gone is "not found". */
export async function removeBlacklistEntry(ctx: StaffContext, input: { id: string }): Promise<ActionResult<{ id: string }>> {
  return prisma.$transaction(async (tx) => {
    const [removed] = await tx.$queryRaw<{ id: string; kind: string; value: string; reason: string }[]>`
      DELETE FROM "BlacklistEntry" WHERE "id" = ${input.id} RETURNING "id", "kind"::text AS "kind", "value", "reason"`;
    if (!removed) return fail("notFound");
    await writeAudit(tx, { ...auditBy(ctx), action: "blacklist.remove", entityType: "BlacklistEntry", entityId: removed.id, before: { kind: removed.kind, value: removed.value, reason: removed.reason } });
    return ok({ id: removed.id });
  });
}

export type ImportSummary = { added: number; alreadyListed: number; errors: ImportLineError[] };

/**
 * A CSV file of entries: the good rows are added in one transaction (entries already listed are skipped and
 * counted), bad rows are reported by line and change nothing; one audit row for the import.
 */
export async function importBlacklist(ctx: StaffContext, input: { csv: string }, now = new Date()): Promise<ActionResult<ImportSummary>> {
  const parsed = parseBlacklistCsv(input.csv);
  if (!parsed.ok) return fail("validation", { reason: parsed.error });
  return prisma.$transaction(
    async (tx) => {
      const created = await tx.blacklistEntry.createMany({
        data: parsed.rows.map((row) => ({ ...row, addedById: ctx.user.id, createdAt: now })),
        skipDuplicates: true,
      });
      const summary = { added: created.count, alreadyListed: parsed.rows.length - created.count, errors: parsed.errors };
      await writeAudit(tx, {
        ...auditBy(ctx),
        action: "blacklist.import",
        entityType: "BlacklistEntry",
        entityId: "import",
        after: { added: summary.added, alreadyListed: summary.alreadyListed, refusedLines: parsed.errors.map((e) => e.line) },
      });
      return ok(summary);
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}
