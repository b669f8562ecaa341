import "server-only";
import { after } from "next/server";
import { prisma } from "@/lib/db";
import type { Language, OutboxChannel, Prisma } from "@/lib/generated/prisma/client";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { inScope } from "@/lib/offices/scope-rules";
import { env } from "@/lib/env";
import { channelAdapter, httpSmsAdapter, logOnlyAdapter, type DeliveryAdapter, type OutgoingMessage } from "./adapter";
import { carriesSecret, renderStoredMessage, type OutboxTemplate, type OutboxTemplateValues } from "./templates";
import { log } from "@/lib/ops/logger";

/** After this many failed attempts a message is marked failed and left for staff to see. */
export const MAX_DELIVERY_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;
/**
 * How long a claimed message is reserved for the run that claimed it. A run that dies mid-send leaves the
 * message pending, and it is tried again once this has passed (so a gateway may get it twice: at least once,
 * never lost).
 */
const CLAIM_LEASE_MS = 5 * 60_000;
const MAX_ERROR_LENGTH = 500;

export type QueuedMessage<T extends OutboxTemplate> = {
  channel: OutboxChannel;
  recipient: string;
  language: Language;
  template: T;
  values: OutboxTemplateValues[T];
  /** The record the message is about, e.g. LoanApplication + its id. */
  entityType?: string;
  entityId?: string;
  /** That record's branch (issue 41), when it has one. */
  branchId?: string | null;
};

/**
 * Queues a message inside the caller's transaction: it exists exactly when the decision does. A secret in it (a
 * sign-in code) is stored masked; the full text is sealed until the message is sent or given up.
 */
export async function queueMessage<T extends OutboxTemplate>(tx: Prisma.TransactionClient, message: QueuedMessage<T>): Promise<string> {
  const { subject, body, sealedBody } = renderStoredMessage(message.template, message.language, message.values);
  const row = await tx.outboxMessage.create({
    data: {
      channel: message.channel,
      recipient: message.recipient,
      language: message.language,
      template: message.template,
      subject: message.channel === "email" ? subject : null,
      body,
      sealedBody,
      entityType: message.entityType ?? null,
      entityId: message.entityId ?? null,
      branchId: message.branchId ?? null,
    },
    select: { id: true },
  });
  return row.id;
}

/** Exponential backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … */
export function nextAttemptDelayMs(attempts: number): number {
  return BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1);
}

/** A claimed message; `attempts` counts this attempt. */
type ClaimedMessage = OutgoingMessage & { attempts: number };

/**
 * Reserves up to `limit` due messages for this run: FOR UPDATE SKIP LOCKED, so concurrent runs (several
 * servers, overlapping triggers) never claim the same message, and the attempt is counted and the lease set
 * in the same short transaction. The gateway is called afterwards, outside any transaction.
 */
