/**
 * Acting as a signed-in staff member in integration tests: real StaffUser and StaffSession rows, and a
 * stand-in for the one seam to Auth.js (lib/auth/current.ts). Each test file that calls back-office
 * actions or guards adds:
 *
 *   vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
 *   vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
 *
 * and imports `sessionState` from ./session-state directly when it needs to sign out.
 */
import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/db";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { createStaffSession } from "@/lib/auth/session";
import { newTotpSecret } from "@/lib/auth/totp";
import { sealTotpSecret } from "@/lib/auth/totp-secrets";
import { scopeOfOffice } from "@/lib/offices/scope";
import { sessionState } from "./session-state";

let counter = 0;

/** A fresh active staff user of `role` (unique phone), with two-factor already set up. */
export async function createStaff(role: StaffRole, overrides: { name?: string; active?: boolean; officeId?: string } = {}) {
  counter += 1;
  const suffix = String(Date.now() % 1e6).padStart(6, "0") + String(counter % 100).padStart(2, "0");
  const id = randomUUID();
  return prisma.staffUser.create({
    data: {
      id,
      name: overrides.name ?? `Test ${role} ${counter}`,
      phone: `+88017${suffix}`.slice(0, 14),
      passwordHash: "scrypt$00$00",
      role,
      active: overrides.active ?? true,
      // The head office (the database's default) unless the test puts them in a branch or an area.
      ...(overrides.officeId ? { officeId: overrides.officeId } : {}),
      twoFactorEnabled: true,
      twoFactorSecret: sealTotpSecret(newTotpSecret(), id),
    },
  });
}

/** Signs in as `staffUserId` (a real session row) for every guarded call until the next signIn/signOut. */
export async function signInAs(staffUserId: string): Promise<string> {
  const token = await prisma.$transaction((tx) => createStaffSession(tx, staffUserId, { ip: "127.0.0.1", userAgent: "vitest" }));
  sessionState.token = token;
  sessionState.branch = null;
  return token;
}

/** Creates a user of `role` and signs in as them. */
export async function actAs(role: StaffRole) {
  const user = await createStaff(role);
  await signInAs(user.id);
  return user;
}

export function signOutTestSession(): void {
  sessionState.token = null;
}

/**
 * A staff context as the guard builds it, for calls made at the same moment by different people (the mocked session
 * holds one user at a time); the whole office's scope, no branch picked.
 */
export async function staffContextOf(staffUserId: string) {
  const user = await prisma.staffUser.findUniqueOrThrow({
    where: { id: staffUserId },
    select: { id: true, name: true, phone: true, email: true, role: true, office: { select: { id: true, path: true, parentId: true, approvalLimit: true } } },
  });
  return { sessionId: "test", user, request: { ip: "127.0.0.1", userAgent: "vitest" }, actor: { id: user.id, label: user.name }, scope: await scopeOfOffice(user.office) };
}
