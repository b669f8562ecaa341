/**
 * The encrypted backup container (scripts/db/backup-file.ts): round trip; a changed byte anywhere, a cut file and a
 * wrong key are refused and leave no dump behind; the key check; retention; manifest comparison.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BackupFileError,
  BackupKeyError,
  backupFileName,
  newestBackup,
  openBackupFile,
  parseBackupKey,
  selectBackupsToDelete,
  writeBackupFile,
} from "@/scripts/db/backup-file";
import { compareManifests, intactMigrations, type BackupManifest } from "@/scripts/db/backup-manifest";

let dir: string;
const key = randomBytes(32);
const manifest = { format: 1, note: "নমুনা", tables: { LoanPayment: { rows: 3 } } };
// Larger than one stream chunk (64 KiB), so the ciphertext spans several reads.
const dump = randomBytes(200_000);

async function* chunks(bytes: Buffer, size = 50_000): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "backup-file-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function writeSample(name = "rinbondhu-20261126T093000Z.backup"): Promise<string> {
  const target = path.join(dir, name);
  await writeBackupFile(target, key, manifest, chunks(dump));
  return target;
}

function flipByte(file: string, position: (size: number) => number): void {
  const bytes = readFileSync(file);
  const at = position(bytes.length);
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  writeFileSync(file, bytes);
}

describe("backup container", () => {
  it("gives back the manifest and the dump bytes, and leaves only the named file", async () => {
    const file = await writeSample();
    expect(readdirSync(dir)).toEqual([path.basename(file)]);
    const out = path.join(dir, "out.dump");
    expect((await openBackupFile(file, key, out)).manifest).toEqual(manifest);
    expect(readFileSync(out).equals(dump)).toBe(true);
    // The dump is not readable in the file: it is encrypted.
    expect(readFileSync(file).includes(dump.subarray(1000, 1032))).toBe(false);
  });

  it("round-trips an empty dump", async () => {
    const target = path.join(dir, "empty.backup");
    await writeBackupFile(target, key, manifest, chunks(Buffer.alloc(0)));
    const out = path.join(dir, "out.dump");
    expect((await openBackupFile(target, key, out)).manifest).toEqual(manifest);
    expect(readFileSync(out).length).toBe(0);
  });

  const positions: [string, (size: number) => number, string][] = [
    ["the magic", () => 0, "not-a-backup"],
    ["the format version", () => 12, "unsupported-version"],
    ["the key id", () => 15, "wrong-key"],
    ["the IV", () => 25, "damaged"],
    ["the manifest length", () => 33, "damaged"],
    ["the middle", (size) => Math.floor(size / 2), "damaged"],
    ["the last ciphertext byte", (size) => size - 17, "damaged"],
    ["the tag", (size) => size - 1, "damaged"],
  ];
  for (const [where, position, problem] of positions) {
    it(`refuses a file with a byte changed in ${where}, leaving no dump`, async () => {
      const file = await writeSample();
      flipByte(file, position);
      const out = path.join(dir, "out.dump");
      const opening = openBackupFile(file, key, out);
      await expect(opening).rejects.toBeInstanceOf(BackupFileError);
      await expect(opening).rejects.toMatchObject({ problem });
      expect(existsSync(out)).toBe(false);
    });
  }

  it("says 'damaged or was changed (authentication failed)' for a changed body", async () => {
    const file = await writeSample();
    flipByte(file, (size) => size - 5000);
    await expect(openBackupFile(file, key, path.join(dir, "out.dump"))).rejects.toThrow("the file is damaged or was changed (authentication failed)");
  });

  for (const cut of [1, 16, 17, 100_000]) {
    it(`refuses a file cut short by ${cut} bytes`, async () => {
      const file = await writeSample();
      const size = readFileSync(file).length;
      truncateSync(file, size - cut);
      const out = path.join(dir, "out.dump");
      await expect(openBackupFile(file, key, out)).rejects.toMatchObject({ problem: "damaged" });
      expect(existsSync(out)).toBe(false);
    });
  }

  it("refuses a file cut inside its header", async () => {
    const file = await writeSample();
    truncateSync(file, 40);
    await expect(openBackupFile(file, key, path.join(dir, "out.dump"))).rejects.toThrow("too short to be a backup");
  });

  it("refuses another key, naming it as such", async () => {
    const file = await writeSample();
    const out = path.join(dir, "out.dump");
    await expect(openBackupFile(file, randomBytes(32), out)).rejects.toThrow(/^encrypted with another key/);
    expect(existsSync(out)).toBe(false);
  });

  it("refuses a file that is not a backup", async () => {
    const file = path.join(dir, "notes.backup");
    writeFileSync(file, "PGDMP plain dump, not encrypted ".repeat(10));
    await expect(openBackupFile(file, key, path.join(dir, "out.dump"))).rejects.toMatchObject({ problem: "not-a-backup" });
  });

  it("never overwrites an existing backup and leaves no temp file", async () => {
    const file = await writeSample();
    const before = readFileSync(file);
    await expect(writeSample()).rejects.toThrow(/exists already/);
    expect(readdirSync(dir)).toEqual([path.basename(file)]);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("leaves no file when the dump fails halfway", async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield dump.subarray(0, 1000);
      throw new Error("pg_dump failed (exit 1)");
    }
    await expect(writeBackupFile(path.join(dir, "rinbondhu-20261126T093000Z.backup"), key, manifest, failing())).rejects.toThrow("pg_dump failed");
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("backup key", () => {
  it("takes 32 bytes of base64", () => {
    expect(parseBackupKey(key.toString("base64")).equals(key)).toBe(true);
    expect(parseBackupKey(`${key.toString("base64")}\n`).equals(key)).toBe(true);
  });

  it("refuses a missing, short, long or non-base64 key with one line", () => {
    expect(() => parseBackupKey(undefined)).toThrow(/^BACKUP_ENCRYPTION_KEY is not set: make one with `openssl rand -base64 32`/);
    expect(() => parseBackupKey("  ")).toThrow(BackupKeyError);
    expect(() => parseBackupKey(randomBytes(16).toString("base64"))).toThrow("this one is 16 bytes");
    expect(() => parseBackupKey(randomBytes(33).toString("base64"))).toThrow("this one is 33 bytes");
    expect(() => parseBackupKey("correct horse battery staple, not base64 at all!!")).toThrow(BackupKeyError);
    for (const refusal of [undefined, "short"]) {
      try {
        parseBackupKey(refusal);
      } catch (error) {
        expect((error as Error).message).not.toContain("\n");
      }
    }
  });
});

describe("backup names and retention", () => {
  it("names a backup by its UTC time", () => {
    expect(backupFileName(new Date("2026-11-26T09:30:00.123Z"))).toBe("rinbondhu-20261126T093000Z.backup");
  });

  it("deletes all but the newest N backups and ignores other files", () => {
    const backups = ["2026-11-20", "2026-11-25", "2026-11-21", "2026-11-26", "2026-11-22"].map((d) => backupFileName(new Date(`${d}T21:00:00Z`)));
    const others = ["notes.txt", "rinbondhu-latest.backup", ".rinbondhu-20261127T000000Z.backup.ab12.partial", "rinbondhu-20261101T000000Z.backup.bak", "x-rinbondhu-20261101T000000Z.backup"];
    const deleted = selectBackupsToDelete([...others, ...backups], 3);
    expect(deleted).toEqual(["rinbondhu-20261121T210000Z.backup", "rinbondhu-20261120T210000Z.backup"]);
    expect(selectBackupsToDelete([...others, ...backups], 14)).toEqual([]);
    expect(newestBackup([...others, ...backups])).toBe("rinbondhu-20261126T210000Z.backup");
    expect(newestBackup(others)).toBeUndefined();
  });
});

describe("manifest comparison", () => {
  const base: BackupManifest = {
    format: 1,
    createdAt: "2026-11-26T09:30:00.000Z",
    database: "rinbondhu",
    serverVersion: "15.18",
    tables: {
      LoanPayment: { rows: 40, sums: { amount: "123456" } },
      LoanProduct: { rows: 4, sums: { annualRate: "96.00", sortOrder: "6" } },
      AuditLog: { rows: 10, sums: {} },
    },
    migrations: [
      { name: "20261101000000_init", checksum: "aaa", finished: true },
      { name: "20261124230000_audit_append_only", checksum: "bbb", finished: true },
    ],
    auditTrigger: "A",
  };
  const copy = (): BackupManifest => structuredClone(base);

  it("finds nothing between equal manifests, whatever their times and names", () => {
    expect(compareManifests(base, { ...copy(), createdAt: "2027-01-01T00:00:00.000Z", database: "rinbondhu_drill_1" })).toEqual([]);
    expect(intactMigrations(base, copy())).toBe("2/2");
  });

  it("reports rows, sums, tables, migrations and the trigger", () => {
    const restored = copy();
    restored.tables.LoanPayment = { rows: 39, sums: { amount: "120000" } };
    restored.tables.LoanProduct = { rows: 4, sums: { annualRate: "96.01", sortOrder: "6" } };
    delete restored.tables.AuditLog;
    restored.tables.Extra = { rows: 0, sums: {} };
    restored.migrations = [{ name: "20261101000000_init", checksum: "changed", finished: true }, base.migrations[1]!];
    restored.auditTrigger = null;
    expect(compareManifests(base, restored)).toEqual([
      "table AuditLog missing after restore",
      "table Extra restored but not in the backup",
      "LoanPayment: 40 rows in the backup, 39 restored",
      "LoanPayment.amount: sum 123456 in the backup, 120000 restored",
      "LoanProduct.annualRate: sum 96.00 in the backup, 96.01 restored",
      "migration 20261101000000_init missing or changed after restore",
      "migration 20261101000000_init restored but not in the backup",
      "audit trigger AuditLog_no_update_or_delete missing after restore",
    ]);
    expect(intactMigrations(base, restored)).toBe("1/2");
  });

  it("fails a database without the audit trigger even when the backup lacked it too", () => {
    const without = { ...copy(), auditTrigger: null };
    expect(compareManifests(without, { ...copy(), auditTrigger: null })).toEqual([
      "audit trigger AuditLog_no_update_or_delete missing after restore (missing in the backed-up database too)",
    ]);
    expect(compareManifests(base, { ...copy(), auditTrigger: "D" })).toEqual([
      'audit trigger AuditLog_no_update_or_delete enabled as "D" after restore, "A" in the backup',
    ]);
  });
});
