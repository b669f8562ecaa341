import "server-only";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { hashPassword } from "@/lib/auth/password";
import { canManageRole } from "@/lib/auth/permissions";
import { revokeAllSessions } from "@/lib/auth/session";
import { prisma } from "@/lib/db";
import { isForeignKeyViolation } from "@/lib/db-errors";
import { Prisma, type StaffRole } from "@/lib/generated/prisma/client";

type Tx = Prisma.TransactionClient;

function audit(tx: Tx, ctx: StaffContext, action: string, entityId: string, before?: Prisma.InputJsonObject, after?: Prisma.InputJsonObject) {
  return writeAudit(tx, { actor: ctx.actor, action, entityType: "StaffUser", entityId, before, after, ip: ctx.request.ip, userAgent: ctx.request.userAgent });
}

function uniqueField(error: unknown): string | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return null;
  const target = JSON.stringify(error.meta ?? {});
  return target.includes("email") ? "email" : "phone";
}

/**
 * Loads the target for a change under a row lock, refusing oneself (nobody demotes or locks out their
 * own account by accident) and roles the actor may not manage.
 */
type Target = { id: string; role: StaffRole; active: boolean; name: string };

async function lockTarget(tx: Tx, ctx: StaffContext, staffUserId: string): Promise<{ error: ActionResult<never> } | { target: Target }> {
  if (staffUserId === ctx.user.id) return { error: fail("forbidden", { reason: "notSelf" }) }
  const rows = await tx.$queryRaw<Target[]>`
    SELECT "id", "role", "active", "name" FROM "StaffUser" WHERE "id" = ${staffUserId} FOR UPDATE`;
  const target = rows[0];
  if (!target) return { error: fail("notFound") }
  if (!canManageRole(ctx.user.role, target.role)) return { error: fail("forbidden", { reason: "roleNotManageable" }) }
  return { target }
}

/** A new account signs in with the password set here and enrols two-factor at its first sign-in. */
export async function createStaff(
  ctx: StaffContext,
  input: { name: string; phone: string; email: string | null; role: StaffRole; officeId?: string | null; password: string },
): Promise<ActionResult<{ id: string }>> {
  if (!canManageRole(ctx.user.role, input.role)) return fail("forbidden", { reason: "roleNotManageable" });
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await prisma.$transaction(async (tx) => {
      const created = await tx.staffUser.create({
        data: {
          name: input.name,
          phone: input.phone,
          email: input.email,
          role: input.role,
          ...(input.officeId ? { officeId: input.officeId } : {}),
          passwordHash,
          passwordChangedAt: new Date(),
        },
        select: { id: true, officeId: true },
      });
      await audit(tx, ctx, "staff.create", created.id, undefined, {
        name: input.name,
        phone: input.phone,
        email: input.email,
        role: input.role,
        officeId: created.officeId,
      });
      return created;
    });
    return ok({ id: user.id });
  } catch (error) {
    const field = uniqueField(error);
    if (field) return fail("conflict", { reason: field === "email" ? "emailTaken" : "phoneTaken" });
    // No such office, or a closed one (the database refuses both).
    if (isForeignKeyViolation(error) || (error instanceof Error && /open office/.test(error.message))) {
      return fail("validation", { fieldErrors: { officeId: "officeNotOpen" } });
    }
    throw error;
  }
}

export async function changeStaffRole(ctx: StaffContext, input: { staffUserId: string; role: StaffRole }): Promise<ActionResult<null>> {
  if (!canManageRole(ctx.user.role, input.role)) return fail("forbidden", { reason: "roleNotManageable" });
  return prisma.$transaction(async (tx): Promise<ActionResult<null>> => {
    const locked = await lockTarget(tx, ctx, input.staffUserId);
    if ("error" in locked) return locked.error;
    if (locked.target.role === input.role) return ok(null);
    await tx.staffUser.update({ where: { id: input.staffUserId }, data: { role: input.role } });
    await audit(tx, ctx, "staff.role_change", input.staffUserId, { role: locked.target.role }, { role: input.role });
    return ok(null);
  });
}

/** Staff are deactivated, never deleted; deactivation ends their open sessions at once. */
export async function setStaffActive(ctx: StaffContext, input: { staffUserId: string; active: boolean }): Promise<ActionResult<null>> {
  return prisma.$transaction(async (tx): Promise<ActionResult<null>> => {
    const locked = await lockTarget(tx, ctx, input.staffUserId);
    if ("error" in locked) return locked.error;
    if (locked.target.active === input.active) return ok(null);
    await tx.staffUser.update({ where: { id: input.staffUserId }, data: { active: input.active } });
    const revoked = input.active ? 0 : await revokeAllSessions(tx, input.staffUserId);
    await audit(tx, ctx, input.active ? "staff.reactivate" : "staff.deactivate", input.staffUserId, { active: locked.target.active }, { active: input.active, sessionsEnded: revoked });
    return ok(null);
  });
}

/** Sets a new password (told to the person in person), clears a lock and ends their sessions. */
export async function resetStaffPassword(ctx: StaffContext, input: { staffUserId: string; password: string }): Promise<ActionResult<null>> {
  const passwordHash = await hashPassword(input.password);
  return prisma.$transaction(async (tx): Promise<ActionResult<null>> => {
    const locked = await lockTarget(tx, ctx, input.staffUserId);
    if ("error" in locked) return locked.error;
    await tx.staffUser.update({
      where: { id: input.staffUserId },
      data: { passwordHash, passwordChangedAt: new Date(), failedSignInCount: 0, lockedUntil: null },
    });
    const revoked = await revokeAllSessions(tx, input.staffUserId);
    await audit(tx, ctx, "staff.password_reset", input.staffUserId, undefined, { sessionsEnded: revoked });
    return ok(null);
  });
}

/** For a lost phone: the person enrols a new authenticator at the next sign-in; recovery codes are void. */
export async function resetStaffTwoFactor(ctx: StaffContext, input: { staffUserId: string }): Promise<ActionResult<null>> {
  return prisma.$transaction(async (tx): Promise<ActionResult<null>> => {
    const locked = await lockTarget(tx, ctx, input.staffUserId);
    if ("error" in locked) return locked.error;
    await tx.staffUser.update({
      where: { id: input.staffUserId },
      data: { twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastUsedStep: null },
    });
    await tx.staffRecoveryCode.deleteMany({ where: { staffUserId: input.staffUserId } });
    const revoked = await revokeAllSessions(tx, input.staffUserId);
    await audit(tx, ctx, "staff.two_factor_reset", input.staffUserId, undefined, { sessionsEnded: revoked });
    return ok(null);
  });
}
