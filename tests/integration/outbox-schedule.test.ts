/**
 * The outbox on its schedule against a real (local, fake) SMS gateway over HTTP: the HTTP adapter's contract
 * (what the gateway receives), retries with backoff while the gateway fails, giving up after the limit, the
 * admins' list and "Send again" (audited, guarded, admins only), and a stopping server handing back work it
 * claimed (jobs and messages), on PostgreSQL.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
// Deliveries a request schedules "after the response" are collected, not run behind the test's back.
const afterCallbacks = vi.hoisted(() => [] as (() => unknown)[]);
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: (callback: () => unknown) => void afterCallbacks.push(callback),
}));

import { prisma } from "@/lib/db";
import { enqueueJob, runDueJobs } from "@/lib/jobs/queue";
import { resendMessageAction } from "@/lib/outbox/actions";
import { httpSmsAdapter, type DeliveryAdapter } from "@/lib/outbox/adapter";
import { countFailedMessages, listOutboxMessages } from "@/lib/outbox/queries";
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { outboxFiltersSchema } from "@/lib/outbox/schemas";
import { deliverPendingMessages, MAX_DELIVERY_ATTEMPTS, nextAttemptDelayMs, queueMessage } from "@/lib/outbox/service";
import { actAs } from "../support/staff-session";

type Received = { method: string; url: string; headers: IncomingMessage["headers"]; body: unknown };

/** A gateway on 127.0.0.1 that records every request and answers with the status the test sets. */
class FakeGateway {
  received: Received[] = [];
  status = 200;
  private server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      this.received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: JSON.parse(text || "null") });
      res.writeHead(this.status, { "content-type": "application/json" });
      res.end(this.status < 300 ? '{"accepted":true}' : '{"error":"upstream operator unavailable"}');
    });
  });
  url = "";
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/sms/send`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const gateway = new FakeGateway();
let adapter: DeliveryAdapter;

beforeAll(async () => {
  await gateway.start();
  adapter = httpSmsAdapter({ url: gateway.url, apiKey: "test-gateway-key", timeoutMs: 5_000 });
});
afterAll(() => gateway.stop());

async function settleEverything() {
  const accept: DeliveryAdapter = { send: async () => {} };
  while ((await deliverPendingMessages({ adapter: accept, limit: 100, now: new Date(Date.now() + 365 * 86_400_000) })).sent > 0);
  await prisma.outboxMessage.updateMany({ where: { status: "failed" }, data: { status: "sent" } });
}

function queueReminder(phone = "+8801712345678") {
  return prisma.$transaction((tx) =>
    queueMessage(tx, {
      channel: "sms",
      recipient: phone,
      language: "bn",
      template: "repayment.reminder",
      values: { loanNumber: "LN-2026-000123", emiNumber: 3, amountDue: 2292, dueDate: "2026-12-01" },
      entityType: "Loan",
      entityId: "loan-1",
    }),
  );
}

beforeEach(async () => {
  await settleEverything();
  gateway.received = [];
  gateway.status = 200;
  afterCallbacks.length = 0;
});

describe("SMS through an HTTP gateway", () => {
  it("posts the message as the gateway's contract says: JSON, bearer key, the message id as idempotency key", async () => {
    const id = await queueReminder();
    expect(await deliverPendingMessages({ adapter })).toEqual({ sent: 1, failed: 0 });
    expect(gateway.received).toHaveLength(1);
    const [request] = gateway.received;
    expect(request).toMatchObject({ method: "POST", url: "/api/sms/send" });
    expect(request!.headers).toMatchObject({ authorization: "Bearer test-gateway-key", "idempotency-key": id, "content-type": "application/json" });
    const message = await prisma.outboxMessage.findUniqueOrThrow({ where: { id } });
    expect(request!.body).toEqual({ to: "+8801712345678", text: message.body, reference: id });
    expect(message).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("retries a failing gateway on its backoff schedule, gives up after the limit, and admins see it and send it again", async () => {
    const id = await queueReminder();
    gateway.status = 503;
    let now = (await prisma.outboxMessage.findUniqueOrThrow({ where: { id } })).nextAttemptAt;
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      // Not due before its time: the gateway hears nothing.
      const heard = gateway.received.length;
      expect(await deliverPendingMessages({ adapter, now: new Date(now.getTime() - 1) })).toEqual({ sent: 0, failed: 0 });
      expect(gateway.received).toHaveLength(heard);

      expect(await deliverPendingMessages({ adapter, now })).toEqual({ sent: 0, failed: 1 });
      const row = await prisma.outboxMessage.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ attempts: attempt, status: attempt < MAX_DELIVERY_ATTEMPTS ? "pending" : "failed" });
      expect(row.lastError).toBe('SMS gateway answered 503: {"error":"upstream operator unavailable"}');
      expect(row.nextAttemptAt.getTime() - now.getTime()).toBe(nextAttemptDelayMs(attempt));
      now = row.nextAttemptAt;
    }
    expect(gateway.received).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    // Given up: later runs leave it alone.
    expect(await deliverPendingMessages({ adapter, now: new Date(now.getTime() + 30 * 86_400_000) })).toEqual({ sent: 0, failed: 0 });

    // Shown to admins, first on their list.
    expect(await countFailedMessages(ALL_OFFICES)).toBe(1);
    const list = await listOutboxMessages(outboxFiltersSchema.parse({}), ALL_OFFICES);
    expect(list.rows.map((r) => r.id)).toEqual([id]);

    // Only admins may send it again; a loan officer changes nothing.
    await actAs("loan_officer");
    expect(await resendMessageAction({ id })).toEqual({ ok: false, error: { code: "forbidden" } });
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "failed" });

    const admin = await actAs("admin");
    const [first, second] = await Promise.all([resendMessageAction({ id }), resendMessageAction({ id })]);
    expect([first, second].filter((r) => r.ok)).toHaveLength(1);
    expect([first, second].find((r) => !r.ok)).toEqual({ ok: false, error: { code: "conflict" } });
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", attempts: 0 });
    const audit = await prisma.auditLog.findMany({ where: { action: "outbox.resend", entityId: id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, before: expect.objectContaining({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS }) });
    expect(afterCallbacks).toHaveLength(1);

    // The gateway is back: the next run delivers it.
    gateway.status = 200;
    expect(await deliverPendingMessages({ adapter })).toEqual({ sent: 1, failed: 0 });
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "sent", attempts: 1 });
    expect(await countFailedMessages(ALL_OFFICES)).toBe(0);
  });

  it("counts a gateway that does not answer in time as a failure to retry", async () => {
    const id = await queueReminder();
    const silent = httpSmsAdapter({ url: "http://127.0.0.1:9/never", apiKey: "k", timeoutMs: 500 });
    expect(await deliverPendingMessages({ adapter: silent })).toEqual({ sent: 0, failed: 1 });
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", attempts: 1 });
  });
});

describe("a server that stops", () => {
  it("hands back the messages it claimed but did not try, uncounted", async () => {
    const ids = [await queueReminder(), await queueReminder("+8801812345678"), await queueReminder("+8801912345678")];
    const stop = new AbortController();
    const tried: string[] = [];
    const stoppingAdapter: DeliveryAdapter = {
      send: async (m) => {
        tried.push(m.id);
        stop.abort();
      },
    };
    expect(await deliverPendingMessages({ adapter: stoppingAdapter, signal: stop.signal })).toEqual({ sent: 1, failed: 0 });
    const rows = await prisma.outboxMessage.findMany({ where: { id: { in: ids } } });
    const untried = rows.filter((r) => !tried.includes(r.id));
    expect(untried).toHaveLength(2);
    for (const row of untried) {
      expect(row).toMatchObject({ status: "pending", attempts: 0 });
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("claims no job once stopping, and releases a job still running for another server", async () => {
    await prisma.job.deleteMany();
    const first = await prisma.$transaction((tx) => enqueueJob(tx, { kind: "kyc.ocr", payload: { n: 1 } }));
    const second = await prisma.$transaction((tx) => enqueueJob(tx, { kind: "kyc.ocr", payload: { n: 2 } }));
    const stop = new AbortController();
    let started = 0;
    const summary = await runDueJobs(
      {
        "kyc.ocr": async () => {
          started += 1;
          stop.abort();
          await new Promise((resolve) => setTimeout(resolve, 200));
        },
      },
      { signal: stop.signal },
    );
    expect(started).toBe(1);
    expect(summary).toMatchObject({ done: 0, retried: 0, failed: 0, released: 1 });
    // Both are queued and due, the released one with its attempt uncounted: another server takes them.
    const jobs = await prisma.job.findMany({ where: { id: { in: [first, second] } } });
    expect(jobs.map((j) => ({ status: j.status, attempts: j.attempts }))).toEqual([
      { status: "queued", attempts: 0 },
      { status: "queued", attempts: 0 },
    ]);
    // The abandoned handler finishing later cannot mark the released job done.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await prisma.job.findMany({ where: { status: "done" } })).length).toBe(0);
    expect(await runDueJobs({ "kyc.ocr": async () => {} }, { signal: stop.signal })).toMatchObject({ done: 0 });
  });
});
