/**
 * `npm run db:restore-drill [file]`: proves the newest backup in BACKUP_DIR (or `file`) restores. Decrypts it to a
 * private temp dir and verifies the GCM tag before anything else, restores it into a throwaway database
 * (rinbondhu_drill_<time>) on the same server, recomputes the manifest there and compares it with the backup's,
 * then drops the database, also on failure. Prints one verdict line (OK … / FAIL …) and exits 0 or 1.
 * `npm run db:restore-drill -- --decrypt <file> <out.dump>` only decrypts and verifies, for a real restore
 * (docs/backups.md).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import nextEnv from "@next/env";
import pg from "pg";
import { BackupFileError, newestBackup, openBackupFile, parseBackupKey } from "./backup-file";
import { compareManifests, intactMigrations, manifestTotals, parseManifest, readManifest, type BackupManifest } from "./backup-manifest";
import { DEFAULT_BACKUP_DIR } from "./backup";
import { findPgTool, libpqConnection, runPgTool, withDatabaseName } from "./pg-tools";
import { projectRoot } from "./schema-engine";

export const DRILL_DATABASE_PREFIX = "rinbondhu_drill_";
const SHOWN_DIFFERENCES = 3;

export type DrillOptions = {
  databaseUrl: string;
  /** A connection to the server where the drill may create and drop its database; default: DATABASE_URL's server, database postgres. */
  drillServerUrl?: string;
  backupDir: string;
  /** A given backup file instead of the newest in backupDir. */
  backupPath?: string;
  key: Buffer;
};

export type DrillResult = { ok: boolean; line: string; backup?: BackupManifest; restored?: BackupManifest; drillDatabase?: string };

type Env = Readonly<Record<string, string | undefined>>;

export function drillOptionsFromEnv(env: Env, backupPath?: string): DrillOptions {
  if (!env.DATABASE_URL && !env.DRILL_DATABASE_URL) throw new Error("DATABASE_URL is not set: the drill restores on the same server (or set DRILL_DATABASE_URL).");
  return {
    databaseUrl: env.DATABASE_URL ?? "",
    drillServerUrl: env.DRILL_DATABASE_URL || undefined,
    backupDir: path.resolve(env.BACKUP_DIR || DEFAULT_BACKUP_DIR),
    backupPath,
    key: parseBackupKey(env.BACKUP_ENCRYPTION_KEY),
  };
}

/** "2026-11-26 15:30 Asia/Dhaka": when the backup was taken, in the business's time. */
export function dhakaTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dhaka", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} Asia/Dhaka`;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function drillDatabaseName(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `${DRILL_DATABASE_PREFIX}${stamp}_${randomBytes(2).toString("hex")}`;
}

async function resolveBackup(options: DrillOptions): Promise<string> {
  if (options.backupPath) return path.resolve(options.backupPath);
  const newest = newestBackup(await readdir(options.backupDir).catch(() => []));
  if (!newest) throw new Error(`no backup (rinbondhu-<UTC time>.backup) in ${options.backupDir}`);
  return path.join(options.backupDir, newest);
}

type Outcome = { ok: boolean; reason: string; restored?: BackupManifest; drillDatabase?: string };

