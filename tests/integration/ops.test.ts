/**
 * Running it for real (issue 29) against PostgreSQL: the health endpoints with the database up, gone and back (through
 * a TCP relay the test can cut or stall, so no server restarts), the metrics endpoint's token, and the logs: JSON lines
 * with no NID, phone number, password, code or token after a walk through sign-in, an application, a payment, SMS
 * written by the log-only adapter and an action that fails with personal data in its error.
 */
import { randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

// ---------------------------------------------------------------------------------------------------------------------
// A relay between the app and PostgreSQL: "open" forwards, "refuse" drops every connection, "stall" accepts and never
// answers (a database host gone from the network).
type RelayMode = "open" | "refuse" | "stall";
let mode: RelayMode = "open";
const sockets = new Set<net.Socket>();
const target = new URL(process.env.DATABASE_URL!);
const relay = net.createServer((client) => {
  sockets.add(client);
  client.on("close", () => sockets.delete(client));
  client.on("error", () => undefined);
  if (mode === "refuse") return void client.destroy();
  if (mode === "stall") return;
  const upstream = net.connect(Number(target.port || 5432), target.hostname);
  sockets.add(upstream);
  upstream.on("close", () => sockets.delete(upstream));
  upstream.on("error", () => client.destroy());
  client.on("error", () => upstream.destroy());
  client.pipe(upstream).pipe(client);
});
await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
const relayed = new URL(target);
relayed.hostname = "127.0.0.1";
relayed.port = String((relay.address() as net.AddressInfo).port);
process.env.DATABASE_URL = relayed.toString();
process.env.METRICS_TOKEN = "metrics-token-for-the-integration-test-0123456789";

function setMode(next: RelayMode) {
  mode = next;
  if (next !== "open") for (const socket of sockets) socket.destroy();
}

const { prisma } = await import("@/lib/db");
const { GET: live } = await import("@/app/api/health/live/route");
const { GET: ready } = await import("@/app/api/health/ready/route");
const { GET: metrics } = await import("@/app/api/metrics/route");

afterAll(async () => {
  setMode("open");
  relay.close();
});

async function readiness() {
  const started = performance.now();
  const response = await ready();
  return { status: response.status, body: (await response.json()) as { status: string; checks: Record<string, string> }, ms: performance.now() - started };
}

describe("health", () => {
  it("live answers without the database, never cached", async () => {
    setMode("refuse");
    const response = live();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    setMode("open");
  });

  it("ready: 200 with the database, 503 within 2 s when it is gone or stalled, 200 again when it returns", async () => {
    const up = await readiness();
    expect(up).toMatchObject({ status: 200, body: { status: "ready", checks: { database: "ok", migrations: "ok", jobs: "off" } } });

    setMode("refuse");
    const refused = await readiness();
    expect(refused).toMatchObject({ status: 503, body: { status: "not ready", checks: { database: "unreachable" } } });
    expect(refused.ms).toBeLessThan(2_000);

    setMode("stall");
    const stalled = await readiness();
    expect(stalled).toMatchObject({ status: 503, body: { checks: { database: "unreachable" } } });
    expect(stalled.ms).toBeLessThan(2_000);

    setMode("open");
    await expect.poll(async () => (await readiness()).status, { timeout: 10_000 }).toBe(200);
    expect(JSON.stringify(up.body)).not.toMatch(/postgres|password|DATABASE_URL/i);
  });

  it("ready: 503 while a migration this build ships is not applied", async () => {
    const [last] = await prisma.$queryRaw<{ id: string; migration_name: string }[]>`
      SELECT "id", "migration_name" FROM "_prisma_migrations" ORDER BY "migration_name" DESC LIMIT 1`;
    await prisma.$executeRaw`UPDATE "_prisma_migrations" SET "finished_at" = NULL WHERE "id" = ${last!.id}`;
    try {
      expect(await readiness()).toMatchObject({ status: 503, body: { checks: { database: "ok", migrations: "pending" } } });
    } finally {
      await prisma.$executeRaw`UPDATE "_prisma_migrations" SET "finished_at" = now() WHERE "id" = ${last!.id}`;
    }
    expect((await readiness()).status).toBe(200);
  });
});

describe("metrics", () => {
  const get = (authorization?: string) => metrics(new Request("http://app/api/metrics", { headers: authorization ? { authorization } : {} }));

  it("refuses without the token or with a wrong one", async () => {
    expect((await get()).status).toBe(401);
    expect((await get("Bearer wrong-token-wrong-token-wrong-token-000000")).status).toBe(401);
    expect((await get(`Basic ${process.env.METRICS_TOKEN}`)).status).toBe(401);
  });

  it("answers Prometheus text with the token: requests, queue, outbox, field sync, pool", async () => {
    const { observeRequest, countFieldSyncEntries } = await import("@/lib/ops/metrics");
    observeRequest("GET", "/society-manager/cmabc/field/sheet", 200, 0.042);
    countFieldSyncEntries(["recorded", "recorded", "refused"]);
    await prisma.outboxMessage.create({ data: { channel: "sms", recipient: "+8801700000001", language: "bn", template: "t", body: "b", status: "failed" } });
    const response = await get(`Bearer ${process.env.METRICS_TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(sample(text, "http_request_duration_seconds_count", { route: "/society-manager/[id]/field/sheet", method: "GET", status: "2xx" })).toBe(1);
    expect(sample(text, "field_sync_entries_total", { outcome: "recorded" })).toBe(2);
    expect(sample(text, "field_sync_entries_total", { outcome: "refused" })).toBe(1);
    expect(sample(text, "outbox_messages", { status: "failed" })).toBe(1);
    expect(sample(text, "job_queue_jobs", { status: "queued" })).toBe(0);
    expect(sample(text, "db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    expect(text).not.toContain("+8801700000001");
  });
});

/** The value of the sample of `metric` carrying all of `labels` (in any order), or undefined. */
function sample(text: string, metric: string, labels: Record<string, string>): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${metric}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

// ---------------------------------------------------------------------------------------------------------------------

describe("logs", () => {
  let written: string[] = [];
  const capture = () => {
    written = [];
    return vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return true;
    });
  };

  beforeAll(async () => {
    const { seedProducts } = await import("@/prisma/seed");
    await seedProducts(prisma);
  });

  it("are JSON lines with no NID, phone, password, code or token after sign-in, an application and a payment", async () => {
    const { hashPassword } = await import("@/lib/auth/password");
    const { newTotpSecret, currentTotp } = await import("@/lib/auth/totp");
    const { sealTotpSecret } = await import("@/lib/auth/totp-secrets");
    const { verifyPasswordStep, verifyCodeStep } = await import("@/lib/auth/sign-in");
    const { handleApplicationSubmission } = await import("@/lib/applications/service");
    const { approveApplication } = await import("@/lib/applications/review-actions");
    const { approveLoanAction, disburseLoanAction } = await import("@/lib/loans/actions");
    const { recordPaymentAction } = await import("@/lib/repayments/actions");
    const { deliverPendingMessages } = await import("@/lib/outbox/service");
    const { logOnlyAdapter } = await import("@/lib/outbox/adapter");
    const { runHandler } = await import("@/lib/auth/action-client");
    const { dhakaToday } = await import("@/lib/format");
    const { freshIp, submissionForm, validPayload } = await import("../support/application-fixtures");
    const { actAs } = await import("../support/staff-session");

    const password = "Walk-through-Pass-77";
    const staffPhone = "+8801987654321";
    const applicantPhone = "01712398765";
    const nid = "1990567812";
    const linkToken = "SvBmFZGKvrsrjwkr7Ye0yjYRRGNou_mo1YhbYlPfDgQ";
    const spy = capture();
    try {
      // Sign-in: a wrong password, then the right one and the two-step code.
      const secret = newTotpSecret();
      const id = randomUUID();
      await prisma.staffUser.create({
        data: { id, name: "Log Walker", phone: staffPhone, passwordHash: await hashPassword(password), role: "loan_officer", twoFactorEnabled: true, twoFactorSecret: sealTotpSecret(secret, id) },
      });
      const request = { ip: "198.51.100.77", userAgent: "vitest" };
      expect((await verifyPasswordStep({ phone: staffPhone, password: "wrong-password-1" }, request)).ok).toBe(false);
      const first = await verifyPasswordStep({ phone: staffPhone, password }, request);
      if (!first.ok) throw new Error(first.error);
      const code = await currentTotp(secret, Math.floor(Date.now() / 1000));
      expect((await verifyCodeStep(first.challengeToken, { code }, request)).ok).toBe(true);

      // An application, approved, disbursed, and a payment; the SMS each one queues, written by the log-only adapter.
      const submitted = await handleApplicationSubmission(submissionForm(validPayload({ nid, phone: applicantPhone })), { ip: freshIp(), userAgent: "vitest" });
      if (!submitted.ok) throw new Error(JSON.stringify(submitted));
      await actAs("loan_officer");
      const decided = await approveApplication({ applicationId: submitted.applicationId });
      if (!decided.ok || !decided.data.loanNumber) throw new Error(JSON.stringify(decided));
      const loanNumber = decided.data.loanNumber;
      await actAs("loan_officer");
      expect((await approveLoanAction({ loanNumber, amount: "1,00,000" })).ok).toBe(true);
      await actAs("account_manager");
      expect((await disburseLoanAction({ loanNumber, bankAccount: "1234567890", bankName: "Sonali Bank", scheduledDate: dhakaToday() })).ok).toBe(true);
      const loan = await prisma.loan.findUniqueOrThrow({ where: { loanNumber }, include: { customer: true } });
      const paid = await recordPaymentAction({
        memberId: loan.customer.userNumber, loanNumber, method: "bkash", amount: "5000", paymentDate: dhakaToday(),
        reference: `TRX${randomUUID().slice(0, 8).toUpperCase()}`, notes: "", idempotencyKey: randomUUID(),
      });
      expect(paid.ok).toBe(true);
      // An SMS with a code and a link's token, as the borrower's sign-in and the KYC request send, written by the
      // log-only adapter.
      await prisma.outboxMessage.create({
        data: {
          channel: "sms", recipient: `+88${applicantPhone}`, language: "bn", template: "kyc.resubmission",
          body: `ঋণবন্ধু: আপনার কোড ${code}। নতুন ছবি পাঠান: https://rinbondhu.com.bd/kyc/resubmit?token=${linkToken}`,
        },
      });
      expect((await deliverPendingMessages({ adapter: logOnlyAdapter })).sent).toBeGreaterThan(0);

      // An action that fails with personal data in its error, as a database error quoting the row would.
      await runHandler("walk.fail", async () => {
        throw new Error(`duplicate key: phone ${applicantPhone}, nid ${nid}, password ${password}, code ${code}`);
      });
    } finally {
      spy.mockRestore();
    }

    const lines = written.join("").split("\n").filter((l) => l.trim() !== "");
    // The walk logs: the adapter's messages and the failed action at least.
    expect(adapterLines(lines)).toBeGreaterThan(0);
    expect(lines.length).toBeGreaterThan(adapterLines(lines));
    for (const line of lines) {
      const entry = JSON.parse(line) as { level: string; time: string; msg: string };
      expect(entry).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) });
    }
    const all = lines.join("\n");
    expect(all).toContain('"msg":"action failed"');
    expect(all).toContain("[masked]");
    const forbidden = [password, nid, linkToken, applicantPhone, applicantPhone.slice(1), staffPhone, staffPhone.replace("+88", "")];
    for (const value of forbidden) expect(all, `a log line holds ${value}`).not.toContain(value);
    // No six-digit code standing alone, and no link token.
    expect(all).not.toMatch(/(?<![\w-])\d{6}(?![\w-])/);
    expect(all).not.toMatch(/token=(?!\[masked\])/);
  });
});

/** Lines the log-only adapter wrote. */
function adapterLines(lines: string[]): number {
  return lines.filter((l) => l.includes("SMS_PROVIDER=log")).length;
}
