/**
 * `npm run db:backup` and `npm run db:restore-drill` on PostgreSQL, over the demo data: the drill restores a backup
 * into a throwaway database and finds the same counts and sums as the source; a changed, cut or doctored file
 * fails (the first two before anything is restored); retention keeps the newest BACKUP_KEEP; a missing key is
 * refused in one line; and the two command lines work end to end.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@/lib/prisma-client";
import { seedDemo } from "@/prisma/seed";
import { backupFileName, openBackupFile, writeBackupFile } from "@/scripts/db/backup-file";
import { parseManifest } from "@/scripts/db/backup-manifest";
import { backupOptionsFromEnv, createBackup, type BackupResult } from "@/scripts/db/backup";
import { drillOptionsFromEnv, runRestoreDrill } from "@/scripts/db/restore-drill";

const run = promisify(execFile);
const databaseUrl = process.env.DATABASE_URL ?? "";
const key = randomBytes(32);
const OK_LINE =
  /^OK rinbondhu-\d{8}T\d{6}Z\.backup \(\d{4}-\d{2}-\d{2} \d{2}:\d{2} Asia\/Dhaka\): restored in \d+\.\d s; (\d+) tables, ([\d,]+) rows, sums equal; migrations (\d+)\/\3; audit trigger present$/;

let root: string;
let dir: string;
let backup: BackupResult;
let client: pg.Client;

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T> {
  const { rows } = await client.query<T>(sql);
  return rows[0] as T;
}

/** Drill databases left on the server (the test server holds no others). */
async function drillDatabases(): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`SELECT datname AS name FROM pg_database WHERE datname LIKE 'rinbondhu\\_drill\\_%'`);
  return rows.map((r) => r.name);
}

function freshDir(name: string): string {
  const made = path.join(root, name);
  rmSync(made, { recursive: true, force: true });
  return mkdtempSync(`${made}-`);
}

beforeAll(async () => {
  const prisma = createPrismaClient(databaseUrl);
  await seedDemo(prisma);
  await prisma.$disconnect();
  client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  root = mkdtempSync(path.join(os.tmpdir(), "db-backup-"));
  dir = freshDir("backups");
  backup = await createBackup({ databaseUrl, backupDir: dir, key, keep: 14 });
});

