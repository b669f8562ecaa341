import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { totpSecretHealth } from "@/lib/auth/totp-health";
import { jobRunnerHealth } from "@/lib/jobs/runner";
import { appliedMigrationNames, pingDatabase } from "./queries";

/** The readiness answer comes within this, database or not: a load balancer's check must not hang. */
const CHECK_TIMEOUT_MS = 1_500;

export type Readiness = {
  ready: boolean;
  /**
   * Ready, but something only the operator can fix: some staff two-step secrets do not open under the configured key
   * (those staff cannot sign in with a code). Still 200: the public site and every other sign-in work.
   */
  degraded: boolean;
  checks: {
    database: "ok" | "unreachable";
    migrations: "ok" | "pending" | "unknown";
    jobs: ReturnType<typeof jobRunnerHealth>;
    twoStepSecrets: "ok" | "unopenable" | "unknown";
  };
  /** How many staff two-step secrets do not open under TOTP_ENCRYPTION_KEY (when any). */
  unopenableTwoStepSecrets?: number;
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

function withTimeout<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), Math.max(0, ms));
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Ready to take traffic: the database answers, every migration this build ships is applied (a server started before
 * `npm run db:migrate` is not ready), and the background work runs (or is off here on purpose). Degraded (still ready)
 * when staff two-step secrets do not open under the configured key: a count cached for a minute
 * (lib/auth/totp-health.ts), asked once the database answered, within what is left of the same time limit (a count
 * not ready by then is "unknown" this time and cached for the next poll). Nothing secret in it.
 */
export async function checkReadiness(): Promise<Readiness> {
  const deadline = Date.now() + CHECK_TIMEOUT_MS;
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
  const health =
    database === "ok" ? await withTimeout(Promise.resolve().then(() => totpSecretHealth()), deadline - Date.now()).catch(() => null) : null;
  const twoStepSecrets = !health ? "unknown" : health.unopenable > 0 ? "unopenable" : "ok";
  return {
    ready,
    degraded: twoStepSecrets === "unopenable",
    checks: { database, migrations, jobs, twoStepSecrets },
    ...(health && health.unopenable > 0 ? { unopenableTwoStepSecrets: health.unopenable } : {}),
  };
}
