import "server-only";
import { writeAudit } from "@/lib/audit/service";
import { randomToken, sha256Hex } from "@/lib/crypto/hash";
import { prisma } from "@/lib/db";
import type { Prisma, StaffRole } from "@/lib/generated/prisma/client";
import { STAFF_SIGN_IN_LIMIT } from "@/lib/rate-limit/rules";
import { consumeRateLimit } from "@/lib/rate-limit/service";
import type { RequestContext } from "@/lib/request";
import { normalizeBdMobile } from "@/lib/validation/bd";
import { checkPassword, hashPassword, spendVerificationTime } from "./password";
import { generateRecoveryCodes, normalizeRecoveryCode } from "./recovery-codes";
import { createStaffSession } from "./session";
import type { CodeStepInput, PasswordStepInput } from "./sign-in-schemas";
import { checkTotp, newTotpSecret, normalizeTotpCode, totpQrSvg, totpUri } from "./totp";
import { openTotpSecret, sealTotpSecret, totpKeyRing } from "./totp-secrets";
import { forgetTotpSecretHealth } from "./totp-health";
import { sealedKeyId } from "@/lib/crypto/secret-box";
import { log } from "@/lib/ops/logger";

/** The pending second step lives 5 minutes and is used once. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Five consecutive failures (password or code) lock the account for 15 minutes. */
export const MAX_CONSECUTIVE_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;

/**
 * "codesUnavailable": the stored two-step secret does not open under the server's key (an operator's problem, not the
 * person's): no code can be checked now, and the try is not counted towards the lockout.
 */
export type SignInError = "invalidCredentials" | "invalidCode" | "codesUnavailable" | "locked" | "rateLimited" | "expired";
export type SignInFailure = { ok: false; error: SignInError; lockedUntil?: string };

export type PasswordStepResult =
  | { ok: true; challengeToken: string; step: "code" }
  | { ok: true; challengeToken: string; step: "enrol"; enrolment: { secret: string; qrSvg: string } }
  | SignInFailure;

export type CodeStepResult =
  | { ok: true; sessionToken: string; role: StaffRole; recoveryCodes: string[] | null }
  | SignInFailure;

type Clock = { now?: Date };

function locked(until: Date): SignInFailure {
  return { ok: false, error: "locked", lockedUntil: until.toISOString() };
}

/**
 * Counts one failure atomically; the fifth in a row sets the lock. A lock that has run out starts the
 * count again, so a locked-out person gets five fresh tries afterwards.
 */
async function registerFailure(staffUserId: string, now: Date): Promise<Date | null> {
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  const rows = await prisma.$queryRaw<{ lockedUntil: Date | null }[]>`
    UPDATE "StaffUser" SET
      "failedSignInCount" = CASE WHEN "lockedUntil" IS NOT NULL AND "lockedUntil" <= ${now} THEN 1 ELSE "failedSignInCount" + 1 END,
      "lockedUntil" = CASE
        WHEN "lockedUntil" IS NOT NULL AND "lockedUntil" <= ${now} THEN NULL
        WHEN "failedSignInCount" + 1 >= ${MAX_CONSECUTIVE_FAILURES} THEN ${lockUntil}
        ELSE "lockedUntil" END,
      "updatedAt" = ${now}
    WHERE "id" = ${staffUserId}
    RETURNING "lockedUntil"`;
  const until = rows[0]?.lockedUntil ?? null;
  return until && until > now ? until : null;
}

/**
 * A failure for a typed number that is no active account, under the same rule as registerFailure: the fifth in a row
 * locks it for LOCK_MS from then, and a run-out lock starts the count again. Called only when it is not locked.
 */
async function registerUnknownPhoneFailure(phone: string, now: Date): Promise<Date | null> {
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  const rows = await prisma.$queryRaw<{ lockedUntil: Date | null }[]>`
    INSERT INTO "UnknownStaffPhone" ("phone", "failedSignInCount", "lockedUntil", "updatedAt")
    VALUES (${phone}, 1, NULL, ${now})
    ON CONFLICT ("phone") DO UPDATE SET
      "failedSignInCount" = CASE WHEN "UnknownStaffPhone"."lockedUntil" IS NOT NULL AND "UnknownStaffPhone"."lockedUntil" <= ${now} THEN 1
                                 ELSE "UnknownStaffPhone"."failedSignInCount" + 1 END,
      "lockedUntil" = CASE
        WHEN "UnknownStaffPhone"."lockedUntil" IS NOT NULL AND "UnknownStaffPhone"."lockedUntil" <= ${now} THEN NULL
        WHEN "UnknownStaffPhone"."failedSignInCount" + 1 >= ${MAX_CONSECUTIVE_FAILURES} THEN ${lockUntil}
        ELSE "UnknownStaffPhone"."lockedUntil" END,
      "updatedAt" = ${now}
    RETURNING "lockedUntil"`;
  const until = rows[0]?.lockedUntil ?? null;
  return until && until > now ? until : null;
}

