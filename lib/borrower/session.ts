import "server-only";
import { writeAudit, type AuditActor } from "@/lib/audit/service";
import { randomToken, sha256Hex } from "@/lib/crypto/hash";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { RequestContext } from "@/lib/request";
import { BORROWER_SESSION_ABSOLUTE_MS, BORROWER_SESSION_IDLE_MS } from "./limits";

/** lastSeenAt is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** A signed-in borrower: the phone and the NID the sign-in proved; the records they may see follow from both. */
export type BorrowerIdentity = { sessionId: string; phone: string; nid: string };

export async function createBorrowerSession(
  tx: Prisma.TransactionClient,
  who: { phone: string; nid: string; deviceId: string | null },
  request: RequestContext,
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  await tx.borrowerSession.create({
    data: {
      ...who,
      tokenHash: sha256Hex(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + BORROWER_SESSION_ABSOLUTE_MS),
      ip: request.ip,
      userAgent: request.userAgent?.slice(0, 512) ?? null,
    },
  });
  return token;
}

/** The session behind a cookie's token while it is good: not revoked, not past its idle or absolute limit. */
export async function loadBorrowerSession(token: string, now = new Date()): Promise<BorrowerIdentity | null> {
  const row = await prisma.borrowerSession.findUnique({
    where: { tokenHash: sha256Hex(token) },
    select: { id: true, phone: true, nid: true, expiresAt: true, revokedAt: true, lastSeenAt: true },
  });
  if (!row || row.revokedAt || row.expiresAt <= now) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > BORROWER_SESSION_IDLE_MS) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await prisma.borrowerSession.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastSeenAt: now } });
  }
  return { sessionId: row.id, phone: row.phone, nid: row.nid };
}

/** Sign out on this device. */
export async function revokeBorrowerSession(token: string, request: RequestContext, now = new Date()): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const row = await tx.borrowerSession.findUnique({ where: { tokenHash: sha256Hex(token) }, select: { id: true, revokedAt: true } });
    if (!row || row.revokedAt) return;
    const { count } = await tx.borrowerSession.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: now } });
    if (count === 1) await writeAudit(tx, { actor: { id: null, label: "borrower" }, action: "borrower.sign_out", entityType: "BorrowerSession", entityId: row.id, ip: request.ip, userAgent: request.userAgent });
  });
}

/**
 * Ends every session of a person (by NID) and forgets their devices, so the next sign-in anywhere asks the NID or
 * date-of-birth step again. Used by the borrower ("sign out everywhere") and by support on the customer screen.
 */
export async function revokeAllBorrowerSessions(
  tx: Prisma.TransactionClient,
  nid: string,
  by: { actor: AuditActor; request: RequestContext; entity: { type: string; id: string } },
  now = new Date(),
): Promise<{ sessions: number; devices: number }> {
  const sessions = await tx.borrowerSession.updateMany({ where: { nid, revokedAt: null }, data: { revokedAt: now } });
  const devices = await tx.borrowerDevice.updateMany({ where: { nid, revokedAt: null }, data: { revokedAt: now } });
  await writeAudit(tx, {
    actor: by.actor,
    action: "borrower.sessions_revoke",
    entityType: by.entity.type,
    entityId: by.entity.id,
    after: { sessions: sessions.count, devices: devices.count },
    ip: by.request.ip,
    userAgent: by.request.userAgent,
  });
  return { sessions: sessions.count, devices: devices.count };
}

/** The borrower's own "sign out everywhere". */
export async function signOutEverywhere(borrower: BorrowerIdentity, request: RequestContext, now = new Date()): Promise<void> {
  await prisma.$transaction((tx) =>
    revokeAllBorrowerSessions(tx, borrower.nid, { actor: { id: null, label: "borrower" }, request, entity: { type: "BorrowerSession", id: borrower.sessionId } }, now),
  );
}
