import "server-only";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { UpazilaBranchValues } from "./schemas";
import { parseUpazilaCsv, type UpazilaLineError } from "./upazila-csv";

type Tx = Prisma.TransactionClient;

/**
 * Routing of new applications by the applicant's upazila (issue 41, decision 0255): the branch a head-office admin
 * mapped it to while that branch is open; otherwise the database's default (the one open branch, or none: the head
 * office's queue).
 */
export async function routedBranchId(tx: Tx, upazilaCode: string | undefined): Promise<string | undefined> {
  if (!upazilaCode) return undefined;
  // FOR SHARE of the branch: a close waits for this application (and counts it), or this reads it closed.
  const [route] = await tx.$queryRaw<{ id: string }[]>`
    SELECT o."id" FROM "UpazilaBranch" u JOIN "Office" o ON o."id" = u."branchId"
     WHERE u."upazilaCode" = ${upazilaCode} AND o."status" = 'open'
       FOR SHARE OF o`;
  return route?.id;
}

/**
 * The open branches among those named, held FOR SHARE: a close of one of them waits for this change to commit (and
 * then finds the route to move), instead of the trigger refusing the route after a close committed in between.
 */
async function openBranchesFor(tx: Tx, where: Prisma.Sql): Promise<{ id: string; code: string }[]> {
  return tx.$queryRaw<{ id: string; code: string }[]>`
    SELECT "id", "code" FROM "Office" WHERE ${where} AND "level" = 'branch' AND "status" = 'open' FOR SHARE`;
}

/** Changes to the routing take turns (one at a time, an import included): each audit row's "before" is what it replaced. */
async function routingTurn(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('UpazilaBranch'))`;
}

/** Sets (or, with no branch, removes) one upazila's branch; the office must be an open branch. Audited with before/after. */
export async function setUpazilaBranch(ctx: StaffContext, input: UpazilaBranchValues): Promise<ActionResult<{ upazilaCode: string; branchId: string | null }>> {
  return prisma.$transaction(async (tx) => {
    await routingTurn(tx);
    const [before] = await tx.$queryRaw<{ branchId: string }[]>`
      SELECT "branchId" FROM "UpazilaBranch" WHERE "upazilaCode" = ${input.upazilaCode}`;
    if (!input.branchId) {
      if (!before) return ok({ upazilaCode: input.upazilaCode, branchId: null });
      await tx.upazilaBranch.delete({ where: { upazilaCode: input.upazilaCode } });
    } else {
      const [branch] = await openBranchesFor(tx, Prisma.sql`"id" = ${input.branchId}`);
      if (!branch) return fail("validation", { fieldErrors: { branchId: "officeNotOpen" } });
      if (before?.branchId === branch.id) return ok({ upazilaCode: input.upazilaCode, branchId: branch.id });
      await tx.$executeRaw`
        INSERT INTO "UpazilaBranch" ("upazilaCode", "branchId", "updatedAt") VALUES (${input.upazilaCode}, ${branch.id}, now())
        ON CONFLICT ("upazilaCode") DO UPDATE SET "branchId" = EXCLUDED."branchId", "updatedAt" = now()`;
    }
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "office.upazila.route",
      entityType: "UpazilaBranch",
      entityId: input.upazilaCode,
      before: before ? { branchId: before.branchId } : undefined,
      after: input.branchId ? { branchId: input.branchId } : undefined,
    });
    return ok({ upazilaCode: input.upazilaCode, branchId: input.branchId || null });
  });
}

export type UpazilaImportSummary = { added: number; alreadyListed: number; errors: UpazilaLineError[] };

/**
 * A CSV file of routes: rows naming an open branch are set in one transaction (an upazila already routed to that
 * branch is counted as already there; to another, it moves), rows naming no open branch are refused by line; one
 * audit row with every change.
 */
export async function importUpazilaBranches(ctx: StaffContext, input: { csv: string }): Promise<ActionResult<UpazilaImportSummary>> {
  const parsed = parseUpazilaCsv(input.csv);
  if (!parsed.ok) return fail("validation", { reason: parsed.error });
  return prisma.$transaction(async (tx) => {
    await routingTurn(tx);
    const codes = [...new Set(parsed.rows.map((r) => r.branchCode))];
    const branches = codes.length === 0 ? [] : await openBranchesFor(tx, Prisma.sql`"code" = ANY(${codes}::text[])`);
    const branchOf = new Map(branches.map((b) => [b.code, b.id]));
    const errors = [...parsed.errors];
    // An upazila twice in one file: its later good row wins, as typed twice would (a refused row replaces nothing).
    const chosen = new Map<string, string>();
    for (const row of parsed.rows) {
      const branchId = branchOf.get(row.branchCode);
      if (!branchId) errors.push({ line: row.line, field: "branch", error: "officeNotOpen" });
      else chosen.set(row.upazilaCode, branchId);
    }
    const wanted = [...chosen].map(([upazilaCode, branchId]) => ({ upazilaCode, branchId }));
    const existing = await tx.upazilaBranch.findMany({ where: { upazilaCode: { in: wanted.map((w) => w.upazilaCode) } }, select: { upazilaCode: true, branchId: true } });
    const current = new Map(existing.map((e) => [e.upazilaCode, e.branchId]));
    const changes = wanted.filter((w) => current.get(w.upazilaCode) !== w.branchId);
    if (changes.length > 0) {
      await tx.$executeRaw`
        INSERT INTO "UpazilaBranch" ("upazilaCode", "branchId", "updatedAt")
        SELECT u, b, now() FROM unnest(${changes.map((c) => c.upazilaCode)}::text[], ${changes.map((c) => c.branchId)}::text[]) AS t(u, b)
        ON CONFLICT ("upazilaCode") DO UPDATE SET "branchId" = EXCLUDED."branchId", "updatedAt" = now()`;
    }
    errors.sort((a, b) => a.line - b.line);
    const summary = { added: changes.length, alreadyListed: wanted.length - changes.length, errors };
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "office.upazila.import",
      entityType: "UpazilaBranch",
      entityId: "import",
      after: { changes: changes.map((c) => ({ ...c, before: current.get(c.upazilaCode) ?? null })), refusedLines: errors.map((e) => e.line) },
    });
    return ok(summary);
  });
}
