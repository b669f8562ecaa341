/**
 * Two-step secrets at rest: sealed (AES-256-GCM) under TOTP_ENCRYPTION_KEY and bound to their staff member; a
 * database from before sealing is sealed by the migration step; a key rotation re-seals everything, and a
 * rotation that cannot open a value changes nothing. Sign-in works before and after, on PostgreSQL.
 */
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { hashPassword } from "@/lib/auth/password";
import { verifyCodeStep, verifyPasswordStep } from "@/lib/auth/sign-in";
import { currentTotp, newTotpSecret } from "@/lib/auth/totp";
import { openTotpSecret, totpKeyRing } from "@/lib/auth/totp-secrets";
import { sealedKeyId } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db";
import { rotateTotpKey, sealPlainTotpSecrets } from "../../scripts/db/totp-secrets";

const PASSWORD = "Correct-Horse-9";
const url = () => process.env.DATABASE_URL!;
let counter = 0;
const request = () => ({ ip: `203.0.113.${++counter % 250}`, userAgent: "vitest" });
const newKey = () => randomBytes(32).toString("base64");

/** A user written as a database from before sealing has it: the base32 secret in plain text. */
async function plainUser() {
  const id = randomUUID();
  const secret = newTotpSecret();
  const phone = `+88018${String(Date.now() % 1e6).padStart(6, "0")}${String(++counter % 100).padStart(2, "0")}`;
  const client = new pg.Client({ connectionString: url() });
  await client.connect();
  await client.query(
    `INSERT INTO "StaffUser" ("id", "name", "phone", "passwordHash", "role", "twoFactorEnabled", "twoFactorSecret", "updatedAt")
     VALUES ($1, 'Plain Secret', $2, $3, 'loan_officer', true, $4, now())`,
    [id, phone, await hashPassword(PASSWORD), secret],
  );
  await client.end();
  return { id, secret, phone };
}

async function signsIn(phone: string, secret: string, at: Date): Promise<boolean> {
  const first = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now: at });
  if (!first.ok) return false;
  const code = await currentTotp(secret, Math.floor(at.getTime() / 1000));
  return (await verifyCodeStep(first.challengeToken, { code }, request(), { now: at })).ok;
}

const storedSecret = async (id: string) => (await prisma.staffUser.findUniqueOrThrow({ where: { id } })).twoFactorSecret!;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("two-step secrets at rest", () => {
  it("seals plain secrets left from before, once, with an audit row, and sign-in goes on working", async () => {
    const user = await plainUser();
    expect(await sealPlainTotpSecrets(url())).toBeGreaterThanOrEqual(1);
    const stored = await storedSecret(user.id);
    expect(stored).not.toContain(user.secret);
    expect(sealedKeyId(stored)).toBe(totpKeyRing().current.id);
    expect(openTotpSecret(stored, user.id)).toBe(user.secret);
    expect(await sealPlainTotpSecrets(url())).toBe(0);
    expect(await storedSecret(user.id)).toBe(stored);
    expect(await prisma.auditLog.count({ where: { action: "auth.totp_secrets_sealed" } })).toBeGreaterThanOrEqual(1);
    expect(await signsIn(user.phone, user.secret, new Date())).toBe(true);
  });

  it("binds a sealed secret to its user: copied onto another user's row it does not open", async () => {
    const a = await plainUser();
    const b = await plainUser();
    await sealPlainTotpSecrets(url());
    expect(() => openTotpSecret(b.secret, b.id)).toThrow(/not a sealed value/);
    const sealedForA = await storedSecret(a.id);
    expect(() => openTotpSecret(sealedForA, b.id)).toThrow(/does not open/);
  });

  it("rotates the key: everything re-sealed under the new key, the old key no longer needed; nothing changes without it", async () => {
    const user = await plainUser();
    await sealPlainTotpSecrets(url());
    const before = await storedSecret(user.id);
    const oldRing = totpKeyRing();
    const replacement = newKey();

    // The new key alone cannot open what the old one sealed: the rotation refuses and changes nothing.
    vi.stubEnv("TOTP_ENCRYPTION_KEY", replacement);
    await expect(rotateTotpKey(url())).rejects.toThrow(/not configured/);
    expect(await storedSecret(user.id)).toBe(before);

    // With the old key as the previous one, every secret moves to the new key.
    const oldKey = oldRing.current.key.toString("base64");
    vi.stubEnv("TOTP_ENCRYPTION_KEY_PREVIOUS", oldKey);
    expect(await rotateTotpKey(url())).toBeGreaterThanOrEqual(1);
    const after = await storedSecret(user.id);
    expect(sealedKeyId(after)).toBe(totpKeyRing().current.id);
    expect(sealedKeyId(after)).not.toBe(oldRing.current.id);
    expect(await prisma.auditLog.count({ where: { action: "auth.totp_key_rotated" } })).toBe(1);

    // The old key can go: sign-in works with the new key alone.
    vi.stubEnv("TOTP_ENCRYPTION_KEY_PREVIOUS", "");
    expect(await signsIn(user.phone, user.secret, new Date(Date.now() + 60_000))).toBe(true);
  });
});
