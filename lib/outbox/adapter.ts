/**
 * How an outbox message leaves the system. SMS goes through the adapter SMS_PROVIDER selects: "log" (the
 * default) writes it to the server log, for development and demos; "http" posts it to an SMS gateway's HTTP
 * API (SMS_HTTP_URL, SMS_HTTP_API_KEY). E-mail has only the log adapter: no mail gateway is configured.
 */
import type { OutboxChannel } from "@/lib/generated/prisma/enums";
import { log } from "@/lib/ops/logger";

export type OutgoingMessage = { id: string; channel: OutboxChannel; recipient: string; subject: string | null; body: string };

export interface DeliveryAdapter {
  /**
   * Resolves when the gateway accepted the message; throws when it did not (the outbox retries). `signal` aborts
   * when the server is stopping: the send is abandoned and the message handed back.
   */
  send(message: OutgoingMessage, signal?: AbortSignal): Promise<void>;
}

/**
 * Development: the message goes to the log instead of a gateway. Like every log line it is masked (numbers, codes,
 * links' tokens): the full text stays in the outbox table (a sign-in code's only until it is sent).
 */
export const logOnlyAdapter: DeliveryAdapter = {
  async send(message) {
    const text = message.subject ? `${message.subject} — ${message.body}` : message.body;
    const development = process.env.NODE_ENV === "development";
    if (development) await appendDevelopmentMessage({ at: new Date().toISOString(), channel: message.channel, recipient: message.recipient, text });
    log.info(
      { area: "outbox", channel: message.channel, recipient: message.recipient, text },
      development ? "message not sent (SMS_PROVIDER=log); its full text: npm run dev:messages" : "message written to the log, not sent (SMS_PROVIDER=log)",
    );
  },
};

/**
 * Development only: the log masks codes and links, so the full texts go to a file of their own (.data/, never in git)
 * for `npm run dev:messages` (scripts/dev-messages.ts) to show: the sign-in code a borrower would get by SMS.
 */
export const DEVELOPMENT_MESSAGES_FILE = ".data/dev-messages.jsonl";

async function appendDevelopmentMessage(entry: { at: string; channel: OutboxChannel; recipient: string; text: string }): Promise<void> {
  const { appendFile, mkdir } = await import("node:fs/promises");
  const path = await import("node:path");
  const file = path.join(process.cwd(), DEVELOPMENT_MESSAGES_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(entry)}\n`);
}

export type HttpSmsConfig = { url: string; apiKey: string; timeoutMs?: number };

/** Longest piece of a gateway's refusal kept in the error (it lands in OutboxMessage.lastError). */
const MAX_REFUSAL_TEXT = 200;

/**
 * An SMS gateway's HTTP API, in the form most Bangladeshi gateways offer (and a fake one in the tests):
 *
 *   POST <url>   Authorization: Bearer <key>   Idempotency-Key: <outbox message id>
 *   { "to": "+8801712345678", "text": "…", "reference": "<outbox message id>" }
 *
 * Any 2xx answer is acceptance. The message id travels as the idempotency key, so a gateway that honours it
 * sends a retried message once. Anything else (an error status, a timeout, no answer) throws, and the outbox
 * tries again later.
 */
export function httpSmsAdapter(config: HttpSmsConfig): DeliveryAdapter {
  return {
    async send(message, signal) {
      const timeout = AbortSignal.timeout(config.timeoutMs ?? 10_000);
      const response = await fetch(config.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${config.apiKey}`,
          "idempotency-key": message.id,
        },
        body: JSON.stringify({ to: message.recipient, text: message.body, reference: message.id }),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      if (!response.ok) {
        const text = (await response.text().catch(() => "")).slice(0, MAX_REFUSAL_TEXT);
        throw new Error(`SMS gateway answered ${response.status}${text ? `: ${text}` : ""}`);
      }
      await response.body?.cancel().catch(() => undefined);
    },
  };
}

/** One adapter per channel: SMS through `sms`, e-mail through the log. */
export function channelAdapter(sms: DeliveryAdapter, email: DeliveryAdapter = logOnlyAdapter): DeliveryAdapter {
  return { send: (message, signal) => (message.channel === "sms" ? sms : email).send(message, signal) };
}
