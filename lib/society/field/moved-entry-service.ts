import "server-only";
import type { z } from "zod";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import { prisma } from "@/lib/db";
import { instalmentsBeyondLoan } from "@/lib/society/books/movements";
import { memberBalances } from "@/lib/society/books/queries";
import type { SocietyActor } from "@/lib/society/access";
import { isoDateOf } from "@/lib/validation/fields";
import type { decideMovedEntrySchema, moveMemberSchema } from "./schemas";
import { recordFieldCollections } from "./sync-service";

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

function audit(tx: Tx, actor: SocietyActor, action: string, entityType: string, id: string, before: Record<string, string | number | null> | null, after: Record<string, string | number | null>) {
  return writeAudit(tx, { actor: actor.actor, action, entityType, entityId: id, before: before ?? undefined, after: { societyId: actor.societyId, ...after }, ip: actor.request.ip, userAgent: actor.request.userAgent });
}

/**
 * The office moves a member to another worker: her row locked, the move made only from the worker the form showed (of
 * two admins moving her at once, one wins; a replay of the same move answers as the first), both workers' member counts
 * and the area (copied from the worker, as when she joined) follow; audited. Both phones learn it at their next sync:
 * the new worker's sheet lists her; an entry the old worker's phone made for her since is kept for an admin's approval.
 */
export async function moveMember(actor: SocietyActor, input: z.output<typeof moveMemberSchema>): Promise<ActionResult<{ workerId: string }>> {
  return prisma.$transaction(async (tx) => {
    const [member] = await tx.$queryRaw<{ id: string; code: string; workerId: string; status: string; area: string }[]>`
      SELECT "id", "code", "workerId", "status", "area" FROM "SocietyMember" WHERE "id" = ${input.memberId} AND "societyId" = ${actor.societyId} FOR UPDATE`;
    if (!member) return fail("notFound");
    if (member.workerId === input.toWorkerId) return ok({ workerId: member.workerId });
    if (member.workerId !== input.fromWorkerId) return fail("conflict", { reason: "stale" });
    if (member.status !== "active") return fail("conflict", { reason: "memberInactive" });
    const worker = await tx.societyWorker.findFirst({ where: { id: input.toWorkerId, societyId: actor.societyId, status: "active" }, select: { id: true, code: true, area: true } });
    if (!worker) return fail("validation", { fieldErrors: { toWorkerId: "required" } });
    await tx.societyMember.update({ where: { id: member.id }, data: { workerId: worker.id, area: worker.area } });
    await tx.$executeRaw`UPDATE "SocietyWorker" SET "totalMembers" = GREATEST("totalMembers" - 1, 0) WHERE "id" = ${member.workerId}`;
    await tx.$executeRaw`UPDATE "SocietyWorker" SET "totalMembers" = "totalMembers" + 1 WHERE "id" = ${worker.id}`;
    await audit(tx, actor, "society.member.move", "SocietyMember", member.id, { workerId: member.workerId, area: member.area }, { code: member.code, workerId: worker.id, workerCode: worker.code, area: worker.area });
    return ok({ workerId: worker.id });
  });
}

export type MovedEntryDecided = { status: "approved" | "refused"; receipt: string | null };

/**
 * An admin decides an entry the old worker's phone made for a member the office had moved: approved, it is recorded as
 * that worker's collection (she holds the cash; her hand-over expects it) and the new worker's sheet shows the member
 * paid; refused, the worker hands the cash over with a note. Never by the account whose phone sent it; decided once
 * (the database refuses a second decision), and a replay of the same decision answers as the first. On approval the
 * books, the period and the member's loan are checked as at a sync. Under the society's field-sync lock, so a phone's
 * resend and the approval never both record the entry.
 */
