/**
 * The encrypted file of `npm run db:backup`, read back by `npm run db:restore-drill`.
 *
 * Layout, format version 1 (all integers big-endian):
 *   bytes 0–11   magic, the ASCII text "RINBONDHU-DB"
 *   byte  12     format version (1)
 *   bytes 13–20  key id: the first 8 bytes of HMAC-SHA256(key, "rinbondhu backup key id"), so a wrong key is
 *                named as such instead of looking like damage (it tells nothing about the key)
 *   bytes 21–32  a random 12-byte IV, new for every file
 *   then         the ciphertext: AES-256-GCM of the plaintext, with bytes 0–32 as additional authenticated data,
 *                so a changed header fails authentication like a changed body
 *   last 16      the GCM authentication tag
 * Plaintext: a 4-byte manifest length, the manifest as UTF-8 JSON (backup-manifest.ts), then the `pg_dump -Fc`
 * output (already compressed) up to the end. One IV covers at most 64 GiB of plaintext, GCM's limit.
 *
 * The key is BACKUP_ENCRYPTION_KEY: 32 random bytes as base64 (`openssl rand -base64 32`).
 * File names are rinbondhu-<UTC time>.backup, e.g. rinbondhu-20261126T093000Z.backup: sorting them sorts by age.
 */
import { once } from "node:events";
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";

const MAGIC = Buffer.from("RINBONDHU-DB", "ascii");
export const FORMAT_VERSION = 1;
const KEY_ID_BYTES = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + KEY_ID_BYTES + IV_BYTES;
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

export const BACKUP_NAME = /^rinbondhu-(\d{8}T\d{6}Z)\.backup$/;

/** A backup key problem, worded for the one line a cron mail shows. */
export class BackupKeyError extends Error {
  override name = "BackupKeyError";
}

export type BackupFileProblem = "not-a-backup" | "unsupported-version" | "wrong-key" | "damaged";

/** A file refused before anything was restored from it. */
export class BackupFileError extends Error {
  override name = "BackupFileError";
  constructor(
    readonly problem: BackupFileProblem,
    message: string,
  ) {
    super(message);
  }
}

export function parseBackupKey(value: string | undefined): Buffer {
  const text = value?.trim();
  if (!text) {
    throw new BackupKeyError("BACKUP_ENCRYPTION_KEY is not set: make one with `openssl rand -base64 32` and keep a copy away from the backups.");
  }
  const key = Buffer.from(text, "base64");
  if (key.length !== 32 || key.toString("base64") !== text) {
    throw new BackupKeyError(`BACKUP_ENCRYPTION_KEY must be 32 bytes written as base64 (\`openssl rand -base64 32\`); this one is ${key.length} bytes.`);
  }
  return key;
}

export function backupKeyId(key: Buffer): Buffer {
  return createHmac("sha256", key).update("rinbondhu backup key id").digest().subarray(0, KEY_ID_BYTES);
}

export function backupFileName(at: Date): string {
  return `rinbondhu-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}.backup`;
}

/** The backups to delete so that the newest `keep` remain; names of other files are left alone. */
export function selectBackupsToDelete(fileNames: readonly string[], keep: number): string[] {
  return fileNames
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .slice(keep);
}

export function newestBackup(fileNames: readonly string[]): string | undefined {
  return fileNames.filter((name) => BACKUP_NAME.test(name)).sort().at(-1);
}

