/**
 * Runs a command (next dev / next start) with a database behind it.
 * - DATABASE_URL set: checks the configuration and that the server answers, applies pending migrations.
 * - DATABASE_URL unset: serves an embedded PGlite database persisted under .data/, migrates it,
 *   and seeds the demo data on first start; a production start refuses this unless EMBEDDED_DATABASE=1.
 * Configuration errors stop start-up here, with the variable named, before Next.js starts.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import nextEnv from "@next/env";
import pg from "pg";
import { EnvError, parseEnv } from "../lib/env";
import { chooseDatabase } from "./db/database-choice";
import { applyMigrations, projectRoot } from "./db/schema-engine";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";
import { sealPlainTotpSecrets } from "./db/totp-secrets";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: tsx scripts/with-db.ts <command> [args...]");
  process.exit(2);
}

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

const nodeEnv = command === "next" && args[0] === "start" ? "production" : (process.env.NODE_ENV ?? "development");
// Same .env files, in the same order, as Next.js itself reads.
nextEnv.loadEnvConfig(projectRoot, nodeEnv !== "production");
let embedded: EmbeddedPostgres | undefined;
const choice = chooseDatabase(process.env, nodeEnv);
if (choice.kind === "refused") fail(choice.message);
let databaseUrl = choice.kind === "server" ? choice.url : undefined;

if (!databaseUrl) {
  const dataDir = path.join(projectRoot, ".data", "pglite");
  embedded = await startEmbeddedPostgres({ dataDir });
  databaseUrl = embedded.url;
  console.log(`• Embedded PostgreSQL (PGlite) at ${dataDir}`);
}

try {
  parseEnv({ ...process.env, NODE_ENV: nodeEnv, DATABASE_URL: databaseUrl });
} catch (error) {
  await embedded?.stop();
  fail(error instanceof EnvError ? error.message : String(error));
}

const probe = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
try {
  await probe.connect();
  await probe.query("select 1");
} catch (error) {
  await embedded?.stop();
  fail(`Cannot connect to DATABASE_URL (${redact(databaseUrl)}): ${(error as Error).message}`);
} finally {
  await probe.end().catch(() => {});
}

const applied = await applyMigrations(databaseUrl);
if (applied.length) console.log(`• Applied migrations: ${applied.join(", ")}`);
const sealed = await sealPlainTotpSecrets(databaseUrl);
if (sealed) console.log(`• Sealed ${sealed} two-step secret(s) kept in plain text (TOTP_ENCRYPTION_KEY)`);

if (embedded) await seedOnFirstStart(databaseUrl);
else await warnWithoutProducts(databaseUrl);

const child = spawn(command, args, {
  stdio: "inherit",
  env: {
    NEXT_TELEMETRY_DISABLED: "1",
    ...process.env,
    DATABASE_URL: databaseUrl,
    // PGlite executes one statement at a time; a single pooled connection keeps transactions intact.
    ...(embedded ? { DATABASE_POOL_SIZE: "1", DATABASE_EMBEDDED: "1" } : {}),
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", async (code, signal) => {
  await embedded?.stop().catch(() => {});
  process.exit(code ?? (signal ? 1 : 0));
});

/** An embedded database with no products has never been seeded: give it the demo data. */
async function seedOnFirstStart(url: string): Promise<void> {
  const { createPrismaClient } = await import("../lib/prisma-client");
  const { seedDemo } = await import("../prisma/seed");
  const prisma = createPrismaClient(url, { max: 1 });
  try {
    if ((await prisma.loanProduct.count()) === 0) {
      await seedDemo(prisma);
      console.log("• Seeded demo data (first start)");
    }
  } finally {
    await prisma.$disconnect();
  }
}

/** A server database gets no demo data; without the reference data the public pages show no products. */
async function warnWithoutProducts(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ count: string }>(`SELECT count(*) FROM "LoanProduct"`);
    if (Number(rows[0]?.count ?? 0) === 0) console.warn("! No loan products in this database: load them with `npm run db:seed -- --reference`.");
  } finally {
    await client.end().catch(() => {});
  }
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(not a URL)";
  }
}
