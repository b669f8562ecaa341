import "server-only";
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { writeAudit } from "@/lib/audit/service";
import { randomToken, sha256Hex } from "@/lib/crypto/hash";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import type { Language, Prisma } from "@/lib/generated/prisma/client";
import { queueAfterResponse } from "@/lib/outbox/service";
import { BORROWER_CODE_ADDRESS_LIMIT, BORROWER_IDENTITY_PHONE_LIMIT, BORROWER_VERIFY_ADDRESS_LIMIT } from "@/lib/rate-limit/rules";
import { consumeRateLimit } from "@/lib/rate-limit/service";
import type { RequestContext } from "@/lib/request";
import { isoDateOf } from "@/lib/validation/fields";
import {
  BORROWER_DEVICE_TTL_MS,
  CODE_MAX_FAILURES,
  CODE_QUOTA_WINDOW_MS,
  CODE_RESEND_INTERVAL_MS,
  CODES_PER_NUMBER_AND_ADDRESS_PER_HOUR,
  CODES_PER_NUMBER_PER_HOUR,
  CODES_PER_NUMBER_PER_HOUR_CAP,
  CODES_PER_REMEMBERED_DEVICE_PER_HOUR,
  CODE_TTL_MS,
  IDENTITY_MAX_FAILURES,
  IDENTITY_STEP_TTL_MS,
} from "./limits";
import { createBorrowerSession } from "./session";

/**
 * Borrower sign-in (issue 24): a mobile number, a one-time code by SMS and, on a device not seen before, the last
 * four digits of the NID or the date of birth on record (Bangladeshi numbers are reassigned: the number alone does
 * not prove who holds it). Every step is one transaction that checks the state it expects, and is audited.
 */

export type RequestCodeResult =
  | { ok: true; challengeToken: string }
  | { ok: false; error: "tooSoon"; retryAfterSeconds: number; codeOnThisDevice: boolean }
  | { ok: false; error: "rateLimited" };
export type VerifyCodeResult =
  | { ok: true; step: "done"; sessionToken: string }
  | { ok: true; step: "identity"; identityToken: string }
  | { ok: false; error: "invalidCode" | "expired" | "locked" | "rateLimited" };

export type VerifyIdentityResult =
  | { ok: true; sessionToken: string; deviceToken: string }
  | { ok: false; error: "identityMismatch" | "expired" | "locked" | "rateLimited" };

const BORROWER_ACTOR = { id: null, label: "borrower" };

/** The stored form of a code: keyed by the server's secret and the row, so equal codes never hash alike. */
function codeHash(rowId: string, code: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`borrower-code:${rowId}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether an application or a customer has this number: the people a code may be sent to. */
async function isKnownNumber(db: Prisma.TransactionClient, phone: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ known: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "LoanApplication" WHERE "phone" = ${phone})
        OR EXISTS (SELECT 1 FROM "Customer" WHERE "phone" = ${phone}) AS "known"`;
  return rows[0]?.known === true;
}

/** Codes issued in the last hour: to the number outside remembered devices, to this address for it, to this device. */
async function codesIssued(tx: Prisma.TransactionClient, phone: string, ip: string, deviceId: string | null, now: Date) {
  const since = new Date(now.getTime() - CODE_QUOTA_WINDOW_MS);
  const rows = await tx.$queryRaw<{ number: number; address: number; device: number }[]>`
    SELECT count(*) FILTER (WHERE "deviceId" IS NULL)::int AS "number",
           count(*) FILTER (WHERE "deviceId" IS NULL AND "ip" = ${ip})::int AS "address",
           count(*) FILTER (WHERE "deviceId" = ${deviceId})::int AS "device"
    FROM "BorrowerSignInCode" WHERE "phone" = ${phone} AND "createdAt" > ${since}`;
  return rows[0] ?? { number: 0, address: 0, device: 0 };
}

/** Whether the quotas of the hour leave this request a code (the rules are in limits.ts). */
function withinQuota(issued: { number: number; address: number; device: number }, remembered: boolean): boolean {
  if (remembered) return issued.device < CODES_PER_REMEMBERED_DEVICE_PER_HOUR;
  if (issued.address === 0) return issued.number < CODES_PER_NUMBER_PER_HOUR_CAP;
  return issued.address < CODES_PER_NUMBER_AND_ADDRESS_PER_HOUR && issued.number < CODES_PER_NUMBER_PER_HOUR;
}

