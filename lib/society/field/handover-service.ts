import "server-only";
import { booksRefusal, withBooksRefusals } from "@/lib/society/books/refusals";
import { postHandover } from "@/lib/society/books/posting";
import { societyClaim } from "@/lib/society/books/once";
import { onceByKey } from "@/lib/idempotency/service";
import { isoDateOf } from "@/lib/validation/fields";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import { prisma } from "@/lib/db";
import type { SocietyActor } from "@/lib/society/access";
import { calendarDateOf } from "@/lib/validation/fields";
import type { confirmHandoverSchema, handoverSchema, receiveWorkerCashSchema } from "./schemas";
import { dhakaToday } from "@/lib/format";
import { ownWorkerId } from "./sync-service";
import { workersCashHeld } from "./queries";
import type { z } from "zod";

function audit(tx: Parameters<typeof writeAudit>[0], actor: SocietyActor, action: string, id: string, after: Record<string, string | number | null>) {
  return writeAudit(tx, { actor: actor.actor, action, entityType: "FieldCashHandover", entityId: id, after: { societyId: actor.societyId, ...after }, ip: actor.request.ip, userAgent: actor.request.userAgent });
}

/**
 * The worker hands over the day's cash: what the server has of the day's collections this worker recorded, less what
 * the day's earlier hand-overs took, is the expected amount (computed here, never typed), against the cash counted. A
 * difference needs a note. A collection recorded after a hand-over opens the next round for what came since; with
 * nothing new it is refused. The phone's key makes a resend answer the first hand-over, never open another round; the
 * worker's row is locked, so two hand-overs at once take one round each in turn. The admin's confirmation comes after.
 */
export async function submitHandover(actor: SocietyActor, input: z.output<typeof handoverSchema>): Promise<ActionResult<{ id: string; expected: number; counted: number }>> {
  return prisma.$transaction(async (tx) => {
    const submit = async (): Promise<ActionResult<{ id: string; expected: number; counted: number }>> => {
      const workerId = await ownWorkerId(tx, actor.societyId, actor.createdById);
      if (!workerId || !actor.createdById) return fail("conflict", { reason: "noWorkerLinked" });
      await tx.$executeRaw`SELECT 1 FROM "SocietyWorker" WHERE "id" = ${workerId} FOR UPDATE`;
      const date = calendarDateOf(input.date);
      const [sum, earlier] = await Promise.all([
        tx.societyCollection.aggregate({
          where: { societyId: actor.societyId, workerId, date, createdById: actor.createdById },
          _sum: { installmentCollected: true, savingsCollected: true },
        }),
        tx.fieldCashHandover.aggregate({ where: { societyId: actor.societyId, workerId, date }, _sum: { expected: true }, _max: { round: true } }),
      ]);
      const recorded = (sum._sum.installmentCollected ?? 0) + (sum._sum.savingsCollected ?? 0);
      const round = (earlier._max.round ?? 0) + 1;
      const expected = recorded - (earlier._sum.expected ?? 0);
      if (round > 1 && expected <= 0) return fail("conflict", { reason: "alreadySubmitted" });
      if (expected !== input.counted && !input.note) return fail("validation", { fieldErrors: { note: "required" } });
      const created = await tx.fieldCashHandover.create({
        data: { societyId: actor.societyId, workerId, date, round, expected, counted: input.counted, note: input.note || null, submittedById: actor.createdById },
        select: { id: true },
      });
      await audit(tx, actor, "society.field.handover", created.id, { workerId, date: input.date, round, expected, counted: input.counted, difference: input.counted - expected });
      return ok({ id: created.id, expected, counted: input.counted });
    };
    return onceByKey(tx, societyClaim(actor, "society.field.handover", input), submit);
  });
}

/**
 * A society admin confirms receiving a hand-over's cash: never the person who handed it over (maker-checker), once
 * (guarded on the submitted state: of two confirmations one wins).
 */
export async function confirmHandover(actor: SocietyActor, input: z.output<typeof confirmHandoverSchema>, now = new Date()): Promise<ActionResult<{ id: string }>> {
  return confirmInTransaction(actor, input, now).catch((error: unknown) => {
    const refused = booksRefusal(error);
    if (refused) return refused;
    throw error;
  });
}