async function auditSignIn(
  db: Prisma.TransactionClient,
  user: { id: string; name: string },
  action: string,
  request: RequestContext,
  after?: Prisma.InputJsonObject,
): Promise<void> {
  await writeAudit(db, {
    actor: { id: user.id, label: user.name },
    action,
    entityType: "StaffUser",
    entityId: user.id,
    after,
    ip: request.ip,
    userAgent: request.userAgent,
  });
}

async function withinAddressLimit(request: RequestContext, now: Date): Promise<boolean> {
  return (await consumeRateLimit(STAFF_SIGN_IN_LIMIT, request.ip, { now })).allowed;
}

/**
 * Step 1: phone and password. Never creates a session: on success it issues the single-use "second step
 * pending" token (to be kept in an HttpOnly cookie), and for a user without two-factor a new secret to
 * enrol. Unknown numbers, inactive accounts and wrong passwords get the same answer in about the same time.
 */
export async function verifyPasswordStep(input: PasswordStepInput, request: RequestContext, clock: Clock = {}): Promise<PasswordStepResult> {
  const now = clock.now ?? new Date();
  if (!(await withinAddressLimit(request, now))) return { ok: false, error: "rateLimited" };

  const phone = normalizeBdMobile(input.phone);
  const user = phone
    ? await prisma.staffUser.findUnique({
        where: { phone },
        select: { id: true, name: true, phone: true, passwordHash: true, active: true, lockedUntil: true, twoFactorEnabled: true, twoFactorSecret: true },
      })
    : null;

  if (!user || !user.active) {
    // As for an account: a locked number answers at once, with a fixed end; otherwise the password's time is spent.
    const typed = phone ?? input.phone.trim().slice(0, 100);
    const unknown = await prisma.unknownStaffPhone.findUnique({ where: { phone: typed }, select: { lockedUntil: true } });
    if (unknown?.lockedUntil && unknown.lockedUntil > now) return locked(unknown.lockedUntil);
    await spendVerificationTime(input.password);
    const lockedUntil = await registerUnknownPhoneFailure(typed, now);
    return lockedUntil ? locked(lockedUntil) : { ok: false, error: "invalidCredentials" };
  }
  if (user.lockedUntil && user.lockedUntil > now) return locked(user.lockedUntil);

  const check = await checkPassword(input.password, user.passwordHash);
  if (!check.valid) {
    const lockedUntil = await registerFailure(user.id, now);
    await auditSignIn(prisma, user, "auth.password_failed", request, { locked: lockedUntil !== null });
    return lockedUntil ? locked(lockedUntil) : { ok: false, error: "invalidCredentials" };
  }
  if (check.needsRehash) {
    // Upgrade an old (scrypt) or weaker hash now that the plain password is at hand.
    await prisma.staffUser.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(input.password) } });
  }

  const enrol = !user.twoFactorEnabled || !user.twoFactorSecret;
  const pendingSecret = enrol ? newTotpSecret() : null;
  const challengeToken = randomToken();
  await prisma.staffSignInChallenge.create({
    data: {
      staffUserId: user.id,
      tokenHash: sha256Hex(challengeToken),
      purpose: enrol ? "enrol" : "verify_code",
      pendingSecret: pendingSecret ? sealTotpSecret(pendingSecret, user.id) : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      ip: request.ip,
    },
  });
  if (!pendingSecret) return { ok: true, challengeToken, step: "code" };
  const qrSvg = await totpQrSvg(totpUri(pendingSecret, user.phone));
  return { ok: true, challengeToken, step: "enrol", enrolment: { secret: pendingSecret, qrSvg } };
}

type CodeCheck =
  | { valid: true; timeStep: number | null; recoveryCodeId: string | null }
  | { valid: false }
  /** The stored secret does not open under the configured keys: nothing typed can be checked. */
  | { valid: false; unopenable: { sealedKeyId: string | null; reason: string } };

/**
 * The base32 secret of a stored (sealed) one, or why it does not open: a missing or wrong key (or an altered value),
 * never the person's doing.
 */
