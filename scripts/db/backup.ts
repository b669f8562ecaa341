/**
 * `npm run db:backup`: an encrypted `pg_dump -Fc` of DATABASE_URL into BACKUP_DIR (default ./backups), with a
 * manifest (row counts, sums, migrations, audit trigger) taken in the same snapshot as the dump, then keeps the
 * newest BACKUP_KEEP backups (default 14). File format: scripts/db/backup-file.ts; operations: docs/backups.md.
 */
import { spawn } from "node:child_process";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import nextEnv from "@next/env";
import pg from "pg";
import { backupFileName, parseBackupKey, selectBackupsToDelete, writeBackupFile } from "./backup-file";
import { manifestTotals, readManifest, type BackupManifest } from "./backup-manifest";
import { checkDumpCanReadServer, findPgTool, lastLines, libpqConnection, pgToolMajorVersion } from "./pg-tools";
import { projectRoot } from "./schema-engine";

export const DEFAULT_BACKUP_DIR = "backups";
export const DEFAULT_BACKUP_KEEP = 14;
// A run killed halfway leaves its hidden temp file; one this old belongs to no running backup.
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

export type BackupOptions = { databaseUrl: string; backupDir: string; key: Buffer; keep: number; now?: Date };
export type BackupResult = { file: string; path: string; bytes: number; durationMs: number; manifest: BackupManifest; deleted: string[] };

type Env = Readonly<Record<string, string | undefined>>;

/** The options from the environment; throws a one-line message for a missing or bad setting. */
export function backupOptionsFromEnv(env: Env): BackupOptions {
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: it names the database to back up.");
  const key = parseBackupKey(env.BACKUP_ENCRYPTION_KEY);
  const keep = env.BACKUP_KEEP ? Number(env.BACKUP_KEEP) : DEFAULT_BACKUP_KEEP;
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of backups, at least 1 (it is "${env.BACKUP_KEEP}").`);
  return { databaseUrl: env.DATABASE_URL, backupDir: path.resolve(env.BACKUP_DIR || DEFAULT_BACKUP_DIR), key, keep };
}

/** pg_dump's output in the exported snapshot; fails (and so fails the file) when pg_dump does not exit cleanly. */
async function* dumpInSnapshot(pgDump: string, databaseUrl: string, snapshot: string): AsyncGenerator<Uint8Array> {
  const { dbname, env } = libpqConnection(databaseUrl);
  const child = spawn(pgDump, ["--format=custom", `--snapshot=${snapshot}`, "--no-password", `--dbname=${dbname}`], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const exited = new Promise<string | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve(code === 0 ? null : (signal ?? `exit ${code}`)));
  });
  try {
    yield* child.stdout;
    const failure = await exited;
    if (failure) throw new Error(`pg_dump failed (${failure}): ${lastLines(stderr)}`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  }
}

async function applyRetention(dir: string, keep: number, now: Date): Promise<string[]> {
  const names = await readdir(dir);
  const deleted = selectBackupsToDelete(names, keep);
  for (const name of deleted) await rm(path.join(dir, name), { force: true });
  for (const name of names.filter((n) => /^\.rinbondhu-.*\.partial$/.test(n))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > STALE_PARTIAL_MS) await rm(file, { force: true });
  }
  return deleted;
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const pgDump = findPgTool("pg_dump");
  await mkdir(options.backupDir, { recursive: true, mode: 0o700 });
  const file = backupFileName(now);
  const target = path.join(options.backupDir, file);

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let manifest: BackupManifest;
  let bytes: number;
  try {
    const { rows } = await client.query<{ version: string }>("SELECT current_setting('server_version_num') AS version");
    checkDumpCanReadServer(pgToolMajorVersion(pgDump), Number(rows[0]?.version));
    // The manifest and pg_dump see the same snapshot: this transaction exports it and stays open until the dump ends.
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { rows: exported } = await client.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot");
    const snapshot = exported[0]?.snapshot;
    if (!snapshot) throw new Error("pg_export_snapshot() answered nothing");
    manifest = await readManifest(client, now);
    bytes = await writeBackupFile(target, options.key, manifest, dumpInSnapshot(pgDump, options.databaseUrl, snapshot));
    await client.query("COMMIT");
  } finally {
    await client.end().catch(() => undefined);
  }
  const deleted = await applyRetention(options.backupDir, options.keep, now);
  return { file, path: target, bytes, durationMs: performance.now() - started, manifest, deleted };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main(): Promise<void> {
  nextEnv.loadEnvConfig(projectRoot, process.env.NODE_ENV !== "production");
  try {
    const options = backupOptionsFromEnv(process.env);
    const result = await createBackup(options);
    const { tables, rows } = manifestTotals(result.manifest);
    const removed = result.deleted.length ? `; deleted ${result.deleted.length} older (keeping ${options.keep})` : "";
    console.log(
      `${result.file}: ${formatBytes(result.bytes)} in ${(result.durationMs / 1000).toFixed(1)} s; ` +
        `${tables} tables, ${rows.toLocaleString("en-US")} rows${removed}`,
    );
  } catch (error) {
    console.error(`✖ backup failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
