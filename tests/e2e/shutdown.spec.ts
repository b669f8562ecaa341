/**
 * A production server stopped with SIGTERM (as Docker, systemd or Kubernetes stop it) while its job runner is in the
 * middle of delivering messages: it abandons the send, hands every claimed message back (due at once, the attempt
 * not counted), closes its database pool and exits promptly, printing nothing alarming on the way out. Runs its own
 * server on a database of its own, next to a fake SMS gateway that never answers.
 */
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { applyMigrations } from "../../scripts/db/schema-engine";
import { freePort } from "../../scripts/free-port";

test("SIGTERM mid-delivery: the server hands its work back, closes the pool and exits cleanly", async () => {
  test.setTimeout(120_000);
  // A database of its own, so the browser tests' servers never take these messages.
  const name = `shutdown_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await applyMigrations(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  for (const id of ["m1", "m2", "m3"]) {
    await db.query(
      `INSERT INTO "OutboxMessage" ("id", "channel", "recipient", "language", "template", "body") VALUES ($1, 'sms', '+8801700000999', 'bn', 'repayment.reminder', 'shutdown test')`,
      [id],
    );
  }

  // The gateway takes the request and never answers: the runner is stuck mid-send when the signal comes.
  const held: ServerResponse[] = [];
  const received: string[] = [];
  const gateway = createServer((req: IncomingMessage, res) => {
    received.push(req.url ?? "");
    held.push(res);
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;

  const port = await freePort();
  const app = spawn("npx", ["tsx", "scripts/with-db.ts", "next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, JOB_RUNNER: "on", SMS_PROVIDER: "http", SMS_HTTP_URL: gatewayUrl, SMS_HTTP_API_KEY: "shutdown-test" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  app.stdout!.on("data", (chunk) => (output += chunk));
  app.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => app.once("exit", (code) => resolve(code)));
  try {
    // The runner starts with the server and claims the three messages; the first send hangs at the gateway.
    await expect.poll(() => received.length, { timeout: 60_000 }).toBe(1);
    const claimed = await db.query<{ attempts: number }>(`SELECT "attempts" FROM "OutboxMessage" ORDER BY "id"`);
    expect(claimed.rows.map((r) => r.attempts)).toEqual([1, 1, 1]);

    const stoppedAt = output.length;
    const signalled = Date.now();
    process.kill(-app.pid!, "SIGTERM");
    const code = await Promise.race([exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), 20_000))]);
    expect(code).not.toBe("hung");
    // The launchers (npx, tsx, scripts/with-db.ts) may exit before the server they started: wait for the whole
    // process group, the server included, to be gone before reading what it left in the database.
    await expect.poll(() => groupAlive(app.pid!), { timeout: 15_000, intervals: [100] }).toBe(false);
    // Well before the gateway's 10 s timeout: the send was abandoned, not waited out.
    expect(Date.now() - signalled).toBeLessThan(8_000);

    const rows = await db.query<{ status: string; attempts: number; due: boolean; lastError: string | null }>(
      `SELECT "status", "attempts", "nextAttemptAt" <= now() AS "due", "lastError" FROM "OutboxMessage" ORDER BY "id"`,
    );
    expect(rows.rows).toEqual([0, 1, 2].map(() => ({ status: "pending", attempts: 0, due: true, lastError: null })));
    expect(received).toHaveLength(1);
    expect(output.slice(stoppedAt)).not.toMatch(/error|ECONNREFUSED|terminating connection|unhandled|exception|warning/i);
  } finally {
    if (app.exitCode === null && app.signalCode === null) process.kill(-app.pid!, "SIGKILL");
    for (const res of held) res.destroy();
    gateway.close();
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
});

/** Whether any process of the group led by `pid` is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