function openStoredSecret(stored: string, staffUserId: string): { secret: string } | { unopenable: { sealedKeyId: string | null; reason: string } } {
  try {
    return { secret: openTotpSecret(stored, staffUserId) };
  } catch (error) {
    return { unopenable: { sealedKeyId: sealedKeyId(stored), reason: error instanceof Error ? error.message : String(error) } };
  }
}

async function checkSecondFactor(
  user: { id: string; twoFactorSecret: string | null; twoFactorLastUsedStep: number | null },
  storedSecret: string | null,
  input: CodeStepInput,
  now: Date,
): Promise<CodeCheck> {
  if (input.recovery) {
    const normalized = normalizeRecoveryCode(input.code);
    if (!normalized) return { valid: false };
    const row = await prisma.staffRecoveryCode.findUnique({
      where: { staffUserId_codeHash: { staffUserId: user.id, codeHash: sha256Hex(normalized) } },
      select: { id: true, usedAt: true },
    });
    return row && !row.usedAt ? { valid: true, timeStep: null, recoveryCodeId: row.id } : { valid: false };
  }
  if (!storedSecret) return { valid: false };
  // Opened before the code is looked at: while it does not open, whatever is typed cannot be checked.
  const opened = openStoredSecret(storedSecret, user.id);
  if ("unopenable" in opened) return { valid: false, unopenable: opened.unopenable };
  const code = normalizeTotpCode(input.code);
  if (!code) return { valid: false };
  const result = await checkTotp(opened.secret, code, user.twoFactorLastUsedStep, Math.floor(now.getTime() / 1000));
  return result.valid ? { valid: true, timeStep: result.timeStep, recoveryCodeId: null } : { valid: false };
}

/**
 * Step 2: exchanges the pending token and a code for a new session, in one transaction that also
 * marks the token used, stores the accepted time step (or spends the recovery code) under a guard, so
 * the same token or the same code cannot be used twice even by two requests at the same instant.
 * For an enrolment the confirmed secret is stored and 10 recovery codes are returned, once.
 */
