/**
 * Two-step staff sign-in against PostgreSQL: lockout, single-use codes and tokens, enrolment with
 * recovery codes, hash upgrade, and sessions that end as soon as the account or role changes.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { prisma } from "@/lib/db";
import { getStaffContext } from "@/lib/auth/guard";
import { hashPassword } from "@/lib/auth/password";
import { hashPassword as scryptHash } from "@/lib/auth/scrypt";
import { loadActiveSession, SESSION_IDLE_MS } from "@/lib/auth/session";
import { CHALLENGE_TTL_MS, LOCK_MS, verifyCodeStep, verifyPasswordStep } from "@/lib/auth/sign-in";
import { currentTotp, newTotpSecret } from "@/lib/auth/totp";
import { openTotpSecret, sealTotpSecret } from "@/lib/auth/totp-secrets";
import { setStaffActiveAction, changeStaffRoleAction } from "@/lib/staff/actions";
import { sessionState } from "../support/session-state";
import { actAs, signInAs } from "../support/staff-session";

const PASSWORD = "Correct-horse-9";
let ipCounter = 0;
/** Each test its own address, so the per-address limit does not couple tests. */
const request = () => ({ ip: `198.51.100.${++ipCounter % 250}`, userAgent: "vitest" });

async function makeUser(opts: { twoFactor?: boolean; passwordHash?: string; phone?: string } = {}) {
  const secret = newTotpSecret();
  const phone = opts.phone ?? `+88019${String(Date.now() % 1e6).padStart(6, "0")}${String(ipCounter % 100).padStart(2, "0")}`;
  const id = randomUUID();
  const user = await prisma.staffUser.create({
    data: {
      id,
      name: "Sign-in Tester",
      phone,
      passwordHash: opts.passwordHash ?? (await hashPassword(PASSWORD)),
      role: "loan_officer",
      twoFactorEnabled: opts.twoFactor ?? true,
      twoFactorSecret: opts.twoFactor === false ? null : sealTotpSecret(secret, id),
    },
  });
  return { user, secret, phone };
}

const epochOf = (d: Date) => Math.floor(d.getTime() / 1000);

async function fullSignIn(phone: string, secret: string, now: Date) {
  const first = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now });
  if (!first.ok) throw new Error(`password step failed: ${first.error}`);
  const code = await currentTotp(secret, epochOf(now));
  return { first, second: await verifyCodeStep(first.challengeToken, { code }, request(), { now }) };
}

beforeEach(() => {
  sessionState.token = null;
});
afterEach(() => vi.useRealTimers());

