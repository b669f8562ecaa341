import "server-only";
import { randomToken, sha256Hex } from "@/lib/crypto/hash";
import { prisma } from "@/lib/db";
import type { Prisma, StaffRole } from "@/lib/generated/prisma/client";
import type { RequestContext } from "@/lib/request";

import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./session-limits";

/** A session ends after 30 minutes without a request, and 12 hours after sign-in whatever happens. */
export { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS };
/** lastSeenAt is written at most this often: one UPDATE a minute per session, not one per request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type StaffUserSummary = {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  role: StaffRole;
  /** The office whose subtree they work in (lib/offices/scope.ts); read with every request, so a move applies at once. */
  office: { id: string; path: string; parentId: string | null; approvalLimit: number | null };
};

export type ActiveSession = { sessionId: string; user: StaffUserSummary };

/** Creates the session row inside the caller's transaction; returns the token for the cookie. */
export async function createStaffSession(
  tx: Prisma.TransactionClient,
  staffUserId: string,
  request: RequestContext,
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  await tx.staffSession.create({
    data: {
      staffUserId,
      tokenHash: sha256Hex(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      ip: request.ip,
      userAgent: request.userAgent?.slice(0, 512) ?? null,
    },
  });
  return token;
}

/**
 * The session behind a token if it is still good: not revoked, not expired (idle or absolute), and its
 * user active. Read on every request, so deactivating a user, changing a role or signing out takes effect
 * on the very next one. The role is always the database's, never one remembered in the cookie.
 */
export async function loadActiveSession(token: string, now = new Date()): Promise<ActiveSession | null> {
  const row = await prisma.staffSession.findUnique({
    where: { tokenHash: sha256Hex(token) },
    select: {
      id: true,
      expiresAt: true,
      revokedAt: true,
      lastSeenAt: true,
      staffUser: {
        select: {
          id: true,
          name: true,
          phone: true,
          email: true,
          role: true,
          active: true,
          office: { select: { id: true, path: true, parentId: true, approvalLimit: true } },
        },
      },
    },
  });
  if (!row || row.revokedAt || row.expiresAt <= now) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS) return null;
  if (!row.staffUser.active) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await prisma.staffSession.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastSeenAt: now } });
  }
  const { id, name, phone, email, role, office } = row.staffUser;
  return { sessionId: row.id, user: { id, name, phone, email, role, office } };
}

export async function revokeSessionByToken(token: string, now = new Date()): Promise<void> {
  await prisma.staffSession.updateMany({ where: { tokenHash: sha256Hex(token), revokedAt: null }, data: { revokedAt: now } });
}

/** Ends every open session of a user (deactivation, password or two-factor reset). */
export async function revokeAllSessions(tx: Prisma.TransactionClient, staffUserId: string, now = new Date()): Promise<number> {
  const { count } = await tx.staffSession.updateMany({ where: { staffUserId, revokedAt: null }, data: { revokedAt: now } });
  return count;
}
