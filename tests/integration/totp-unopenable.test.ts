/**
 * A two-step secret the server cannot open (issue 49, point 7) is the operator's problem, not the staff member's: the
 * sign-in answers that codes cannot be checked now and counts nothing towards the lockout, the audit trail and the log
 * say so, readiness names how many do not open, and the start-up check warns with what to do. A correctly sealed
 * secret still signs in and a wrong code still counts. On PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { GET as ready } from "@/app/api/health/ready/route";
import { sha256Hex } from "@/lib/crypto/hash";
import { hashPassword } from "@/lib/auth/password";
import { normalizeRecoveryCode } from "@/lib/auth/recovery-codes";
import { verifyCodeStep, verifyPasswordStep } from "@/lib/auth/sign-in";
import { currentTotp, newTotpSecret } from "@/lib/auth/totp";
import { sealTotpSecret, totpKeyRing } from "@/lib/auth/totp-secrets";
import { prisma } from "@/lib/db";

const PASSWORD = "Operator-Problem-7";
let counter = 0;
const request = () => ({ ip: `192.0.2.${++counter % 250}`, userAgent: "vitest" });
const epochOf = (d: Date) => Math.floor(d.getTime() / 1000);
/** A ring with a key this server was never given: what a database sealed elsewhere holds. */
const foreignRing = () => totpKeyRing({ TOTP_ENCRYPTION_KEY: randomBytes(32).toString("base64") });

/** Staff members created here whose secret does not open: what readiness must count. */
let unopenable = 0;

async function makeUser(sealedElsewhere: boolean) {
  // A staff id as the app makes them (a cuid, which the log keeps readable; a UUID would be masked as an opaque token).
  const id = `c${randomBytes(12).toString("hex")}`;
  const secret = newTotpSecret();
  const phone = `+88017${String(Date.now() % 1e6).padStart(6, "0")}${String(++counter % 100).padStart(2, "0")}`;
  await prisma.staffUser.create({
    data: {
      id,
      name: "Key Tester",
      phone,
      passwordHash: await hashPassword(PASSWORD),
      role: "loan_officer",
      twoFactorEnabled: true,
      twoFactorSecret: sealTotpSecret(secret, id, sealedElsewhere ? foreignRing() : totpKeyRing()),
    },
  });
  if (sealedElsewhere) unopenable++;
  return { id, secret, phone };
}

async function passwordStep(phone: string, now: Date): Promise<string> {
  const first = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now });
  if (!first.ok) throw new Error(`password step failed: ${first.error}`);
  return first.challengeToken;
}

const failures = async (id: string) => prisma.staffUser.findUniqueOrThrow({ where: { id }, select: { failedSignInCount: true, lockedUntil: true } });

async function readiness() {
  const response = await ready();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { checks: Record<string, string> } };
}

function captureLog() {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return true;
  });
  return { spy, entries: () => lines.flatMap((l) => l.split("\n")).filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>), text: () => lines.join("") };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("a correctly sealed secret", () => {
  it("still signs in", async () => {
    const user = await makeUser(false);
    const now = new Date();
    const token = await passwordStep(user.phone, now);
    expect(await verifyCodeStep(token, { code: await currentTotp(user.secret, epochOf(now)) }, request(), { now })).toMatchObject({ ok: true });
  });

  it("a wrong code still counts towards the lockout", async () => {
    const user = await makeUser(false);
    const now = new Date();
    const token = await passwordStep(user.phone, now);
    expect(await verifyCodeStep(token, { code: "000000" }, request(), { now })).toEqual({ ok: false, error: "invalidCode" });
    expect((await failures(user.id)).failedSignInCount).toBe(1);
    expect(await prisma.auditLog.count({ where: { entityId: user.id, action: "auth.code_failed" } })).toBe(1);
  });

  it("readiness: ready, every secret opens", async () => {
    expect(await readiness()).toMatchObject({ status: 200, body: { status: "ready", checks: { database: "ok", twoStepSecrets: "ok" } } });
  });
});

