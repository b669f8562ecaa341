import { createHash } from "node:crypto";
import { open, parseSecretKey, seal, secretKey, type KeyRing } from "../crypto/secret-box";

/**
 * Two-step sign-in secrets are stored sealed (AES-256-GCM, lib/crypto/secret-box.ts) under
 * TOTP_ENCRYPTION_KEY, bound to their staff member: a database dump or a backup alone yields no codes.
 * Development and tests without the variable use a key derived from a fixed string (production requires one).
 */

const DEVELOPMENT_KEY_SOURCE = "rinbondhu-development-only-totp-key-not-for-production";

/** The key used without TOTP_ENCRYPTION_KEY (development and tests only; production refuses to start without one). */
function developmentKey(): Buffer {
  return createHash("sha256").update(DEVELOPMENT_KEY_SOURCE).digest();
}

/** Whether a key id (lib/crypto/secret-box.ts sealedKeyId) is the development key's: something sealed without TOTP_ENCRYPTION_KEY. */
export function isDevelopmentTotpKeyId(keyId: string | null): boolean {
  return keyId !== null && keyId === secretKey(developmentKey()).id;
}

/**
 * The ring from the environment (checked at start-up by lib/env.ts; read directly so the seed and scripts need
 * no full configuration): the current key seals, the previous ones (a rotation under way) still open.
 */
export function totpKeyRing(source: Record<string, string | undefined> = process.env): KeyRing {
  if (!source.TOTP_ENCRYPTION_KEY && source.NODE_ENV === "production") throw new Error("TOTP_ENCRYPTION_KEY is required in production");
  const current = source.TOTP_ENCRYPTION_KEY
    ? parseSecretKey(source.TOTP_ENCRYPTION_KEY)
    : developmentKey();
  if (!current) throw new Error("TOTP_ENCRYPTION_KEY is not a 32-byte key");
  const previous = (source.TOTP_ENCRYPTION_KEY_PREVIOUS ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => parseSecretKey(k))
    .filter((k): k is Buffer => k !== null);
  return { current: secretKey(current), previous: previous.map(secretKey) };
}

const ownerOf = (staffUserId: string) => `totp:${staffUserId}`;

export function sealTotpSecret(secret: string, staffUserId: string, ring: KeyRing = totpKeyRing()): string {
  return seal(ring, secret, ownerOf(staffUserId));
}

/** The base32 secret; throws when the stored value was altered, belongs to another user or its key is missing. */
export function openTotpSecret(stored: string, staffUserId: string, ring: KeyRing = totpKeyRing()): string {
  return open(ring, stored, ownerOf(staffUserId));
}
