import "server-only";
import { prisma } from "@/lib/db";
import type { Language, OutboxChannel, Prisma } from "@/lib/generated/prisma/client";
import { logOnlyAdapter, type DeliveryAdapter } from "./adapter";
import { renderOutboxMessage, type OutboxTemplate } from "./templates";

/** After this many failed attempts a message is marked failed and left for staff to see. */
export const MAX_DELIVERY_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;

export type QueuedMessage = {
  channel: OutboxChannel;
  recipient: string;
  language: Language;
  template: OutboxTemplate;
  values: Record<string, string>;
  entityType?: string;
  entityId?: string;
};

/** Queues a message inside the caller's transaction: it exists exactly when the decision does. */
export async function queueMessage(tx: Prisma.TransactionClient, message: QueuedMessage): Promise<string> {
  const { subject, body } = renderOutboxMessage(message.template, message.language, message.values);
  const row = await tx.outboxMessage.create({
    data: {
      channel: message.channel,
      recipient: message.recipient,
      language: message.language,
      template: message.template,
      subject: message.channel === "email" ? subject : null,
      body,
      entityType: message.entityType ?? null,
      entityId: message.entityId ?? null,
    },
    select: { id: true },
  });
  return row.id;
}

/** Exponential backoff: 30 s, 1 min, 2 min, … */
export function nextAttemptDelayMs(attempts: number): number {
  return BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1);
}

/**
 * Sends what is due. Each message is claimed with FOR UPDATE SKIP LOCKED inside its own transaction, so
 * several servers (or overlapping runs) never send one message twice; a failure is recorded and retried
 * later, never lost.
 */
export async function deliverPendingMessages(
  options: { limit?: number; adapter?: DeliveryAdapter; now?: Date } = {},
): Promise<{ sent: number; failed: number }> {
  const adapter = options.adapter ?? logOnlyAdapter;
  const limit = options.limit ?? 20;
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const now = options.now ?? new Date();
    const outcome = await prisma.$transaction(async (tx) => {
      const [message] = await tx.$queryRaw<{ id: string; channel: OutboxChannel; recipient: string; subject: string | null; body: string; attempts: number }[]>`
        SELECT "id", "channel", "recipient", "subject", "body", "attempts" FROM "OutboxMessage"
        WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}
        ORDER BY "nextAttemptAt" LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!message) return null;
      try {
        await adapter.send(message);
        await tx.outboxMessage.update({ where: { id: message.id }, data: { status: "sent", sentAt: now, attempts: message.attempts + 1, lastError: null } });
        return "sent" as const;
      } catch (error) {
        const attempts = message.attempts + 1;
        await tx.outboxMessage.update({
          where: { id: message.id },
          data: {
            attempts,
            lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
            status: attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "pending",
            nextAttemptAt: new Date(now.getTime() + nextAttemptDelayMs(attempts)),
          },
        });
        return "failed" as const;
      }
    });
    if (outcome === null) break;
    if (outcome === "sent") sent += 1;
    else failed += 1;
  }
  return { sent, failed };
}

/** After a response has been sent: deliver what is due without making the person wait for a gateway. */
export async function deliverSoon(): Promise<void> {
  const run = () => deliverPendingMessages().then(() => undefined, (error: unknown) => console.error("[outbox] delivery run failed", error));
  try {
    const { after } = await import("next/server");
    after(run);
  } catch {
    void run();
  }
}