/** Whether the challenge cookie names a code of this number that can still be used (the code step has one to take). */
async function hasLiveChallenge(tx: Prisma.TransactionClient, phone: string, challengeToken: string | null, now: Date): Promise<boolean> {
  if (!challengeToken) return false;
  const live = await tx.borrowerSignInCode.count({ where: { phone, challengeHash: sha256Hex(challengeToken), usedAt: null, expiresAt: { gt: now } } });
  return live > 0;
}

/**
 * Step 1. The same work and the same answer for every number: a code row is written either way, and only for a known
 * number is the SMS queued, after the response (so a known number's answer takes no longer). The address limit is
 * checked first and a request it refuses counts nowhere else; the number's quotas count codes issued, never refused
 * requests. One code a minute per lane (an address's, or a remembered device's), held by a lock on the number so two
 * requests at once cannot both pass. The code belongs to the device's challenge (a cookie): another device's wrong
 * tries cannot lock it, and a new request replaces only this device's earlier code.
 */
export async function requestSignInCode(
  phone: string,
  language: Language,
  request: RequestContext,
  cookies: { challengeToken: string | null; deviceToken: string | null } = { challengeToken: null, deviceToken: null },
  now = new Date(),
): Promise<RequestCodeResult> {
  if (!(await consumeRateLimit(BORROWER_CODE_ADDRESS_LIMIT, request.ip, { now })).allowed) return { ok: false, error: "rateLimited" };

  const result = await prisma.$transaction(async (tx): Promise<RequestCodeResult & { known?: boolean; id?: string; code?: string }> => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`borrower-code:${phone}`}, 0))`;
    const device = await rememberedDevice(tx, cookies.deviceToken, phone, now);
    const deviceId = device?.id ?? null;
    // The lane a request waits in: a remembered device's own, or this address's for the number (a stranger elsewhere
    // never makes the borrower wait).
    const lane = deviceId ? { phone, deviceId } : { phone, deviceId: null, ip: request.ip };
    const latest = await tx.borrowerSignInCode.findFirst({ where: lane, orderBy: { createdAt: "desc" }, select: { createdAt: true } });
    const wait = latest ? latest.createdAt.getTime() + CODE_RESEND_INTERVAL_MS - now.getTime() : 0;
    if (wait > 0) {
      // The code step opens only on a device holding a code it can use; any other waits on the number step.
      return { ok: false, error: "tooSoon", retryAfterSeconds: Math.ceil(wait / 1000), codeOnThisDevice: await hasLiveChallenge(tx, phone, cookies.challengeToken, now) };
    }
    if (!withinQuota(await codesIssued(tx, phone, request.ip, deviceId, now), deviceId !== null)) return { ok: false, error: "rateLimited" };

    const known = await isKnownNumber(tx, phone);
    const id = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const challengeToken = randomToken();
    if (cookies.challengeToken) {
      // This device's earlier code, if still open, is replaced; other devices' codes are theirs.
      await tx.borrowerSignInCode.updateMany({
        where: { phone, challengeHash: sha256Hex(cookies.challengeToken), usedAt: null, expiresAt: { gt: now } },
        data: { expiresAt: now },
      });
    }
    await tx.borrowerSignInCode.create({
      data: {
        id,
        phone,
        codeHash: codeHash(id, code),
        known,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        ip: request.ip,
        challengeHash: sha256Hex(challengeToken),
        deviceId,
      },
    });
    await writeAudit(tx, { actor: BORROWER_ACTOR, action: "borrower.code_request", entityType: "BorrowerSignInCode", entityId: id, after: { known }, ip: request.ip, userAgent: request.userAgent });
    return { ok: true, challengeToken, known, id, code };
  });
  if (!result.ok) return result;
  if (result.known) {
    queueAfterResponse({
      channel: "sms",
      recipient: phone,
      language,
      template: "borrower.sign-in-code",
      values: { code: result.code!, minutes: CODE_TTL_MS / 60_000 },
      entityType: "BorrowerSignInCode",
      entityId: result.id,
    });
  }
  return { ok: true, challengeToken: result.challengeToken };
}

type CodeRow = { id: string; codeHash: string; known: boolean; expiresAt: Date; failedAttempts: number; usedAt: Date | null };

/**
 * The newest code this device's challenge asked for, locked for this transaction (two uses of one code wait for each
 * other: one wins). Without the challenge there is none: a stranger's tries land on no one's code.
 */
async function lockChallengedCode(tx: Prisma.TransactionClient, phone: string, challengeToken: string | null): Promise<CodeRow | null> {
  if (!challengeToken) return null;
  const rows = await tx.$queryRaw<CodeRow[]>`
    SELECT "id", "codeHash", "known", "expiresAt", "failedAttempts", "usedAt" FROM "BorrowerSignInCode"
    WHERE "phone" = ${phone} AND "challengeHash" = ${sha256Hex(challengeToken)} ORDER BY "createdAt" DESC LIMIT 1 FOR UPDATE`;
  return rows[0] ?? null;
}

/** A device that passed the NID or date-of-birth step for this number, if the cookie names one still good. */
async function rememberedDevice(tx: Prisma.TransactionClient, deviceToken: string | null, phone: string, now: Date) {
  if (!deviceToken) return null;
  const device = await tx.borrowerDevice.findUnique({ where: { tokenHash: sha256Hex(deviceToken) }, select: { id: true, phone: true, nid: true, expiresAt: true, revokedAt: true } });
  return device && device.phone === phone && !device.revokedAt && device.expiresAt > now ? device : null;
}

/**
 * Step 2: the code. Works once, for 5 minutes, and 5 wrong tries lock it. On a remembered device it ends in a session;
 * otherwise it opens the NID or date-of-birth step.
 */
export async function verifySignInCode(
  input: { phone: string; code: string },
  cookies: { challengeToken: string | null; deviceToken: string | null },
  request: RequestContext,
  now = new Date(),
): Promise<VerifyCodeResult> {
  if (!(await consumeRateLimit(BORROWER_VERIFY_ADDRESS_LIMIT, request.ip, { now })).allowed) return { ok: false, error: "rateLimited" };
  const { deviceToken } = cookies;
  return prisma.$transaction(async (tx): Promise<VerifyCodeResult> => {
    const row = await lockChallengedCode(tx, input.phone, cookies.challengeToken);
    if (!row || row.usedAt || row.expiresAt <= now) return { ok: false, error: "expired" };
    if (row.failedAttempts >= CODE_MAX_FAILURES) return { ok: false, error: "locked" };
    if (!row.known || !sameHash(row.codeHash, codeHash(row.id, input.code))) {
      const failures = row.failedAttempts + 1;
      await tx.borrowerSignInCode.update({ where: { id: row.id }, data: { failedAttempts: failures } });
      return { ok: false, error: failures >= CODE_MAX_FAILURES ? "locked" : "invalidCode" };
    }

    const device = await rememberedDevice(tx, deviceToken, input.phone, now);
    if (device) {
      await tx.borrowerSignInCode.update({ where: { id: row.id }, data: { usedAt: now, completedAt: now } });
      await tx.borrowerDevice.update({ where: { id: device.id }, data: { lastUsedAt: now } });
      const sessionToken = await createBorrowerSession(tx, { phone: input.phone, nid: device.nid, deviceId: device.id }, request, now);
      await writeAudit(tx, { actor: BORROWER_ACTOR, action: "borrower.sign_in", entityType: "BorrowerSignInCode", entityId: row.id, after: { device: "remembered" }, ip: request.ip, userAgent: request.userAgent });
      return { ok: true, step: "done", sessionToken };
    }
    const identityToken = randomToken();
    await tx.borrowerSignInCode.update({ where: { id: row.id }, data: { usedAt: now, identityTokenHash: sha256Hex(identityToken) } });
    return { ok: true, step: "identity", identityToken };
  });
}

/** Who, among the records under this number, the answer points at: the NIDs every given answer matches. */
async function matchingNids(tx: Prisma.TransactionClient, phone: string, answer: { nidLast4: string | null; dateOfBirth: string | null }): Promise<Set<string>> {
  const [applications, customers] = await Promise.all([
    tx.loanApplication.findMany({ where: { phone }, select: { nid: true, dob: true }, distinct: ["nid"] }),
    tx.customer.findMany({ where: { phone }, select: { nid: true, dateOfBirth: true } }),
  ]);
  const people = [...applications.map((a) => ({ nid: a.nid, dob: a.dob })), ...customers.map((c) => ({ nid: c.nid, dob: c.dateOfBirth }))];
  const matches = people.filter(
    (p) =>
      (answer.nidLast4 === null || p.nid.endsWith(answer.nidLast4)) &&
      (answer.dateOfBirth === null || (p.dob !== null && isoDateOf(p.dob) === answer.dateOfBirth)),
  );
  return new Set(matches.map((p) => p.nid));
}

/**
 * Step 3, on a device not seen before: the last four digits of the NID or the date of birth on record. The answer must
 * point at exactly one person under the number; that NID is what the session (and the device, remembered) may see.
 */
export async function verifyIdentity(
  identityToken: string | null,
  answer: { nidLast4: string | null; dateOfBirth: string | null },
  request: RequestContext,
  now = new Date(),
): Promise<VerifyIdentityResult> {
  if (!(await consumeRateLimit(BORROWER_VERIFY_ADDRESS_LIMIT, request.ip, { now })).allowed) return { ok: false, error: "rateLimited" };
  if (!identityToken) return { ok: false, error: "expired" };
  return prisma.$transaction(async (tx): Promise<VerifyIdentityResult> => {
    const rows = await tx.$queryRaw<{ id: string; phone: string; usedAt: Date | null; completedAt: Date | null; identityFailedAttempts: number }[]>`
      SELECT "id", "phone", "usedAt", "completedAt", "identityFailedAttempts" FROM "BorrowerSignInCode"
      WHERE "identityTokenHash" = ${sha256Hex(identityToken)} FOR UPDATE`;
    const row = rows[0];
    if (!row || !row.usedAt || row.completedAt || row.usedAt.getTime() + IDENTITY_STEP_TTL_MS <= now.getTime()) return { ok: false, error: "expired" };
    if (row.identityFailedAttempts >= IDENTITY_MAX_FAILURES) return { ok: false, error: "locked" };
    if (!(await consumeRateLimit(BORROWER_IDENTITY_PHONE_LIMIT, row.phone, { now })).allowed) {
      await writeAudit(tx, { actor: BORROWER_ACTOR, action: "borrower.identity_limit", entityType: "BorrowerSignInCode", entityId: row.id, ip: request.ip, userAgent: request.userAgent });
      return { ok: false, error: "rateLimited" };
    }

    const nids = await matchingNids(tx, row.phone, answer);
    if (nids.size !== 1) {
      const failures = row.identityFailedAttempts + 1;
      await tx.borrowerSignInCode.update({ where: { id: row.id }, data: { identityFailedAttempts: failures } });
      await writeAudit(tx, { actor: BORROWER_ACTOR, action: "borrower.identity_mismatch", entityType: "BorrowerSignInCode", entityId: row.id, after: { failures }, ip: request.ip, userAgent: request.userAgent });
      return { ok: false, error: failures >= IDENTITY_MAX_FAILURES ? "locked" : "identityMismatch" };
    }
    const [nid] = [...nids] as [string];
    const deviceToken = randomToken();
    const device = await tx.borrowerDevice.create({
      data: { tokenHash: sha256Hex(deviceToken), phone: row.phone, nid, createdAt: now, lastUsedAt: now, expiresAt: new Date(now.getTime() + BORROWER_DEVICE_TTL_MS) },
      select: { id: true },
    });
    await tx.borrowerSignInCode.update({ where: { id: row.id }, data: { completedAt: now } });
    const sessionToken = await createBorrowerSession(tx, { phone: row.phone, nid, deviceId: device.id }, request, now);
    await writeAudit(tx, { actor: BORROWER_ACTOR, action: "borrower.sign_in", entityType: "BorrowerSignInCode", entityId: row.id, after: { device: "new" }, ip: request.ip, userAgent: request.userAgent });
    return { ok: true, sessionToken, deviceToken };
  });
}