export async function decideMovedEntry(actor: SocietyActor, input: z.output<typeof decideMovedEntrySchema>): Promise<ActionResult<MovedEntryDecided>> {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`field-sync:${actor.societyId}`}))`;
      const [row] = await tx.$queryRaw<
        { id: string; clientId: string; memberId: string; fromWorkerId: string; date: Date; installment: number; savings: number; recordedAt: Date; submittedById: string; submittedByRole: SocietyActor["access"]; status: string; collectionCode: string | null }[]
      >`SELECT "id", "clientId"::text, "memberId", "fromWorkerId", "date", "installment", "savings", "recordedAt", "submittedById", "submittedByRole", "status", "collectionCode"
        FROM "FieldMovedEntry" WHERE "id" = ${input.movedEntryId} AND "societyId" = ${actor.societyId} FOR UPDATE`;
      if (!row || !actor.createdById) return fail("notFound");
      const wanted = input.decision === "approve" ? "approved" : "refused";
      if (row.status !== "pending") {
        return row.status === wanted ? ok({ status: wanted, receipt: row.collectionCode }) : fail("conflict", { reason: "alreadyDecided" });
      }
      if (row.submittedById === actor.createdById) return fail("forbidden", { reason: "ownFieldEntry" });
      const date = isoDateOf(row.date);
      const amounts = { installment: row.installment, savings: row.savings, total: row.installment + row.savings };
      const decided = { decidedById: actor.createdById, decidedAt: new Date() };

      if (wanted === "refused") {
        await tx.fieldMovedEntry.update({ where: { id: row.id }, data: { status: "refused", ...decided } });
        await audit(tx, actor, "society.field.moved_entry_refuse", "FieldMovedEntry", row.id, null, { memberId: row.memberId, workerId: row.fromWorkerId, date, ...amounts });
        return ok({ status: "refused", receipt: null });
      }

      const member = await tx.societyMember.findUniqueOrThrow({ where: { id: row.memberId }, select: { status: true, name: true, memberCode: true } });
      if (member.status !== "active") return fail("conflict", { reason: "memberInactive" });
      const society = await tx.society.findUniqueOrThrow({ where: { id: actor.societyId }, select: { booksClosedThrough: true } });
      if (society.booksClosedThrough && date <= isoDateOf(society.booksClosedThrough)) return fail("conflict", { reason: "periodClosed" });
      const opening = await tx.societyJournalEntry.findFirst({ where: { societyId: actor.societyId, kind: "opening_balance" }, select: { date: true } });
      if (opening && date <= isoDateOf(opening.date)) return fail("conflict", { reason: "beforeOpening" });
      if (row.installment > 0) {
        await tx.$executeRaw`SELECT 1 FROM "SocietyMember" WHERE "id" = ${row.memberId} FOR UPDATE`;
        const owed = (await memberBalances(actor.societyId, [row.memberId], tx)).get(row.memberId)?.loanOutstanding ?? 0;
        const beyond = instalmentsBeyondLoan([{ memberId: row.memberId, installment: row.installment }], new Map([[row.memberId, owed]]));
        if (beyond.length > 0) return fail("conflict", { reason: "instalmentBeyondLoan", details: { member: `${member.name} (${member.memberCode})`, owed: beyond[0]!.owed } });
      }

      const entry = { id: row.clientId, workerId: row.fromWorkerId, memberId: row.memberId, date, installment: row.installment, savings: row.savings, recordedAt: row.recordedAt.toISOString() };
      const receipts = await recordFieldCollections(tx, { societyId: actor.societyId, createdById: row.submittedById, role: row.submittedByRole }, [entry], { type: "FieldMovedEntry", id: row.id });
      const receipt = receipts.get(entry.id)!;
      await tx.fieldMovedEntry.update({ where: { id: row.id }, data: { status: "approved", collectionCode: receipt, ...decided } });
      await audit(tx, actor, "society.field.moved_entry_approve", "FieldMovedEntry", row.id, null, { memberId: row.memberId, workerId: row.fromWorkerId, date, receipt, ...amounts });
      return ok({ status: "approved", receipt });
    },
    { timeout: 30_000, maxWait: 20_000 },
  );
}
