import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Small secrets encrypted at rest with AES-256-GCM. A sealed value names the key that sealed it, so
 * keys can be rotated: the ring decrypts with any key it holds and seals with its current one.
 *
 *   v1.<key id>.<12-byte IV>.<ciphertext + 16-byte tag>     (base64url parts)
 *
 * The associated data binds a value to its owner (e.g. "totp:<user id>"): a sealed value copied to
 * another row does not open there.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SecretKey = { id: string; key: Buffer };
export type KeyRing = { current: SecretKey; previous: SecretKey[] };

export class SecretBoxError extends Error {}

/** A key's id: the first 8 hex digits of its SHA-256, enough to tell a handful of keys apart. */
export function secretKey(key: Buffer): SecretKey {
  if (key.length !== 32) throw new SecretBoxError("an AES-256 key is 32 bytes");
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 8), key };
}

/** A key written as 64 hex digits or as base64 of 32 bytes; null for anything else. */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]{42,43}={0,2}$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`);
}

/** The id of the key that sealed a value, or null when it is not a sealed value. */
export function sealedKeyId(value: string): string | null {
  const parts = value.split(".");
  return parts.length === 4 && parts[0] === VERSION ? parts[1]! : null;
}

export function seal(ring: KeyRing, plaintext: string, associatedData: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", ring.current.key, iv);
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, ring.current.id, iv.toString("base64url"), body.toString("base64url")].join(".");
}

/** Throws SecretBoxError when the value is not sealed, its key is not in the ring, or it was altered. */
export function open(ring: KeyRing, sealed: string, associatedData: string): string {
  const keyId = sealedKeyId(sealed);
  if (!keyId) throw new SecretBoxError("not a sealed value");
  const key = [ring.current, ...ring.previous].find((k) => k.id === keyId);
  if (!key) throw new SecretBoxError(`sealed with key ${keyId}, which is not configured`);
  const [, , ivText, bodyText] = sealed.split(".");
  const iv = Buffer.from(ivText!, "base64url");
  const body = Buffer.from(bodyText!, "base64url");
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretBoxError("malformed sealed value");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, iv);
    decipher.setAAD(Buffer.from(associatedData, "utf8"));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("sealed value does not open: altered, or sealed for another record");
  }
}
