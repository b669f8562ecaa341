import { createHash, randomBytes } from "node:crypto";

/** Lowercase hex SHA-256 of text (UTF-8) or bytes: document fingerprints, stored token hashes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** A random URL-safe token (256 bits by default) for cookies and one-time links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