describe("password step", () => {
  it("never creates a session, only a pending token", async () => {
    const { phone, user } = await makeUser();
    const result = await verifyPasswordStep({ phone: phone.replace("+88", ""), password: PASSWORD }, request());
    expect(result).toMatchObject({ ok: true, step: "code" });
    expect(await prisma.staffSession.count({ where: { staffUserId: user.id } })).toBe(0);
    expect(await prisma.staffSignInChallenge.count({ where: { staffUserId: user.id, usedAt: null } })).toBe(1);
  });

  it("answers an unknown number and a wrong password alike", async () => {
    const { phone } = await makeUser();
    expect(await verifyPasswordStep({ phone: "01999999999", password: PASSWORD }, request())).toEqual({ ok: false, error: "invalidCredentials" });
    expect(await verifyPasswordStep({ phone, password: "wrong-password" }, request())).toEqual({ ok: false, error: "invalidCredentials" });
  });

  it("locks the account after 5 consecutive failures, even for the right password, for 15 minutes", async () => {
    const { phone, user } = await makeUser();
    const now = new Date();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await verifyPasswordStep({ phone, password: `wrong-${i}` }, request(), { now }));
    expect(results.slice(0, 4).every((r) => !r.ok && r.error === "invalidCredentials")).toBe(true);
    expect(results[4]).toMatchObject({ ok: false, error: "locked" });

    const right = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now: new Date(now.getTime() + 60_000) });
    expect(right).toMatchObject({ ok: false, error: "locked" });
    const row = await prisma.staffUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.lockedUntil!.getTime()).toBe(now.getTime() + LOCK_MS);

    const after = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now: new Date(now.getTime() + LOCK_MS + 1000) });
    expect(after).toMatchObject({ ok: true });
  });

  it("locks an unknown number the same way, so the lock does not reveal which numbers exist", async () => {
    const { phone } = await makeUser();
    const now = new Date();
    const at = (ms: number) => ({ now: new Date(now.getTime() + ms) });
    const tries = async (who: string, from: number) => {
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await verifyPasswordStep({ phone: who, password: "wrong" }, request(), at(from + i * 1000)));
      // Tried again during the lock, and once the lock has run out.
      results.push(await verifyPasswordStep({ phone: who, password: "wrong" }, request(), at(from + 10 * 60_000)));
      results.push(await verifyPasswordStep({ phone: who, password: "wrong" }, request(), at(from + 4000 + LOCK_MS + 1000)));
      return results;
    };
    const known = await tries(phone, 0);
    const unknown = await tries("01888000111", 0);
    // The same answers, the same fixed end of the lock (15 minutes from the fifth failure, not moved by later tries).
    expect(unknown).toEqual(known);
    expect(unknown.map((r) => (r.ok ? "ok" : r.error))).toEqual(["invalidCredentials", "invalidCredentials", "invalidCredentials", "invalidCredentials", "locked", "locked", "invalidCredentials"]);
    expect(unknown[4]).toMatchObject({ lockedUntil: new Date(now.getTime() + 4000 + LOCK_MS).toISOString() });
    expect(unknown[5]).toMatchObject({ lockedUntil: new Date(now.getTime() + 4000 + LOCK_MS).toISOString() });
  });

  it("limits attempts per client address", async () => {
    const { phone } = await makeUser();
    const address = { ip: "203.0.113.250", userAgent: "vitest" };
    const now = new Date();
    let last;
    for (let i = 0; i < 31; i++) last = await verifyPasswordStep({ phone, password: PASSWORD }, address, { now });
    expect(last).toEqual({ ok: false, error: "rateLimited" });
  });

  it("upgrades a scrypt hash from the demo seed to argon2id at the next successful sign-in", async () => {
    const { phone, user } = await makeUser({ passwordHash: await scryptHash(PASSWORD) });
    expect(await verifyPasswordStep({ phone, password: PASSWORD }, request())).toMatchObject({ ok: true });
    const row = await prisma.staffUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPasswordStep({ phone, password: PASSWORD }, request())).toMatchObject({ ok: true });
  });
});

describe("code step", () => {
  it("exchanges token and code for a session once", async () => {
    const { phone, secret, user } = await makeUser();
    const now = new Date();
    const { first, second } = await fullSignIn(phone, secret, now);
    expect(second).toMatchObject({ ok: true, role: "loan_officer", recoveryCodes: null });
    expect(await prisma.staffSession.count({ where: { staffUserId: user.id } })).toBe(1);
    if (!first.ok || !second.ok) throw new Error("unreachable");
    expect((await loadActiveSession(second.sessionToken))?.user.id).toBe(user.id);

    // The same pending token again: refused.
    const code = await currentTotp(secret, epochOf(now) + 30);
    expect(await verifyCodeStep(first.challengeToken, { code }, request(), { now: new Date(now.getTime() + 30_000) })).toEqual({ ok: false, error: "expired" });
  });

  it("refuses a code that was already used, even with a new token", async () => {
    const { phone, secret } = await makeUser();
    const now = new Date();
    const code = await currentTotp(secret, epochOf(now));
    await fullSignIn(phone, secret, now);
    const again = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now });
    if (!again.ok) throw new Error("password step failed");
    expect(await verifyCodeStep(again.challengeToken, { code }, request(), { now: new Date(now.getTime() + 1000) })).toEqual({ ok: false, error: "invalidCode" });
  });

  it("lets only one of two simultaneous uses of one code through", async () => {
    const { phone, secret } = await makeUser();
    const now = new Date();
    const a = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now });
    const b = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now });
    if (!a.ok || !b.ok) throw new Error("password step failed");
    const code = await currentTotp(secret, epochOf(now));
    const results = await Promise.all([a, b].map((c) => verifyCodeStep(c.challengeToken, { code }, request(), { now })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("refuses a pending token after 5 minutes", async () => {
    const { phone, secret } = await makeUser();
    const now = new Date();
    const first = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now });
    if (!first.ok) throw new Error("password step failed");
    const later = new Date(now.getTime() + CHALLENGE_TTL_MS + 1000);
    const code = await currentTotp(secret, epochOf(later));
    expect(await verifyCodeStep(first.challengeToken, { code }, request(), { now: later })).toEqual({ ok: false, error: "expired" });
  });

  it("accepts Bengali digits and counts wrong codes towards the lock", async () => {
    const { phone, secret, user } = await makeUser();
    const now = new Date();
    const first = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now });
    if (!first.ok) throw new Error("password step failed");
    for (let i = 0; i < 4; i++) expect(await verifyCodeStep(first.challengeToken, { code: "000000" }, request(), { now })).toEqual({ ok: false, error: "invalidCode" });
    const code = (await currentTotp(secret, epochOf(now))).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);
    expect(await verifyCodeStep(first.challengeToken, { code }, request(), { now })).toMatchObject({ ok: true });
    expect((await prisma.staffUser.findUniqueOrThrow({ where: { id: user.id } })).failedSignInCount).toBe(0);
  });
});

