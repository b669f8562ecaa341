/**
 * Browser tests against the production build on a real PostgreSQL database:
 * starts a throwaway server, migrates and seeds a database, runs `npm start` (the real launcher)
 * on it, then Playwright. Expects `next build` to have run (npm test does it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createPrismaClient } from "../../lib/prisma-client";
import { seedDemo } from "../../prisma/seed";
import { applyMigrations } from "../../scripts/db/schema-engine";
import { grantRuntimeRole, runtimeUrl } from "../../scripts/db/runtime-role";
import { freePort } from "../../scripts/free-port";
import { startTestPostgres } from "../../scripts/throwaway-postgres";
import { E2E_PUBLIC_SITE_URL } from "./public-site-url";
import { startSmsGateway } from "./sms-gateway";

if (!existsSync(".next/BUILD_ID")) {
  console.error("No production build found: run `npm run build` first (npm test does).");
  process.exit(1);
}

// Production needs a key for the two-step secrets; the seed below seals the demo ones with the same key.
process.env.TOTP_ENCRYPTION_KEY ??= "e2e0".repeat(16);
const server = await startTestPostgres();
// Every app sends its SMS here, as to a real gateway: a test reads a sign-in code the way the borrower does.
const smsGateway = await startSmsGateway();
const apps: ChildProcess[] = [];
// The main app's output also goes to a file the specs read (E2E_MAIN_LOG): hostile-paths.spec.ts checks that a walk of
// hostile addresses wrote no error line.
const logDir = mkdtempSync(path.join(tmpdir(), "rinbondhu-e2e-"));
const mainLog = path.join(logDir, "main.log");
let exitCode = 1;
try {
  const databaseUrl = await server.createDatabase("rinbondhu_e2e");
  await applyMigrations(databaseUrl);
  const prisma = createPrismaClient(databaseUrl);
  await seedDemo(prisma);
  await prisma.$disconnect();

  const baseEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "e2e-secret-e2e-secret-e2e-secret-0123",
    // As in production behind nginx: one trusted proxy, whose part the tests play (useOwnAddress).
    TRUSTED_PROXY_HOPS: "1",
    SMS_PROVIDER: "http",
    SMS_HTTP_URL: smsGateway.sendUrl,
    SMS_HTTP_API_KEY: smsGateway.apiKey,
    // The wizard's card read is bounded (4 s by default); on this busy 2-core machine a read may take longer, and a
    // browser test must not depend on the machine's speed (the bound itself is tested in kyc-ocr.test.ts). Below the
    // 10 s a test waits for the photo's check to answer.
    WIZARD_OCR_TIMEOUT_MS: "8000",
    // The browser tests run last month's month-end from the button (provisioning.spec.ts); the job that runs it on its
    // own is tested against the database (month-end-run.test.ts).
    MONTH_END_RUN: "off",
  };
  // The main app runs as the least-privilege role a deployment gives it (scripts/db/runtime-role.ts): every flow the
  // browser tests walk works with only row privileges. The tests themselves keep the owner's connection.
  const appRole = { name: "rinbondhu_app", password: randomBytes(12).toString("hex") };
  await grantRuntimeRole(databaseUrl, appRole.name, appRole.password);
  const main = await startApp({ ...baseEnv, DATABASE_URL: runtimeUrl(databaseUrl, appRole.name, appRole.password), PROTOTYPE_COMPAT: "false" }, mainLog);
  const compat = await startApp({ ...baseEnv, PROTOTYPE_COMPAT: "true", SOCIETY_ADMIN_PASSWORD: "e2e-society-password" });
  const standalone = await startStandalone(server, baseEnv);
  const env = { ...baseEnv, E2E_SMS_INBOX: smsGateway.inboxUrl, E2E_BASE_URL: main, E2E_MAIN_LOG: mainLog, E2E_COMPAT_BASE_URL: compat, ...standalone };
  // Not spawnSync: the fake SMS gateway answers from this process's event loop while the tests run.
  const playwright = spawn("npx", ["playwright", "test", ...process.argv.slice(2)], { env, stdio: "inherit" });
  exitCode = (await new Promise<number | null>((resolve) => playwright.once("exit", (code) => resolve(code)))) ?? 1;
} finally {
  // Each app stops its background work and closes its pool on SIGTERM; the database goes only after they have.
  await Promise.all(apps.map((app) => stopApp(app)));
  await server.stop();
  await smsGateway.close();
  rmSync(logDir, { recursive: true, force: true });
}
process.exit(exitCode);

/** SIGTERM to the app's process group; resolves once it has exited (SIGKILL after 15 s). */
async function stopApp(app: ChildProcess): Promise<void> {
  if (!app.pid || app.exitCode !== null || app.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => app.once("exit", () => resolve()));
  process.kill(-app.pid, "SIGTERM");
  const timer = setTimeout(() => app.pid && process.kill(-app.pid, "SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The server the container image runs (`node .next/standalone/server.js`, Next's static files and public/ copied
 * beside it, as the Dockerfile does), on a database of its own so that only its job runner takes that database's
 * jobs (standalone.spec.ts has it read a card). Nothing when the build was not standalone (NEXT_OUTPUT=standalone,
 * as `npm test` builds): that spec then fails, saying so.
 */
async function startStandalone(server: Awaited<ReturnType<typeof startTestPostgres>>, baseEnv: NodeJS.ProcessEnv): Promise<Record<string, string>> {
  if (!existsSync(".next/standalone/server.js")) {
    console.warn("No standalone build (.next/standalone): build with NEXT_OUTPUT=standalone, as npm test does.");
    return {};
  }
  cpSync(".next/static", ".next/standalone/.next/static", { recursive: true, force: true });
  cpSync("public", ".next/standalone/public", { recursive: true, force: true });
  const databaseUrl = await server.createDatabase("rinbondhu_standalone");
  await applyMigrations(databaseUrl);
  const prisma = createPrismaClient(databaseUrl);
  await seedDemo(prisma);
  await prisma.$disconnect();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const metricsToken = "standalone-metrics-token-0123456789abcdef";
  const app = spawn("node", [".next/standalone/server.js"], {
    env: { ...baseEnv, NODE_ENV: "production", DATABASE_URL: databaseUrl, PORT: String(port), HOSTNAME: "127.0.0.1", METRICS_TOKEN: metricsToken, PUBLIC_SITE_URL: E2E_PUBLIC_SITE_URL },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  apps.push(app);
  await waitForServer(app, `${baseUrl}/api/health/live`, 60_000);
  return { E2E_STANDALONE_BASE_URL: baseUrl, E2E_STANDALONE_DATABASE_URL: databaseUrl, E2E_STANDALONE_METRICS_TOKEN: metricsToken };
}

/**
 * `npm start`'s launcher on a free port; resolves with its base URL once it answers. With `logFile`, its output still
 * reaches this console and is also appended, as it comes, to that file.
 */
async function startApp(env: NodeJS.ProcessEnv, logFile?: string): Promise<string> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = spawn("npx", ["tsx", "scripts/with-db.ts", "next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    // Canonical and hreflang addresses, the sitemap and SMS links name the server under test.
    env: { ...env, PUBLIC_SITE_URL: E2E_PUBLIC_SITE_URL },
    stdio: ["ignore", logFile ? "pipe" : "inherit", logFile ? "pipe" : "inherit"],
    detached: true, // own process group, so stopping it also stops npx's children
  });
  apps.push(app);
  if (logFile) {
    appendFileSync(logFile, "");
    const tee = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      to.write(chunk);
      try {
        appendFileSync(logFile, chunk);
      } catch {
        // The run is over and its log removed; the console still had the line.
      }
    };
    app.stdout?.on("data", tee(process.stdout));
    app.stderr?.on("data", tee(process.stderr));
  }
  await waitForServer(app, baseUrl, 60_000);
  return baseUrl;
}

async function waitForServer(app: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode != null) throw new Error(`The app exited with code ${app.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The app did not answer at ${url} within ${timeoutMs} ms`);
}
