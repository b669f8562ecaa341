/**
 * A production server stopped with SIGTERM (as Docker, systemd or Kubernetes stop it): it finishes the request
 * under way, stops its background work (no job or message left claimed), closes its database pool, and prints
 * nothing alarming on the way out. Runs its own server on the browser tests' database.
 */
import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { freePort } from "../../scripts/free-port";
import { dbQuery } from "./support";

test("SIGTERM: the server drains, hands back its work, closes the pool and exits cleanly", async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = spawn("npx", ["tsx", "scripts/with-db.ts", "next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, JOB_RUNNER: "on" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  app.stdout!.on("data", (chunk) => (output += chunk));
  app.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => app.once("exit", (code) => resolve(code)));
  try {
    await expect.poll(async () => (await fetch(`${base}/loans`).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200);

    // Work for the runner: a message to deliver (the log adapter) and a job for a card that does not exist.
    await dbQuery(
      `INSERT INTO "OutboxMessage" ("id", "channel", "recipient", "language", "template", "body") VALUES ('shutdown-test-message', 'sms', '+8801700000999', 'bn', 'repayment.reminder', 'shutdown test')`,
    );
    await dbQuery(`INSERT INTO "Job" ("id", "kind", "payload") VALUES ('shutdown-test-job', 'kyc.ocr', '{"documentId":"no-such-document"}')`);
    // A request whose response queues a run of the work.
    const busy = fetch(`${base}/`);
    const stoppedAt = output.length;
    process.kill(-app.pid!, "SIGTERM");
    expect((await busy).status).toBe(200);
    const code = await Promise.race([exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), 20_000))]);
    expect(code).not.toBe("hung");

    const afterSignal = output.slice(stoppedAt);
    expect(afterSignal).not.toMatch(/error|ECONNREFUSED|terminating connection|unhandled|exception/i);
    // Nothing is left claimed by the stopped server.
    expect(await dbQuery(`SELECT "id" FROM "Job" WHERE "status" = 'running'`)).toEqual([]);
    const [message] = await dbQuery<{ status: string; nextAttemptAt: Date }>(`SELECT "status", "nextAttemptAt" FROM "OutboxMessage" WHERE "id" = 'shutdown-test-message'`);
    expect(message!.status === "sent" || message!.nextAttemptAt.getTime() <= Date.now()).toBe(true);
  } finally {
    if (app.exitCode === null && app.signalCode === null) process.kill(-app.pid!, "SIGKILL");
    await dbQuery(`DELETE FROM "OutboxMessage" WHERE "id" = 'shutdown-test-message'`);
    await dbQuery(`DELETE FROM "Job" WHERE "id" = 'shutdown-test-job'`);
  }
});