async function confirmInTransaction(actor: SocietyActor, input: z.output<typeof confirmHandoverSchema>, now: Date): Promise<ActionResult<{ id: string }>> {
  return prisma.$transaction((tx) => onceByKey(tx, societyClaim(actor, "society.field.confirmHandover", input), async (): Promise<ActionResult<{ id: string }>> => {
    const handover = await tx.fieldCashHandover.findFirst({
      where: { id: input.handoverId, societyId: actor.societyId },
      select: { id: true, submittedById: true, expected: true, counted: true, workerId: true, date: true },
    });
    if (!handover) return fail("notFound");
    if (handover.submittedById === actor.createdById) return fail("forbidden", { reason: "notSamePerson" });
    // The worker's row, as the office's receipt of her cash takes it: the two never read what she holds half-way.
    await tx.$executeRaw`SELECT 1 FROM "SocietyWorker" WHERE "id" = ${handover.workerId} FOR UPDATE`;
    const { count } = await tx.fieldCashHandover.updateMany({
      where: { id: handover.id, status: "submitted" },
      data: { status: "confirmed", confirmedById: actor.createdById, confirmedAt: now, confirmNote: input.note || null },
    });
    if (count !== 1) return fail("conflict", { reason: "alreadyConfirmed" });
    // The cash moves from the worker's hand to the society's on the books, dated the day it was collected.
    if (handover.counted > 0) await postHandover(tx, { societyId: actor.societyId, date: isoDateOf(handover.date), createdById: actor.createdById }, { id: handover.id, workerId: handover.workerId, counted: handover.counted });
    await audit(tx, actor, "society.field.handover_confirm", handover.id, { expected: handover.expected, counted: handover.counted, note: input.note || null });
    return ok({ id: handover.id });
  }));
}

/**
 * At the office, an admin receives a worker's cash: what she holds on the books is the expected amount (computed here,
 * never typed), against the cash counted; a difference needs a note. Recorded as a confirmed hand-over dated today (the
 * same record, backup and posting as the field app's, the day's next round) and posted in the same transaction.
 */
export async function receiveWorkerCash(actor: SocietyActor, input: z.output<typeof receiveWorkerCashSchema>, now = new Date()): Promise<ActionResult<{ id: string; expected: number; counted: number }>> {
  const today = dhakaToday(now);
  return withBooksRefusals(() =>
    prisma.$transaction((tx) =>
      onceByKey(tx, societyClaim(actor, "society.field.receiveCash", input), async (): Promise<ActionResult<{ id: string; expected: number; counted: number }>> => {
        // The worker's row locked: two receipts of her cash queue, the second sees the first's posting.
        const workers = await tx.$queryRaw<{ id: string; staffUserId: string | null }[]>`SELECT "id", "staffUserId" FROM "SocietyWorker" WHERE "id" = ${input.workerId} AND "societyId" = ${actor.societyId} FOR UPDATE`;
        if (!workers[0] || !actor.createdById) return fail("notFound");
        // Maker-checker, as for a confirmation: an admin who collects as this worker does not receive her own cash.
        if (workers[0].staffUserId === actor.createdById) return fail("forbidden", { reason: "notSamePerson" });
        const expected = (await workersCashHeld(tx, actor.societyId, [input.workerId])).get(input.workerId) ?? 0;
        if (expected <= 0) return fail("conflict", { reason: "nothingToReceive" });
        if (expected !== input.counted && !input.note) return fail("validation", { fieldErrors: { note: "required" } });
        // The day's next round (the worker's row is locked: rounds never collide).
        const day = calendarDateOf(today);
        const last = await tx.fieldCashHandover.aggregate({ where: { societyId: actor.societyId, workerId: input.workerId, date: day }, _max: { round: true } });
        const { id } = await tx.fieldCashHandover.create({
          data: { societyId: actor.societyId, workerId: input.workerId, date: day, round: (last._max.round ?? 0) + 1, expected, counted: input.counted, note: input.note || null, status: "confirmed", submittedById: actor.createdById, submittedAt: now, confirmedById: actor.createdById, confirmedAt: now },
          select: { id: true },
        });
        if (input.counted > 0) await postHandover(tx, { societyId: actor.societyId, date: today, createdById: actor.createdById }, { id, workerId: input.workerId, counted: input.counted });
        await audit(tx, actor, "society.field.receive_cash", id, { workerId: input.workerId, expected, counted: input.counted, difference: input.counted - expected, note: input.note || null });
        return ok({ id, expected, counted: input.counted });
      }),
    ),
  );
}