describe("a secret sealed under another key", () => {
  it("answers that codes cannot be checked now, counts nothing, and audits and logs it for the operator", async () => {
    const user = await makeUser(true);
    const now = new Date();
    const token = await passwordStep(user.phone, now);
    const code = await currentTotp(user.secret, epochOf(now));
    const log = captureLog();
    // More tries than the lockout allows, the right code and a wrong one: none of them is the staff member's fault.
    for (const attempt of [code, "000000", code, "123456", code, code]) {
      expect(await verifyCodeStep(token, { code: attempt }, request(), { now })).toEqual({ ok: false, error: "codesUnavailable" });
    }
    log.spy.mockRestore();
    expect(await failures(user.id)).toEqual({ failedSignInCount: 0, lockedUntil: null });
    expect(await prisma.auditLog.count({ where: { entityId: user.id, action: "auth.code_failed" } })).toBe(0);
    const audits = await prisma.auditLog.findMany({ where: { entityId: user.id, action: "auth.code_unverifiable" } });
    expect(audits).toHaveLength(6);
    expect(audits[0]!.after).toMatchObject({ configuredKeyIds: [totpKeyRing().current.id] });

    const errors = log.entries().filter((e) => e.level === "error" && e.area === "auth");
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors[0]).toMatchObject({ staffUserId: user.id });
    expect(String(errors[0]!.msg)).toMatch(/TOTP_ENCRYPTION_KEY/);
    const stored = (await prisma.staffUser.findUniqueOrThrow({ where: { id: user.id } })).twoFactorSecret!;
    expect(log.text()).not.toContain(user.secret);
    expect(log.text()).not.toContain(stored.split(".")[3]);

    // The pending step is not spent: once the operator fixes the key, the same step goes on.
    expect(await prisma.staffSignInChallenge.count({ where: { staffUserId: user.id, usedAt: null } })).toBe(1);
  });

  it("still takes a recovery code (no secret needed)", async () => {
    const user = await makeUser(true);
    const recovery = "abcde-fghjk";
    await prisma.staffRecoveryCode.create({ data: { staffUserId: user.id, codeHash: sha256Hex(normalizeRecoveryCode(recovery)!) } });
    const now = new Date();
    const token = await passwordStep(user.phone, now);
    expect(await verifyCodeStep(token, { code: recovery, recovery: true }, request(), { now })).toMatchObject({ ok: true });
  });

  it("readiness names how many do not open: degraded, still taking traffic; the log names the new count once", async () => {
    const log = captureLog();
    const { status, body } = await readiness();
    expect(await readiness()).toEqual({ status, body });
    log.spy.mockRestore();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "degraded", checks: { database: "ok", migrations: "ok", twoStepSecrets: "unopenable" }, unopenableTwoStepSecrets: unopenable });
    expect(log.entries().filter((e) => e.level === "warn" && e.area === "auth")).toMatchObject([{ unopenable }]);
  });

  it("the start-up check warns with the count and what to do; nothing when the key is the one that sealed them", async () => {
    const { checkTotpSecretsAtStart } = await import("@/lib/auth/totp-health");
    const log = captureLog();
    await checkTotpSecretsAtStart();
    log.spy.mockRestore();
    const warning = log.entries().find((e) => e.level === "warn" && e.area === "auth");
    expect(warning).toMatchObject({ unopenable: unopenable });
    expect(String(warning!.msg)).toMatch(new RegExp(`^${unopenable} of \\d+ staff two-step`));
    expect(String(warning!.msg)).toMatch(/TOTP_ENCRYPTION_KEY/);
    expect(String(warning!.msg)).toMatch(/seed/);
  });
});

describe("a demo database and the server's key", () => {
  it("seeded and served without a key (npm run dev on a fresh clone): no warning; served with another key: the warning", async () => {
    await prisma.$executeRaw`UPDATE "StaffUser" SET "twoFactorSecret" = NULL`;
    const { seedDemo } = await import("@/prisma/seed");
    const { DEMO_STAFF } = await import("@/lib/seed/staff");
    const { checkTotpSecretsAtStart } = await import("@/lib/auth/totp-health");
    vi.stubEnv("TOTP_ENCRYPTION_KEY", "");
    await seedDemo(prisma);

    let log = captureLog();
    await checkTotpSecretsAtStart();
    log.spy.mockRestore();
    expect(log.entries().filter((e) => e.level === "warn" || e.level === "error")).toEqual([]);

    vi.stubEnv("TOTP_ENCRYPTION_KEY", randomBytes(32).toString("base64"));
    log = captureLog();
    await checkTotpSecretsAtStart();
    log.spy.mockRestore();
    const warning = log.entries().find((e) => e.level === "warn" && e.area === "auth");
    expect(warning).toMatchObject({ unopenable: DEMO_STAFF.length, total: DEMO_STAFF.length });
    expect(String(warning!.msg)).toMatch(/development key/);
  });
});
