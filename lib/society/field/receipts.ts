import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { renderOutboxMessage } from "@/lib/outbox/templates";

type RecordedEntry = { memberId: string; date: string; installment: number; savings: number; receipt: string };

/**
 * Receipt SMS for collections just recorded: one per member per day at most (the outbox's dedupe key), to members
 * with a phone, with the amount, the date, the receipt number and the member's savings to date. Members have no
 * language of their own on record: society members read Bengali (docs/decisions.md).
 */
export async function queueReceiptMessages(tx: Prisma.TransactionClient, societyId: string, entries: readonly RecordedEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const memberIds = [...new Set(entries.map((e) => e.memberId))];
  const [society, members, savings] = await Promise.all([
    tx.society.findUniqueOrThrow({ where: { id: societyId }, select: { name: true } }),
    tx.societyMember.findMany({ where: { id: { in: memberIds }, societyId }, select: { id: true, phone: true } }),
    tx.societyCollection.groupBy({ by: ["memberId"], where: { societyId, memberId: { in: memberIds } }, _sum: { savingsCollected: true } }),
  ]);
  const phoneOf = new Map(members.map((m) => [m.id, m.phone]));
  const savingsOf = new Map(savings.map((s) => [s.memberId, s._sum.savingsCollected ?? 0]));
  const firstOfDay = new Map<string, RecordedEntry>();
  for (const e of entries) if (!firstOfDay.has(`${e.memberId}:${e.date}`)) firstOfDay.set(`${e.memberId}:${e.date}`, e);
  const data = [...firstOfDay.values()]
    .filter((e) => /^\+8801[3-9]\d{8}$/.test(phoneOf.get(e.memberId) ?? ""))
    .map((e) => {
      const { body } = renderOutboxMessage("society.receipt", "bn", {
        society: society.name,
        amount: e.installment + e.savings,
        date: e.date,
        receipt: e.receipt,
        savingsBalance: savingsOf.get(e.memberId) ?? 0,
      });
      return {
        channel: "sms" as const,
        recipient: phoneOf.get(e.memberId)!,
        language: "bn" as const,
        template: "society.receipt",
        body,
        entityType: "SocietyMember",
        entityId: e.memberId,
        dedupeKey: `society.receipt:${e.memberId}:${e.date}`,
      };
    });
  const created = await tx.outboxMessage.createMany({ data, skipDuplicates: true });
  return created.count;
}