async function claimDueMessages(limit: number, now: Date): Promise<ClaimedMessage[]> {
  return prisma.$transaction(async (tx) => {
    const due = await tx.$queryRaw<ClaimedMessage[]>`
      SELECT "id", "channel", "recipient", "subject", COALESCE("sealedBody", "body") AS "body", "attempts" FROM "OutboxMessage"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}
      ORDER BY "nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
    if (due.length === 0) return [];
    await tx.outboxMessage.updateMany({
      where: { id: { in: due.map((m) => m.id) } },
      data: { attempts: { increment: 1 }, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) },
    });
    return due.map((m) => ({ ...m, attempts: m.attempts + 1 }));
  });
}

/** The adapter the configuration selects (SMS_PROVIDER). */
export function configuredDeliveryAdapter(): DeliveryAdapter {
  const config = env();
  if (config.SMS_PROVIDER === "http" && config.SMS_HTTP_URL && config.SMS_HTTP_API_KEY) {
    return channelAdapter(httpSmsAdapter({ url: config.SMS_HTTP_URL, apiKey: config.SMS_HTTP_API_KEY }));
  }
  return logOnlyAdapter;
}

/**
 * Sends what is due through the adapter. A sent message is marked sent; a failure is recorded (attempts,
 * lastError) and retried later with exponential backoff, and after MAX_DELIVERY_ATTEMPTS it is marked failed.
 * When `signal` aborts (shutdown), the claimed messages not yet tried are handed back at once, uncounted.
 */
export async function deliverPendingMessages(
  options: { limit?: number; adapter?: DeliveryAdapter; now?: Date; signal?: AbortSignal } = {},
): Promise<{ sent: number; failed: number }> {
  const adapter = options.adapter ?? configuredDeliveryAdapter();
  const now = options.now ?? new Date();
  if (options.signal?.aborted) return { sent: 0, failed: 0 };
  const claimed = await claimDueMessages(options.limit ?? 20, now);
  let sent = 0;
  let failed = 0;
  for (const [index, { attempts, ...message }] of claimed.entries()) {
    if (options.signal?.aborted) {
      await releaseClaimedMessages(claimed.slice(index), now);
      break;
    }
    try {
      await adapter.send(message, options.signal);
      await prisma.outboxMessage.update({ where: { id: message.id }, data: { status: "sent", sentAt: new Date(), lastError: null } });
      sent += 1;
    } catch (error) {
      if (options.signal?.aborted) {
        // Cut off by the shutdown, not refused by the gateway: handed back with the rest, the attempt not counted.
        await releaseClaimedMessages(claimed.slice(index), now);
        break;
      }
      await prisma.outboxMessage.update({
        where: { id: message.id },
        data: {
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH),
          status: attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "pending",
          nextAttemptAt: new Date(now.getTime() + nextAttemptDelayMs(attempts)),
        },
      });
      failed += 1;
    }
  }
  return { sent, failed };
}

/** Claimed but never tried: due again now, the attempt not counted. */
async function releaseClaimedMessages(messages: ClaimedMessage[], now: Date): Promise<void> {
  await prisma.outboxMessage.updateMany({
    where: { id: { in: messages.map((m) => m.id) }, status: "pending" },
    data: { attempts: { decrement: 1 }, nextAttemptAt: now },
  });
}

/** Messages one delivery pass claims. */
const DELIVERY_BATCH = 20;
let activeRun: Promise<void> | null = null;
let anotherPass = false;

/**
 * One delivery run at a time in this process: a request that queues a message while a run is going asks it for one
 * more pass instead of starting its own. A burst of sign-in codes makes a run of a few passes, not one transaction per
 * request fighting for the connection pool. A pass that filled its batch is followed by another (more may be due).
 */
function deliverInOneRun(): Promise<void> {
  if (activeRun) {
    anotherPass = true;
    return activeRun;
  }
  activeRun = (async () => {
    let full = false;
    do {
      anotherPass = false;
      try {
        const { sent, failed } = await deliverPendingMessages({ limit: DELIVERY_BATCH });
        full = sent + failed === DELIVERY_BATCH;
      } catch (error) {
        full = false;
        log.error({ area: "outbox", err: error }, "delivery run failed");
      }
    } while (anotherPass || full);
  })().finally(() => {
    activeRun = null;
    // A request that asked for a pass after the loop's last check: its message goes now, not at the next poll.
    if (anotherPass) void deliverInOneRun();
  });
  return activeRun;
}

/** Messages queued after a response (queueAfterResponse) whose queueing has not finished yet. */
const queueingLater = new Set<Promise<void>>();

/**
 * Resolves when the messages queued after responses are in the outbox and the delivery runs of this process have
 * finished: scripts and tests wait for it. A run ending may start another (a pass asked for after its last check),
 * so it waits until nothing is queueing and no run is going on.
 */
export async function deliveryFinished(): Promise<void> {
  for (;;) {
    if (queueingLater.size > 0) await Promise.all(queueingLater);
    else if (activeRun) await activeRun;
    else return;
  }
}

/**
 * Queues a message once the response has been sent, then delivers it: for an answer that must take the same time
 * whether or not a message follows (a sign-in code asked for a number nobody has). Not in the caller's transaction:
 * if the server stops in between, the message is lost and the person asks again; only for messages that are asked
 * for. Outside a request (a script, a test) it starts at once, still without being awaited.
 */
export function queueAfterResponse<T extends OutboxTemplate>(message: QueuedMessage<T>): void {
  const queue = async () => {
    try {
      await prisma.$transaction((tx) => queueMessage(tx, message));
    } catch (error) {
      log.error({ area: "outbox", template: message.template, err: error }, "queueing after the response failed");
      return;
    }
    void deliverInOneRun();
  };
  const tracked = (start: Promise<void>) => {
    const queued = start.then(queue);
    queueingLater.add(queued);
    return queued.finally(() => queueingLater.delete(queued));
  };
  try {
    after(() => tracked(Promise.resolve()));
  } catch {
    // No request: on the next turn of the event loop, so the caller's own work is done first, as after a response.
    void tracked(new Promise((resolve) => setImmediate(resolve)));
  }
}

/**
 * Delivers what is due once the response has been sent, so nobody waits for a gateway. Outside a request
 * (a script, a test) `after` is unavailable and the run starts at once, still without being awaited.
 */
export function deliverAfterResponse(): void {
  try {
    after(deliverInOneRun);
  } catch {
    void deliverInOneRun();
  }
}

/**
 * An admin sends a message given up on once more: it is due at once with a fresh count of attempts, so the
 * schedule starts over. Guarded on its status: only a failed message, and of two clicks only one counts.
 */
export async function resendFailedMessage(ctx: StaffContext, input: { id: string }, now = new Date()): Promise<ActionResult<{ id: string }>> {
  const result = await prisma.$transaction(async (tx) => {
    const row = await tx.outboxMessage.findUnique({ where: { id: input.id }, select: { status: true, attempts: true, lastError: true, template: true, branchId: true } });
    // A message about another branch's record is not found (the head office sees every message, of no branch too).
    if (!row || (ctx.scope.kind !== "all" && !inScope(ctx.scope, row.branchId))) return fail("notFound");
    // Its secret was cleared when it was given up, and is stale by now: the person asks for a new one.
    if (carriesSecret(row.template)) return fail("conflict", { reason: "secretGone" });
    const { count } = await tx.outboxMessage.updateMany({
      where: { id: input.id, status: "failed" },
      data: { status: "pending", attempts: 0, nextAttemptAt: now },
    });
    if (count !== 1) return fail("conflict");
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "outbox.resend",
      entityType: "OutboxMessage",
      entityId: input.id,
      before: { status: row.status, attempts: row.attempts, lastError: row.lastError },
      after: { status: "pending", attempts: 0 },
    });
    return ok({ id: input.id });
  });
  if (result.ok) deliverAfterResponse();
  return result;
}
