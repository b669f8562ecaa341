import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { batchIds } from "@/lib/ids/batch";
import { renderOutboxMessage } from "@/lib/outbox/templates";

type RecordedEntry = { memberId: string; date: string; installment: number; savings: number; receipt: string };

/**
 * Receipt SMS for collections just recorded: one per member per day at most (the outbox's dedupe key), to members
 * with a phone, with the amount, the date, the receipt number and the member's savings to date. Members have no
 * language of their own on record: society members read Bengali (docs/decisions/0153-field-receipt-sms.md).
 */
export async function queueReceiptMessages(tx: Prisma.TransactionClient, societyId: string, entries: readonly RecordedEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const memberIds = [...new Set(entries.map((e) => e.memberId))];
  const [society, members, savings] = await Promise.all([
    tx.society.findUniqueOrThrow({ where: { id: societyId }, select: { name: true } }),
    tx.societyMember.findMany({ where: { id: { in: memberIds }, societyId }, select: { id: true, phone: true } }),
    // By member alone (they are this society's, checked before): an index-only scan of (memberId, date, savings).
    tx.societyCollection.groupBy({ by: ["memberId"], where: { memberId: { in: memberIds } }, _sum: { savingsCollected: true } }),
  ]);
  const phoneOf = new Map(members.map((m) => [m.id, m.phone]));
  const savingsOf = new Map(savings.map((s) => [s.memberId, s._sum.savingsCollected ?? 0]));
  const firstOfDay = new Map<string, RecordedEntry>();
  for (const e of entries) if (!firstOfDay.has(`${e.memberId}:${e.date}`)) firstOfDay.set(`${e.memberId}:${e.date}`, e);
  const messages = [...firstOfDay.values()]
    .filter((e) => /^\+8801[3-9]\d{8}$/.test(phoneOf.get(e.memberId) ?? ""))
    .map((e) => ({
      memberId: e.memberId,
      recipient: phoneOf.get(e.memberId)!,
      body: renderOutboxMessage("society.receipt", "bn", {
        society: society.name,
        amount: e.installment + e.savings,
        date: e.date,
        receipt: e.receipt,
        savingsBalance: savingsOf.get(e.memberId) ?? 0,
      }).body,
      dedupeKey: `society.receipt:${e.memberId}:${e.date}`,
    }));
  if (messages.length === 0) return 0;
  // One INSERT of arrays (Prisma's createMany cost about 0.4 ms of CPU a row); a member's second receipt of the day
  // meets the dedupe key and is skipped.
  const nextId = batchIds("o");
  const column = <T>(pick: (m: (typeof messages)[number]) => T) => messages.map(pick);
  return tx.$executeRaw`
    INSERT INTO "OutboxMessage" ("id", "channel", "recipient", "language", "template", "body", "entityType", "entityId", "dedupeKey")
    SELECT v.id, 'sms', v.recipient, 'bn', 'society.receipt', v.body, 'SocietyMember', v.member, v.dedupe
    FROM unnest(${column(() => nextId())}::text[], ${column((m) => m.recipient)}::text[], ${column((m) => m.body)}::text[],
      ${column((m) => m.memberId)}::text[], ${column((m) => m.dedupeKey)}::text[]) AS v(id, recipient, body, member, dedupe)
    ON CONFLICT ("dedupeKey") DO NOTHING`;
}
