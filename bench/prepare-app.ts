/**
 * Shared by the benchmarks: a real PostgreSQL database with the demo data and the production
 * server (`npm start`'s launcher) on it. Needs `npm run build` first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createPrismaClient } from "../lib/prisma-client";
import { seedDemo } from "../prisma/seed";
import { applyMigrations } from "../scripts/db/schema-engine";
import { freePort } from "../scripts/free-port";
import { startTestPostgres } from "../scripts/throwaway-postgres";

/** Resolves once `url` answers 200, polling; throws `failure` after `timeoutMs`. */
export async function waitUntilAnswering(url: string, timeoutMs: number, failure: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Runs `start`; if it throws, stops what was already started (`stopEarlier`) before passing the error on. */
export async function startOrStop<T>(start: () => Promise<T>, stopEarlier: () => Promise<void> | void): Promise<T> {
  try {
    return await start();
  } catch (error) {
    await stopEarlier();
    throw error;
  }
}

export type RunningApp = { baseUrl: string; databaseUrl: string; authSecret: string; stop(): Promise<void> };

const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0";

/** `prepare` runs on the seeded database before the server starts (e.g. bulk data for a benchmark). */
export async function startProductionApp(options: { prepare?: (databaseUrl: string) => Promise<void> } = {}): Promise<RunningApp> {
  if (!existsSync(".next/BUILD_ID")) throw new Error("Run `npm run build` first.");
  // Production needs a key for the two-step secrets; the seed seals the demo ones with the same key.
  process.env.TOTP_ENCRYPTION_KEY ??= "be0c".repeat(16);
  const server = await startTestPostgres();
  const databaseUrl = await server.createDatabase("rinbondhu_bench");
  await applyMigrations(databaseUrl);
  const prisma = createPrismaClient(databaseUrl);
  await seedDemo(prisma);
  await prisma.$disconnect();
  await options.prepare?.(databaseUrl);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app: ChildProcess = spawn("npx", ["tsx", "scripts/with-db.ts", "next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, AUTH_SECRET },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true, // own process group, so stopping it also stops npx's children
  });
  await waitUntilAnswering(baseUrl, 60_000, "The app did not start");
  return {
    baseUrl,
    databaseUrl,
    authSecret: AUTH_SECRET,
    async stop() {
      const exited = new Promise((r) => app.once("exit", r));
      if (app.pid) process.kill(-app.pid, "SIGTERM");
      await exited;
      await server.stop();
    },
  };
}
