/**
 * How an outbox message leaves the system. Only the development adapter exists: it writes the message to
 * the server log. A real SMS or e-mail gateway is one more adapter with the same shape; nothing in this
 * project calls an outside service.
 */
import type { OutboxChannel } from "@/lib/generated/prisma/enums";

export type OutgoingMessage = { id: string; channel: OutboxChannel; recipient: string; subject: string | null; body: string };

export interface DeliveryAdapter {
  /** Resolves when the gateway accepted the message; throws when it did not (the outbox retries). */
  send(message: OutgoingMessage): Promise<void>;
}

/** Development: "[outbox] sms to +8801712345678 : text". */
export const logOnlyAdapter: DeliveryAdapter = {
  async send(message) {
    const text = message.subject ? `${message.subject} — ${message.body}` : message.body;
    console.info(`[outbox] ${message.channel} to ${message.recipient} : ${text}`);
  },
};
