import "server-only";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { onceByKey } from "@/lib/idempotency/service";
import type { SocietyActor } from "@/lib/society/access";
import { calendarDateOf, isoDateOf } from "@/lib/validation/fields";
import { openingLines, openingReserve } from "./opening-figures";
import { societyClaim } from "./once";
import { withBooksRefusals } from "./refusals";
import type { OpeningBalanceValues } from "./schemas";

type Tx = Prisma.TransactionClient;

/**
 * A society's opening balances (issue 48): entered once by one admin, posted by a second as one balanced entry dated the
 * day they stood at; the database refuses the entry once anything is posted on or before that day, and anything dated
 * on or before it afterwards (SocietyJournalEntry_opening_first).
 */

/** An opening cannot come after the books' first entry: refused once anything is posted on or before its day. */
async function postedOnOrBefore(tx: Tx, societyId: string, asOf: string): Promise<ActionResult<never> | null> {
  const first = await tx.societyJournalEntry.findFirst({ where: { societyId }, orderBy: { date: "asc" }, select: { date: true } });
  if (first && isoDateOf(first.date) <= asOf) return fail("conflict", { reason: "openingAfterEntries" });
  return null;
}

export type OpeningProposed = { id: string; reserve: number };

/** One admin enters the opening balances: checked (members of this society, nothing posted on or before the day), kept waiting. */
export async function proposeOpeningBalance(a: SocietyActor, input: OpeningBalanceValues, now = new Date()): Promise<ActionResult<OpeningProposed>> {
  const lines = openingLines(input);
  return prisma.$transaction((tx) =>
    onceByKey(tx, societyClaim(a, "society.proposeOpeningBalance", input), async (): Promise<ActionResult<OpeningProposed>> => {
      // Under the society's row: two openings entered at once, or an opening and a first posting, one after the other.
      const society = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Society" WHERE "id" = ${a.societyId} FOR UPDATE`;
      if (!society[0]) return fail("notFound");
      const existing = await tx.societyOpeningBalance.findFirst({ where: { societyId: a.societyId, status: { in: ["proposed", "posted"] } }, select: { status: true } });
      if (existing) return fail("conflict", { reason: existing.status === "posted" ? "openingPosted" : "openingWaiting" });
      const refused = await postedOnOrBefore(tx, a.societyId, input.asOf);
      if (refused) return refused;
      const memberIds = [...new Set(lines.flatMap((l) => (l.memberId ? [l.memberId] : [])))];
      const known = await tx.societyMember.count({ where: { societyId: a.societyId, id: { in: memberIds } } });
      if (known !== memberIds.length) return fail("notFound");
      const opening = await tx.societyOpeningBalance.create({
        data: { societyId: a.societyId, asOf: calendarDateOf(input.asOf), status: "proposed", proposedById: a.createdById, proposedAt: now, lines: { create: lines } },
        select: { id: true },
      });
      const reserve = openingReserve(lines);
      await writeAudit(tx, {
        actor: a.actor,
        action: "society.opening.propose",
        entityType: "SocietyOpeningBalance",
        entityId: opening.id,
        after: { societyId: a.societyId, asOf: input.asOf, cashInHand: input.cashInHand, bank: input.bank, shareCapital: input.shareCapital, members: memberIds.length, reserve },
        ip: a.request.ip,
        userAgent: a.request.userAgent,
      });
      return ok({ id: opening.id, reserve });
    }),
  );
}

/** The waiting opening, for a second person: never the one who entered it; of two decisions one wins. */
async function waitingOpening(tx: Tx, a: SocietyActor, openingId: string) {
  const opening = await tx.societyOpeningBalance.findFirst({ where: { id: openingId, societyId: a.societyId }, select: { id: true, asOf: true, status: true, proposedById: true } });
  if (!opening) return { refused: fail("notFound") } as const;
  if (opening.proposedById && opening.proposedById === a.createdById) return { refused: fail("forbidden", { reason: "openingSamePerson" }) } as const;
  if (opening.status !== "proposed") return { refused: fail("conflict", { reason: "openingDecided" }) } as const;
  return { opening } as const;
}

/** A second admin posts the opening: one balanced entry (the reserve takes the difference), dated the day it stood at. */
export async function approveOpeningBalance(a: SocietyActor, input: { openingId: string; idempotencyKey: string }, now = new Date()): Promise<ActionResult<{ id: string; entryId: string }>> {
  return withBooksRefusals(() =>
    prisma.$transaction((tx) =>
      onceByKey(tx, societyClaim(a, "society.approveOpeningBalance", input), async (): Promise<ActionResult<{ id: string; entryId: string }>> => {
        await tx.$queryRaw`SELECT "id" FROM "Society" WHERE "id" = ${a.societyId} FOR UPDATE`;
        const found = await waitingOpening(tx, a, input.openingId);
        if (found.refused) return found.refused;
        const asOf = isoDateOf(found.opening.asOf);
        const refused = await postedOnOrBefore(tx, a.societyId, asOf);
        if (refused) return refused;
        const { count } = await tx.societyOpeningBalance.updateMany({ where: { id: input.openingId, status: "proposed" }, data: { status: "posted", decidedById: a.createdById, decidedAt: now } });
        if (count !== 1) return fail("conflict", { reason: "openingDecided" });
        const rows = await tx.$queryRaw<{ id: string }[]>`
          SELECT "society_post"(${a.societyId}, ${asOf}::date, 'opening_balance'::"SocietyJournalKind", 'SocietyOpeningBalance', ${input.openingId},
                                "society_opening_lines"(${input.openingId}), ${a.createdById}) AS "id"`;
        const entryId = rows[0]!.id;
        await tx.societyOpeningBalance.update({ where: { id: input.openingId }, data: { entryId } });
        await writeAudit(tx, {
          actor: a.actor,
          action: "society.opening.approve",
          entityType: "SocietyOpeningBalance",
          entityId: input.openingId,
          after: { societyId: a.societyId, asOf, entryId },
          ip: a.request.ip,
          userAgent: a.request.userAgent,
        });
        return ok({ id: input.openingId, entryId });
      }),
    ),
  );
}

/** Or refuses it, saying why: a corrected opening may then be entered. */
export async function rejectOpeningBalance(a: SocietyActor, input: { openingId: string; note: string }, now = new Date()): Promise<ActionResult<{ id: string }>> {
  return prisma.$transaction(async (tx) => {
    const found = await waitingOpening(tx, a, input.openingId);
    if (found.refused) return found.refused;
    const { count } = await tx.societyOpeningBalance.updateMany({
      where: { id: input.openingId, status: "proposed" },
      data: { status: "rejected", decidedById: a.createdById, decidedAt: now, rejectionNote: input.note },
    });
    if (count !== 1) return fail("conflict", { reason: "openingDecided" });
    await writeAudit(tx, {
      actor: a.actor,
      action: "society.opening.reject",
      entityType: "SocietyOpeningBalance",
      entityId: input.openingId,
      after: { societyId: a.societyId, note: input.note },
      ip: a.request.ip,
      userAgent: a.request.userAgent,
    });
    return ok({ id: input.openingId });
  });
}