export async function runRestoreDrill(options: DrillOptions): Promise<DrillResult> {
  let label = options.backupPath ? path.basename(options.backupPath) : options.backupDir;
  let backup: BackupManifest | undefined;
  // One line for a cron mail, whatever a tool or the server wrote.
  const verdict = ({ ok, reason, ...rest }: Outcome): DrillResult => ({ ok, line: `${ok ? "OK" : "FAIL"} ${label}: ${reason.replace(/\s*\n\s*/g, " ")}`, backup, ...rest });
  const workDir = await mkdtemp(path.join(os.tmpdir(), "rinbondhu-drill-"));
  try {
    const source = await resolveBackup(options);
    label = path.basename(source);
    const dumpPath = path.join(workDir, "restore.dump");
    try {
      backup = parseManifest((await openBackupFile(source, options.key, dumpPath)).manifest);
    } catch (error) {
      if (error instanceof BackupFileError) return verdict({ ok: false, reason: error.message });
      throw error;
    }
    label = `${label} (${dhakaTime(backup.createdAt)})`;
    return verdict(await restoreAndCompare(options, dumpPath, backup));
  } catch (error) {
    return verdict({ ok: false, reason: (error as Error).message });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function restoreAndCompare(options: DrillOptions, dumpPath: string, backup: BackupManifest): Promise<Outcome> {
  const serverUrl = options.drillServerUrl ?? withDatabaseName(options.databaseUrl, "postgres");
  const drillDatabase = drillDatabaseName(new Date());
  const drillUrl = withDatabaseName(serverUrl, drillDatabase);
  const pgRestore = findPgTool("pg_restore");
  // template0: a clean database, whatever was added to template1.
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${drillDatabase}" TEMPLATE template0`)).catch((error: Error) => {
    throw new Error(`cannot create the drill database on ${new URL(serverUrl).host}: ${error.message}`);
  });
  let outcome: Outcome;
  try {
    const started = performance.now();
    const { dbname, env } = libpqConnection(drillUrl);
    await runPgTool(pgRestore, ["--no-owner", "--no-privileges", "--exit-on-error", "--no-password", `--dbname=${dbname}`, dumpPath], env);
    const restoredIn = `restored in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    const restored = await withClient(drillUrl, (c) => readManifest(c));
    const differences = compareManifests(backup, restored);
    if (differences.length) {
      const shown = differences.slice(0, SHOWN_DIFFERENCES).join("; ");
      const more = differences.length > SHOWN_DIFFERENCES ? `; and ${differences.length - SHOWN_DIFFERENCES} more` : "";
      outcome = { ok: false, reason: `${restoredIn}, but ${differences.length} difference(s): ${shown}${more}`, restored, drillDatabase };
    } else {
      const { tables, rows } = manifestTotals(restored);
      const figures = `${tables} tables, ${rows.toLocaleString("en-US")} rows, sums equal; migrations ${intactMigrations(backup, restored)}`;
      outcome = { ok: true, reason: `${restoredIn}; ${figures}; audit trigger present`, restored, drillDatabase };
    }
  } catch (error) {
    outcome = { ok: false, reason: (error as Error).message, drillDatabase };
  }
  try {
    await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${drillDatabase}" WITH (FORCE)`));
  } catch (error) {
    return { ...outcome, ok: false, reason: `${outcome.reason}; then could not drop the drill database ${drillDatabase} (drop it by hand): ${(error as Error).message}` };
  }
  return outcome;
}

/** `--decrypt <file> <out.dump>`: the dump of a verified backup, for pg_restore by hand. */
async function decryptOnly(file: string, out: string, key: Buffer): Promise<string> {
  const manifest = parseManifest((await openBackupFile(file, key, out)).manifest);
  const { tables, rows } = manifestTotals(manifest);
  return `${out}: pg_dump custom format of ${manifest.database} taken ${dhakaTime(manifest.createdAt)} (${tables} tables, ${rows.toLocaleString("en-US")} rows); authentication OK`;
}

async function main(args: string[]): Promise<void> {
  nextEnv.loadEnvConfig(projectRoot, process.env.NODE_ENV !== "production");
  if (args[0] === "--decrypt") {
    const [, file, out] = args;
    try {
      if (!file || !out) throw new Error("usage: restore-drill.ts --decrypt <file.backup> <out.dump>");
      console.log(await decryptOnly(file, out, parseBackupKey(process.env.BACKUP_ENCRYPTION_KEY)));
    } catch (error) {
      console.error(`FAIL ${file ?? ""}: ${(error as Error).message}`);
      process.exitCode = 1;
    }
    return;
  }
  let options: DrillOptions;
  try {
    options = drillOptionsFromEnv(process.env, args[0]);
  } catch (error) {
    console.log(`FAIL restore drill: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  const result = await runRestoreDrill(options);
  console.log(result.line);
  process.exitCode = result.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main(process.argv.slice(2));