export async function verifyCodeStep(
  challengeToken: string | null,
  input: CodeStepInput,
  request: RequestContext,
  clock: Clock = {},
): Promise<CodeStepResult> {
  const now = clock.now ?? new Date();
  if (!(await withinAddressLimit(request, now))) return { ok: false, error: "rateLimited" };
  if (!challengeToken) return { ok: false, error: "expired" };

  const challenge = await prisma.staffSignInChallenge.findUnique({
    where: { tokenHash: sha256Hex(challengeToken) },
    select: {
      id: true,
      purpose: true,
      pendingSecret: true,
      usedAt: true,
      expiresAt: true,
      staffUser: {
        select: { id: true, name: true, role: true, active: true, lockedUntil: true, twoFactorSecret: true, twoFactorLastUsedStep: true },
      },
    },
  });
  if (!challenge || challenge.usedAt || challenge.expiresAt <= now || !challenge.staffUser.active) return { ok: false, error: "expired" };
  const user = challenge.staffUser;
  if (user.lockedUntil && user.lockedUntil > now) return locked(user.lockedUntil);

  const enrolling = challenge.purpose === "enrol";
  // Sealed at rest for this user (lib/auth/totp-secrets.ts); a sealed pending secret becomes the user's as it is.
  const storedSecret = enrolling ? challenge.pendingSecret : user.twoFactorSecret;
  const check = await checkSecondFactor(user, storedSecret, enrolling ? { ...input, recovery: false } : input, now);
  if (!check.valid && "unopenable" in check) {
    // The operator's problem: nothing is counted, the pending step stays usable (a recovery code, or the same step once
    // the key is fixed), and the audit trail and the log (error level: someone must act) say what happened.
    const ring = totpKeyRing();
    const configuredKeyIds = [ring.current, ...ring.previous].map((k) => k.id);
    const step = enrolling ? "enrol" : "verify_code";
    await auditSignIn(prisma, user, "auth.code_unverifiable", request, {
      step,
      sealedKeyId: check.unopenable.sealedKeyId,
      configuredKeyIds,
    });
    log.error(
      { area: "auth", staffUserId: user.id, step, sealedKeyId: check.unopenable.sealedKeyId, configuredKeyIds, reason: check.unopenable.reason },
      "a staff member's two-step codes cannot be checked: the stored setup does not open under the configured TOTP_ENCRYPTION_KEY (an operator problem; the try was not counted)",
    );
    forgetTotpSecretHealth();
    return { ok: false, error: "codesUnavailable" };
  }
  if (!check.valid) {
    const lockedUntil = await registerFailure(user.id, now);
    await auditSignIn(prisma, user, "auth.code_failed", request, { locked: lockedUntil !== null });
    return lockedUntil ? locked(lockedUntil) : { ok: false, error: "invalidCode" };
  }

  const recoveryCodes = enrolling ? generateRecoveryCodes() : null;
  const outcome = await prisma.$transaction(async (tx) => {
    const consumed = await tx.staffSignInChallenge.updateMany({
      where: { id: challenge.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (consumed.count !== 1) return null;

    if (check.recoveryCodeId) {
      const spent = await tx.staffRecoveryCode.updateMany({ where: { id: check.recoveryCodeId, usedAt: null }, data: { usedAt: now } });
      if (spent.count !== 1) return null;
    } else if (check.timeStep !== null) {
      // Only a step later than the last accepted one may be stored: a replayed code loses here.
      const stepGuard: Prisma.StaffUserWhereInput = enrolling
        ? {}
        : { OR: [{ twoFactorLastUsedStep: null }, { twoFactorLastUsedStep: { lt: check.timeStep } }] };
      const stored = await tx.staffUser.updateMany({
        where: { id: user.id, ...stepGuard },
        data: {
          twoFactorLastUsedStep: check.timeStep,
          ...(enrolling ? { twoFactorSecret: challenge.pendingSecret, twoFactorEnabled: true } : {}),
        },
      });
      if (stored.count !== 1) return null;
    }
    if (recoveryCodes) {
      await tx.staffRecoveryCode.deleteMany({ where: { staffUserId: user.id } });
      await tx.staffRecoveryCode.createMany({
        data: recoveryCodes.map((code) => ({ staffUserId: user.id, codeHash: sha256Hex(normalizeRecoveryCode(code)!), createdAt: now })),
      });
    }
    await tx.staffUser.update({ where: { id: user.id }, data: { failedSignInCount: 0, lockedUntil: null, lastLoginAt: now } });
    const sessionToken = await createStaffSession(tx, user.id, request, now);
    if (enrolling) await auditSignIn(tx, user, "auth.two_factor_enrolled", request);
    await auditSignIn(tx, user, "auth.sign_in", request, { method: check.recoveryCodeId ? "recovery_code" : "totp" });
    return sessionToken;
  });
  if (!outcome) return { ok: false, error: enrolling ? "expired" : "invalidCode" };
  return { ok: true, sessionToken: outcome, role: user.role, recoveryCodes };
}

/** Back to Login: the pending token is spent so it cannot be used later. */
export async function abandonChallenge(challengeToken: string, now = new Date()): Promise<void> {
  await prisma.staffSignInChallenge.updateMany({ where: { tokenHash: sha256Hex(challengeToken), usedAt: null }, data: { usedAt: now } });
}

/** New recovery codes for a signed-in user (profile); the old ones stop working. Returned once. */
export async function regenerateRecoveryCodes(
  actor: { id: string; name: string },
  request: RequestContext,
): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await prisma.$transaction(async (tx) => {
    await tx.staffRecoveryCode.deleteMany({ where: { staffUserId: actor.id } });
    await tx.staffRecoveryCode.createMany({
      data: codes.map((code) => ({ staffUserId: actor.id, codeHash: sha256Hex(normalizeRecoveryCode(code)!) })),
    });
    await auditSignIn(tx, actor, "auth.recovery_codes_regenerated", request);
  });
  return codes;
}

/** Changes one's own password after checking the current one; every other session ends. */
export async function changeOwnPassword(
  actor: { id: string; name: string },
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
  request: RequestContext,
): Promise<"ok" | "wrongPassword"> {
  const user = await prisma.staffUser.findUniqueOrThrow({ where: { id: actor.id }, select: { passwordHash: true } });
  if (!(await checkPassword(input.currentPassword, user.passwordHash)).valid) return "wrongPassword";
  const passwordHash = await hashPassword(input.newPassword);
  await prisma.$transaction(async (tx) => {
    await tx.staffUser.update({ where: { id: actor.id }, data: { passwordHash, passwordChangedAt: new Date() } });
    await tx.staffSession.updateMany({ where: { staffUserId: actor.id, revokedAt: null, id: { not: sessionId } }, data: { revokedAt: new Date() } });
    await auditSignIn(tx, actor, "auth.password_changed", request);
  });
  return "ok";
}