describe("enrolment", () => {
  it("confirms a new secret with one code and returns 10 single-use recovery codes", async () => {
    const { phone, user } = await makeUser({ twoFactor: false });
    const now = new Date();
    const first = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now });
    if (!first.ok || first.step !== "enrol") throw new Error("expected enrolment");
    expect(first.enrolment.qrSvg).toContain("<svg");
    const code = await currentTotp(first.enrolment.secret, epochOf(now));
    const second = await verifyCodeStep(first.challengeToken, { code }, request(), { now });
    if (!second.ok) throw new Error(`code step failed: ${second.error}`);
    expect(second.recoveryCodes).toHaveLength(10);
    const row = await prisma.staffUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.twoFactorEnabled).toBe(true);
    // Stored sealed, never as the base32 the authenticator app was given.
    expect(row.twoFactorSecret).not.toContain(first.enrolment.secret);
    expect(openTotpSecret(row.twoFactorSecret!, user.id)).toBe(first.enrolment.secret);

    // A recovery code signs in once.
    const later = new Date(now.getTime() + 60_000);
    const again = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now: later });
    if (!again.ok) throw new Error("password step failed");
    expect(again.step).toBe("code");
    const recovery = second.recoveryCodes![3]!.toUpperCase();
    expect(await verifyCodeStep(again.challengeToken, { code: recovery, recovery: true }, request(), { now: later })).toMatchObject({ ok: true });
    const third = await verifyPasswordStep({ phone, password: PASSWORD }, request(), { now: later });
    if (!third.ok) throw new Error("password step failed");
    expect(await verifyCodeStep(third.challengeToken, { code: recovery, recovery: true }, request(), { now: later })).toEqual({ ok: false, error: "invalidCode" });
  });
});

describe("sessions", () => {
  it("end on the next request when the user is deactivated", async () => {
    await actAs("admin");
    const { user } = await makeUser();
    const token = await signInAs(user.id);
    expect((await loadActiveSession(token))?.user.id).toBe(user.id);

    const admin = await prisma.staffUser.create({ data: { name: "Admin", phone: "+8801811000001", passwordHash: "x", role: "admin" } });
    await signInAs(admin.id);
    expect(await setStaffActiveAction({ staffUserId: user.id, active: false })).toEqual({ ok: true, data: null });
    expect(await loadActiveSession(token)).toBeNull();
  });

  it("carry the role from the database, so a role change applies at once", async () => {
    const admin = await actAs("admin");
    const { user } = await makeUser();
    const token = await signInAs(user.id);
    expect((await getStaffContext())?.user.role).toBe("loan_officer");
    await signInAs(admin.id);
    expect(await changeStaffRoleAction({ staffUserId: user.id, role: "kyc_officer" })).toEqual({ ok: true, data: null });
    expect((await loadActiveSession(token))?.user.role).toBe("kyc_officer");
  });

  it("end after 30 idle minutes", async () => {
    const { user } = await makeUser();
    const token = await signInAs(user.id);
    const now = Date.now();
    expect(await loadActiveSession(token, new Date(now + SESSION_IDLE_MS - 60_000))).not.toBeNull();
    expect(await loadActiveSession(token, new Date(now + 2 * SESSION_IDLE_MS))).toBeNull();
  });
});