afterAll(async () => {
  await client?.end();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("backup and restore drill", () => {
  it("backs up the demo data and the drill restores the same counts and sums", async () => {
    expect(readdirSync(dir)).toEqual([backup.file]);
    const payments = await query<{ rows: number; amount: string }>(`SELECT count(*)::int AS rows, sum(amount)::text AS amount FROM "LoanPayment"`);
    expect(payments.rows).toBeGreaterThan(0);
    expect(backup.manifest.tables.LoanPayment).toMatchObject({ rows: payments.rows, sums: { amount: payments.amount } });

    const drill = await runRestoreDrill({ databaseUrl, backupDir: dir, key });
    expect(drill.line).toMatch(OK_LINE);
    expect(drill.ok).toBe(true);
    // Figures recomputed on the restored copy, against the source queried directly.
    expect(drill.restored?.database).toBe(drill.drillDatabase);
    expect(drill.restored?.tables.LoanPayment).toMatchObject({ rows: payments.rows, sums: { amount: payments.amount } });
    expect(drill.restored?.tables).toEqual(backup.manifest.tables);
    const migrations = await query<{ n: number }>(`SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL`);
    const [, tables, rows, intact] = OK_LINE.exec(drill.line) ?? [];
    expect(Number(intact)).toBe(migrations.n);
    const source = await query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    expect(Number(tables)).toBe(source.n);
    expect(Number(rows?.replace(/,/g, ""))).toBe(Object.values(backup.manifest.tables).reduce((sum, t) => sum + t.rows, 0));
    expect(drill.restored?.auditTrigger).toBe("A");
    expect(await drillDatabases()).toEqual([]);
  });

  it("fails a changed byte before restoring anything", async () => {
    const tampered = path.join(freshDir("tampered"), backup.file);
    const bytes = readFileSync(backup.path);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0x40;
    writeFileSync(tampered, bytes);
    const drill = await runRestoreDrill({ databaseUrl, backupDir: dir, backupPath: tampered, key });
    expect(drill).toMatchObject({ ok: false, line: `FAIL ${backup.file}: the file is damaged or was changed (authentication failed)` });
    expect(drill.drillDatabase).toBeUndefined();
    expect(await drillDatabases()).toEqual([]);
  });

  it("fails a cut file, and another key", async () => {
    const cutDir = freshDir("cut");
    const cut = path.join(cutDir, backup.file);
    copyFileSync(backup.path, cut);
    truncateSync(cut, backup.bytes - 1000);
    const drill = await runRestoreDrill({ databaseUrl, backupDir: cutDir, key });
    expect(drill).toMatchObject({ ok: false, line: `FAIL ${backup.file}: the file is damaged or was changed (authentication failed)` });
    const otherKey = await runRestoreDrill({ databaseUrl, backupDir: dir, key: randomBytes(32) });
    expect(otherKey.line).toMatch(new RegExp(`^FAIL ${backup.file}: encrypted with another key`));
    expect(await drillDatabases()).toEqual([]);
  });

  it("fails, listing the differences, when the restored data does not match the manifest", async () => {
    // A well-formed file whose manifest claims one more payment than its dump holds.
    const doctoredDir = freshDir("doctored");
    const dumpPath = path.join(doctoredDir, "plain.dump");
    const manifest = parseManifest((await openBackupFile(backup.path, key, dumpPath)).manifest);
    const payments = manifest.tables.LoanPayment!;
    manifest.tables.LoanPayment = { ...payments, rows: payments.rows + 1 };
    await writeBackupFile(path.join(doctoredDir, backup.file), key, manifest, createReadStream(dumpPath));
    rmSync(dumpPath);
    const drill = await runRestoreDrill({ databaseUrl, backupDir: doctoredDir, key });
    expect(drill.ok).toBe(false);
    expect(drill.line).toMatch(
      new RegExp(`^FAIL ${backup.file} \\(.+ Asia/Dhaka\\): restored in \\d+\\.\\d s, but 1 difference\\(s\\): LoanPayment: ${payments.rows + 1} rows in the backup, ${payments.rows} restored$`),
    );
    expect(await drillDatabases()).toEqual([]);
  });

  it("keeps the newest BACKUP_KEEP backups and leaves other files alone", async () => {
    const keepDir = freshDir("retention");
    const old = ["2026-01-01", "2026-01-02", "2026-01-03"].map((day) => backupFileName(new Date(`${day}T21:00:00Z`)));
    for (const name of [...old, "notes.txt", "rinbondhu-manual.backup"]) writeFileSync(path.join(keepDir, name), "old");
    const made = await createBackup({ databaseUrl, backupDir: keepDir, key, keep: 2 });
    expect(made.deleted).toEqual(["rinbondhu-20260102T210000Z.backup", "rinbondhu-20260101T210000Z.backup"]);
    expect(readdirSync(keepDir).sort()).toEqual([made.file, "notes.txt", "rinbondhu-20260103T210000Z.backup", "rinbondhu-manual.backup"].sort());
  });

  it("refuses to run without a key, or with a key of the wrong length, in one line", () => {
    expect(() => backupOptionsFromEnv({ DATABASE_URL: databaseUrl })).toThrow(/^BACKUP_ENCRYPTION_KEY is not set: make one with `openssl rand -base64 32`/);
    expect(() => drillOptionsFromEnv({ DATABASE_URL: databaseUrl })).toThrow(/^BACKUP_ENCRYPTION_KEY is not set/);
    expect(() => backupOptionsFromEnv({ DATABASE_URL: databaseUrl, BACKUP_ENCRYPTION_KEY: randomBytes(24).toString("base64") })).toThrow(
      "BACKUP_ENCRYPTION_KEY must be 32 bytes written as base64 (`openssl rand -base64 32`); this one is 24 bytes.",
    );
    expect(backupOptionsFromEnv({ DATABASE_URL: databaseUrl, BACKUP_ENCRYPTION_KEY: key.toString("base64"), BACKUP_DIR: dir })).toMatchObject({ keep: 14, backupDir: dir });
  });

  it("runs from the command line: backup, drill, and a refusal without a key", async () => {
    const cliDir = freshDir("cli");
    const env = { ...process.env, DATABASE_URL: databaseUrl, BACKUP_DIR: cliDir, BACKUP_ENCRYPTION_KEY: key.toString("base64"), BACKUP_KEEP: "3" };
    const made = await run("npx", ["tsx", "scripts/db/backup.ts"], { env });
    expect(made.stdout).toMatch(/^rinbondhu-\d{8}T\d{6}Z\.backup: \d+\.\d [KM]B in \d+\.\d s; \d+ tables, [\d,]+ rows\n$/);
    const drill = await run("npx", ["tsx", "scripts/db/restore-drill.ts"], { env });
    expect(drill.stdout.trimEnd().split("\n")).toHaveLength(1);
    expect(drill.stdout.trimEnd()).toMatch(OK_LINE);

    const refused = await run("npx", ["tsx", "scripts/db/backup.ts"], { env: { ...env, BACKUP_ENCRYPTION_KEY: "" } }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^✖ backup failed: BACKUP_ENCRYPTION_KEY is not set: make one with `openssl rand -base64 32`.*\n$/);
    expect(readdirSync(cliDir)).toHaveLength(1);
  }, 60_000);
});
