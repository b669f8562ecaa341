import "server-only";
import { forbidden, notFound, redirect } from "next/navigation";
import { cache } from "react";
import { writeAudit, type AuditActor } from "@/lib/audit/service";
import { getStaffContext, type StaffContext } from "@/lib/auth/guard";
import { hasSocietyPermission, type SocietyPermission } from "@/lib/auth/permissions";
import { prisma } from "@/lib/db";
import type { SocietyRole } from "@/lib/generated/prisma/enums";
import { getRequestContext, type RequestContext } from "@/lib/request";
import { compatEnabled, DEMO_SOCIETY_ID, isCompatElevated, isCompatSociety } from "./compat";
import { SOCIETY_HOME } from "./tabs";
import { log } from "@/lib/ops/logger";
import { recordId } from "@/lib/validation/fields";
import { parsePathParam, printable } from "@/lib/validation/path-params";

/** Who is working in which society, at which access level, and how records they create are tagged. */
export type SocietyActor = {
  societyId: string;
  access: SocietyRole;
  /** The staff user, or null for a prototype-mode visitor (PROTOTYPE_COMPAT). */
  createdById: string | null;
  actor: AuditActor;
  request: RequestContext;
};

export type SocietyAccess = SocietyActor & {
  society: { id: string; name: string; registrationNumber: string | null; address: string | null };
  staff: StaffContext | null;
  /** Opened through the prototype's behaviour (demo society, shared admin password). */
  compat: boolean;
};

const societySelect = { id: true, name: true, registrationNumber: true, address: true } as const;

/**
 * The current request's access to a society: a SocietyManager grant of the signed-in staff user, or, with
 * PROTOTYPE_COMPAT, the demo society for anyone (admin after the shared password). Null when the society
 * does not exist or the caller has no access: the two are indistinguishable on purpose.
 */
export const getSocietyAccess = cache(async (societyId: string): Promise<SocietyAccess | null> => {
  // An id no society can have (a NUL byte, a 5,000-character value) is an unknown society, looked up nowhere.
  if (parsePathParam(recordId, societyId) !== societyId) return null;
  const staff = await getStaffContext();
  const grant = staff
    ? await prisma.societyManager.findUnique({
        where: { societyId_staffUserId: { societyId, staffUserId: staff.user.id } },
        select: { access: true, society: { select: societySelect } },
      })
    : null;
  const request = staff?.request ?? (await getRequestContext());
  if (grant) {
    const access = grant.access === "admin" || (await isCompatElevated(societyId)) ? "admin" : "user";
    return { societyId, society: grant.society, access, staff, compat: false, createdById: staff!.user.id, actor: staff!.actor, request };
  }
  if (!isCompatSociety(societyId)) return null;
  const society = await prisma.society.findUnique({ where: { id: societyId }, select: societySelect });
  if (!society) return null;
  const access: SocietyRole = (await isCompatElevated(societyId)) ? "admin" : "user";
  return {
    societyId,
    society,
    access,
    staff,
    compat: true,
    createdById: staff?.user.id ?? null,
    actor: staff?.actor ?? { id: null, label: access === "admin" ? "society admin (prototype mode)" : "society visitor (prototype mode)" },
    request,
  };
});

/** Audit row of a refused society request (no access, or an access level without the permission). */
export async function recordSocietyDenied(
  societyId: string,
  permission: SocietyPermission,
  where: string,
  access: SocietyAccess | null,
): Promise<void> {
  const staff = access?.staff ?? (await getStaffContext());
  const request = access?.request ?? staff?.request ?? (await getRequestContext());
  await writeAudit(prisma, {
    actor: access?.actor ?? staff?.actor ?? { id: null, label: "anonymous" },
    action: staff || access ? "access.forbidden" : "access.unauthenticated",
    entityType: "Society",
    entityId: printable(String(societyId), 64),
    after: { where: printable(where), permission, access: access?.access ?? null },
    ip: request.ip,
    userAgent: request.userAgent,
  }).catch((error: unknown) => log.error({ area: "audit", err: error }, "could not record a refused society request"));
}

/**
 * For society pages: an anonymous visitor goes to the society home (explanation and sign-in); a
 * signed-in user without access gets the not-found page (a guessed id reveals nothing); an access level
 * without the permission gets the 403 page.
 */
export async function requireSocietyPermission(societyId: string, permission: SocietyPermission, where: string): Promise<SocietyAccess> {
  const access = await getSocietyAccess(societyId);
  if (!access) {
    await recordSocietyDenied(societyId, permission, where, null);
    if (!(await getStaffContext())) redirect(SOCIETY_HOME);
    notFound();
  }
  if (!hasSocietyPermission(access.access, permission)) {
    await recordSocietyDenied(societyId, permission, where, access);
    forbidden();
  }
  return access;
}

/**
 * For the society tool's pages that belong to no one society (the field app guide): the societies where the caller holds
 * `permission` (by their grants; in prototype mode the demo society too, which anyone may open). None: an anonymous
 * visitor goes to the society home and a signed-in person gets the not-found page, as on a society's pages. Not
 * audited: such a page holds no society's data.
 */
export async function requireSocietyToolPermission(permission: SocietyPermission): Promise<{ staff: StaffContext | null; societies: { id: string; name: string }[] }> {
  const staff = await getStaffContext();
  const grants = staff
    ? await prisma.societyManager.findMany({
        where: { staffUserId: staff.user.id },
        select: { access: true, society: { select: { id: true, name: true } } },
        orderBy: { society: { name: "asc" } },
      })
    : [];
  const societies = grants.filter((g) => hasSocietyPermission(g.access, permission)).map((g) => g.society);
  if (compatEnabled() && hasSocietyPermission("user", permission) && !societies.some((s) => s.id === DEMO_SOCIETY_ID)) {
    const demo = await prisma.society.findUnique({ where: { id: DEMO_SOCIETY_ID }, select: { id: true, name: true } });
    if (demo) societies.push(demo);
  }
  if (societies.length > 0) return { staff, societies };
  if (!staff) redirect(SOCIETY_HOME);
  notFound();
}

/** For route handlers: the access, or the 401/404/403 response to return (refusals audited). */
export async function requireSocietyRoutePermission(societyId: string, permission: SocietyPermission, where: string): Promise<SocietyAccess | Response> {
  const access = await getSocietyAccess(societyId);
  const allowed = access && hasSocietyPermission(access.access, permission);
  if (allowed) return access;
  await recordSocietyDenied(societyId, permission, where, access);
  const status = access ? 403 : (await getStaffContext()) ? 404 : 401;
  return new Response(status === 404 ? "Not found" : status === 403 ? "Forbidden" : "Unauthorized", {
    status,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });
}
