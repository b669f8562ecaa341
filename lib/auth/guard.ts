import "server-only";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { writeAudit, type AuditActor } from "@/lib/audit/service";
import { prisma } from "@/lib/db";
import { getRequestContext, type RequestContext } from "@/lib/request";
import { currentBranchPick, currentSessionToken } from "./current";
import { hasPermission, isBackOfficeRole, isHeadOfficePermission, type Permission } from "./permissions";
import { loadActiveSession, type ActiveSession } from "./session";
import { scopeOfStaff, type OfficeScope } from "@/lib/offices/scope";
import { log } from "@/lib/ops/logger";
import { printable } from "@/lib/validation/path-params";

/**
 * Who is asking: the live session, its user (role and office from the database), the branches they may see
 * (lib/offices/scope.ts), and where the request came from.
 */
export type StaffContext = ActiveSession & { request: RequestContext; actor: AuditActor; scope: OfficeScope };

export const LOGIN_PATH = "/admin/login";

/** The current request's staff context, or null; read once per request. */
export const getStaffContext = cache(async (): Promise<StaffContext | null> => {
  const token = await currentSessionToken();
  const session = token ? await loadActiveSession(token) : null;
  if (!session) return null;
  return {
    ...session,
    request: await getRequestContext(),
    actor: { id: session.user.id, label: session.user.name },
    scope: await scopeOfStaff(session.user.office, await currentBranchPick()),
  };
});

/** Writes the audit row of a refused request (anonymous or lacking the permission). */
export async function recordDenied(ctx: StaffContext | null, permission: Permission | "back-office", where: string): Promise<void> {
  const request = ctx?.request ?? (await getRequestContext());
  await writeAudit(prisma, {
    actor: ctx?.actor ?? { id: null, label: "anonymous" },
    action: ctx ? "access.forbidden" : "access.unauthenticated",
    entityType: "Permission",
    entityId: permission,
    after: { where: printable(where), role: ctx?.user.role ?? null },
    ip: request.ip,
    userAgent: request.userAgent,
  }).catch((error: unknown) => log.error({ area: "audit", err: error }, "could not record a refused request"));
}

/** The role holds the permission, and a lender-wide one is used from the head office (HEAD_OFFICE_PERMISSIONS). */
export function isAllowed(ctx: StaffContext, permission: Permission): boolean {
  // The office, not the scope: a head-office member of staff who picked one branch keeps the head office's permissions.
  if (isHeadOfficePermission(permission) && ctx.user.office.parentId !== null) return false;
  return isBackOfficeRole(ctx.user.role) && hasPermission(ctx.user.role, permission);
}

/**
 * For pages and layouts: anonymous visitors go to the sign-in page; a signed-in user without the
 * permission gets the 403 page, and the refusal is audited.
 */
export async function requirePermission(permission: Permission, where: string): Promise<StaffContext> {
  const ctx = await getStaffContext();
  if (!ctx) {
    await recordDenied(null, permission, where);
    redirect(LOGIN_PATH);
  }
  if (!isAllowed(ctx, permission)) {
    await recordDenied(ctx, permission, where);
    forbidden();
  }
  return ctx;
}

/** For the panel layout: any back-office role. */
export async function requireBackOffice(where: string): Promise<StaffContext> {
  const ctx = await getStaffContext();
  if (!ctx) redirect(LOGIN_PATH);
  if (!isBackOfficeRole(ctx.user.role)) {
    await recordDenied(ctx, "back-office", where);
    forbidden();
  }
  return ctx;
}

/** For route handlers: the context, or the 401/403 response to return (the refusal audited). */
export async function requireRoutePermission(permission: Permission, where: string): Promise<StaffContext | Response> {
  const ctx = await getStaffContext();
  if (!ctx || !isAllowed(ctx, permission)) {
    await recordDenied(ctx, permission, where);
    return new Response(ctx ? "Forbidden" : "Unauthorized", {
      status: ctx ? 403 : 401,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return ctx;
}