async function* plaintext(manifest: unknown, dump: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const json = Buffer.from(JSON.stringify(manifest), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  yield Buffer.concat([length, json]);
  yield* dump;
}

/**
 * Writes manifest + dump encrypted to `target`, through a hidden temp file in the same directory that is synced and
 * renamed into place only when complete: a failed or killed run never leaves a file under a backup's name.
 * Answers the file's size in bytes.
 */
export async function writeBackupFile(target: string, key: Buffer, manifest: unknown, dump: AsyncIterable<Uint8Array>): Promise<number> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(4).toString("hex")}.partial`);
  const iv = randomBytes(IV_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION]), backupKeyId(key), iv]);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(header);
  const out = createWriteStream(temp, { flags: "wx", mode: 0o600 });
  try {
    await pipeline(
      plaintext(manifest, dump),
      cipher,
      async function* (ciphertext: AsyncIterable<Buffer>) {
        yield header;
        yield* ciphertext;
        yield cipher.getAuthTag(); // available once the cipher has ended
      },
      out,
    );
    const file = await open(temp, "r+");
    await file.sync().finally(() => file.close());
    if (await stat(target).catch(() => null)) throw new Error(`${path.basename(target)} exists already`);
    await rename(temp, target);
  } catch (error) {
    // The file may still be opening when the dump fails early: once the stream has let it go, nothing re-creates it.
    if (!out.closed) await once(out, "close").catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  const directory = await open(dir, "r");
  await directory.sync().finally(() => directory.close()); // the rename itself survives a power cut
  return (await stat(target)).size;
}

/** Passes the plaintext's dump bytes on and keeps the manifest in front of them. */
class ManifestSplitter extends Transform {
  private head = Buffer.alloc(0);
  private manifestLength: number | undefined;
  manifestJson: string | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.manifestJson !== undefined) return done(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.manifestLength === undefined && this.head.length >= 4) {
      this.manifestLength = this.head.readUInt32BE(0);
      if (this.manifestLength > MAX_MANIFEST_BYTES) return done(new Error("manifest length out of range"));
    }
    if (this.manifestLength === undefined || this.head.length < 4 + this.manifestLength) return done();
    this.manifestJson = this.head.subarray(4, 4 + this.manifestLength).toString("utf8");
    const rest = this.head.subarray(4 + this.manifestLength);
    this.head = Buffer.alloc(0);
    done(null, rest.length ? rest : undefined);
  }

  override _flush(done: TransformCallback): void {
    done(this.manifestJson === undefined ? new Error("plaintext ends inside the manifest") : null);
  }
}

function isSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";
}

/**
 * Decrypts `source`, writing its dump bytes to `dumpPath` (created, mode 600) and answering its manifest, only
 * after the GCM tag has verified the whole file. Any refusal (BackupFileError) removes `dumpPath` again.
 */
export async function openBackupFile(source: string, key: Buffer, dumpPath: string): Promise<{ manifest: unknown }> {
  const { size } = await stat(source);
  const damaged = (why: string) => new BackupFileError("damaged", `the file is damaged or was changed (${why})`);
  const file = await open(source, "r");
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await file.read(header, 0, HEADER_BYTES, 0);
    if (size >= HEADER_BYTES + TAG_BYTES) await file.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await file.close();
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupFileError("not-a-backup", `not a backup of this application (it does not start with "${MAGIC.toString("ascii")}")`);
  }
  const version = header[MAGIC.length];
  if (version !== FORMAT_VERSION) {
    throw new BackupFileError("unsupported-version", `file format version ${version}; this program reads version ${FORMAT_VERSION}`);
  }
  if (size < HEADER_BYTES + TAG_BYTES) throw damaged("too short to be a backup");
  const fileKeyId = header.subarray(MAGIC.length + 1, MAGIC.length + 1 + KEY_ID_BYTES);
  if (!timingSafeEqual(fileKeyId, backupKeyId(key))) {
    throw new BackupFileError(
      "wrong-key",
      `encrypted with another key (key id ${fileKeyId.toString("hex")}); BACKUP_ENCRYPTION_KEY has key id ${backupKeyId(key).toString("hex")}`,
    );
  }
  const decipher = createDecipheriv("aes-256-gcm", key, header.subarray(HEADER_BYTES - IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  const splitter = new ManifestSplitter();
  try {
    // An empty ciphertext would make `end` (inclusive) come before `start`: read nothing then.
    const ciphertextEnd = size - TAG_BYTES - 1;
    const ciphertext = ciphertextEnd >= HEADER_BYTES ? createReadStream(source, { start: HEADER_BYTES, end: ciphertextEnd }) : [Buffer.alloc(0)];
    await pipeline(ciphertext, decipher, splitter, createWriteStream(dumpPath, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    if (!(isSystemError(error) && (error as NodeJS.ErrnoException).code === "EEXIST")) await rm(dumpPath, { force: true });
    // Read or write errors are the machine's; anything else comes from bytes that failed authentication.
    if (isSystemError(error)) throw error;
    throw damaged("authentication failed");
  }
  return { manifest: JSON.parse(splitter.manifestJson ?? "null") as unknown };
}
