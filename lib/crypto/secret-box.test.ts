import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isSealed, open, parseSecretKey, seal, sealedKeyId, SecretBoxError, secretKey, type KeyRing } from "./secret-box";

const ring = (current: Buffer, ...previous: Buffer[]): KeyRing => ({ current: secretKey(current), previous: previous.map(secretKey) });

describe("secret box (AES-256-GCM)", () => {
  const key = randomBytes(32);

  it("opens what it sealed, with a fresh IV each time and no plain text in the sealed value", () => {
    const a = seal(ring(key), "JBSWY3DPEHPK3PXP", "totp:user-1");
    const b = seal(ring(key), "JBSWY3DPEHPK3PXP", "totp:user-1");
    expect(a).not.toBe(b);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(isSealed(a)).toBe(true);
    expect(sealedKeyId(a)).toBe(secretKey(key).id);
    expect(open(ring(key), a, "totp:user-1")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses another owner, another key, and any altered byte", () => {
    const sealed = seal(ring(key), "secret", "totp:user-1");
    expect(() => open(ring(key), sealed, "totp:user-2")).toThrow(SecretBoxError);
    expect(() => open(ring(randomBytes(32)), sealed, "totp:user-1")).toThrow(/not configured/);
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(() => open(ring(key), [...parts.slice(0, 3), body.toString("base64url")].join("."), "totp:user-1")).toThrow(/does not open/);
    expect(() => open(ring(key), "JBSWY3DPEHPK3PXP", "totp:user-1")).toThrow(/not a sealed value/);
  });

  it("opens with a previous key during a rotation and seals with the current one", () => {
    const oldKey = randomBytes(32);
    const sealedOld = seal(ring(oldKey), "secret", "o");
    const rotating = ring(key, oldKey);
    expect(open(rotating, sealedOld, "o")).toBe("secret");
    expect(sealedKeyId(seal(rotating, "secret", "o"))).toBe(secretKey(key).id);
  });

  it("reads keys as 64 hex digits or base64 of 32 bytes, nothing else", () => {
    const bytes = randomBytes(32);
    expect(parseSecretKey(bytes.toString("hex"))).toEqual(bytes);
    expect(parseSecretKey(bytes.toString("base64"))).toEqual(bytes);
    expect(parseSecretKey(bytes.toString("base64url"))).toEqual(bytes);
    expect(parseSecretKey(randomBytes(16).toString("base64"))).toBeNull();
    expect(parseSecretKey("correct horse battery staple")).toBeNull();
    expect(() => secretKey(randomBytes(16))).toThrow();
  });
});
