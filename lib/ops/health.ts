import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { jobRunnerHealth } from "@/lib/jobs/runner";
import { appliedMigrationNames, pingDatabase } from "./queries";

/** The readiness answer comes within this, database or not: a load balancer's check must not hang. */
const CHECK_TIMEOUT_MS = 1_500;

export type Readiness = {
  ready: boolean;
  checks: {
    database: "ok" | "unreachable";
    migrations: "ok" | "pending" | "unknown";
    jobs: ReturnType<typeof jobRunnerHealth>;
  };
};

let expectedMigrations: string[] | null = null;

/** The migrations this build ships (prisma/migrations, copied into the image and traced into the standalone output). */
function shippedMigrations(): string[] {
  expectedMigrations ??= readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return expectedMigrations;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Ready to take traffic: the database answers, every migration this build ships is applied (a server started before
 * `npm run db:migrate` is not ready), and the background work runs (or is off here on purpose). Nothing secret in it.
 */
export async function checkReadiness(): Promise<Readiness> {
  let database: Readiness["checks"]["database"] = "ok";
  let migrations: Readiness["checks"]["migrations"] = "unknown";
  try {
    const [, applied] = await withTimeout(Promise.all([pingDatabase(), appliedMigrationNames()]));
    const appliedSet = new Set(applied);
    try {
      migrations = shippedMigrations().every((name) => appliedSet.has(name)) ? "ok" : "pending";
    } catch {
      migrations = "unknown";
    }
  } catch {
    database = "unreachable";
  }
  const jobs = jobRunnerHealth();
  const ready = database === "ok" && migrations === "ok" && (jobs === "ok" || jobs === "off");
  return { ready, checks: { database, migrations, jobs } };
}
