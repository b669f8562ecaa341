import "server-only";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { canManageRole } from "@/lib/auth/permissions";
import { prisma } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { RequestStaffTransferValues } from "./schemas";
import { officeSees } from "./scope-rules";
import { approvalOf } from "./two-sided-approval";

type Tx = Prisma.TransactionClient;

/**
 * A head-office admin asks to move a member of staff to another open office (issue 41, point 5; decision 0260). One open
 * move per person: of concurrent requests one is recorded (the database's partial unique index). Nobody asks for their
 * own move, and only a super admin for an admin's or a super admin's.
 */
export async function requestStaffTransfer(ctx: StaffContext, input: RequestStaffTransferValues): Promise<ActionResult<{ transferId: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const staff = await tx.staffUser.findUnique({ where: { id: input.staffUserId }, select: { id: true, role: true, officeId: true, active: true } });
      if (!staff) return fail("notFound");
      if (staff.id === ctx.user.id) return fail("forbidden", { reason: "ownMove" });
      if (!canManageRole(ctx.user.role, staff.role)) return fail("forbidden");
      if (!staff.active) return fail("conflict", { reason: "staffInactive" });
      if (staff.officeId === input.toOfficeId) return fail("validation", { fieldErrors: { toOfficeId: "sameOffice" } });
      const [office] = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "Office" WHERE "id" = ${input.toOfficeId} AND "status" = 'open' FOR SHARE`;
      if (!office) return fail("validation", { fieldErrors: { toOfficeId: "officeNotOpen" } });
      const transfer = await tx.staffTransfer.create({
        data: { staffUserId: staff.id, fromOfficeId: staff.officeId, toOfficeId: office.id, reason: input.reason, requestedById: ctx.user.id },
        select: { id: true },
      });
      await writeAudit(tx, {
        ...auditBy(ctx),
        action: "staff.transfer.request",
        entityType: "StaffTransfer",
        entityId: transfer.id,
        after: { staffUserId: staff.id, fromOfficeId: staff.officeId, toOfficeId: office.id },
      });
      return ok({ transferId: transfer.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "staffTransferOpen" });
    throw error;
  }
}

type OpenStaffTransfer = {
  id: string;
  staffUserId: string;
  fromOfficeId: string;
  fromPath: string;
  toOfficeId: string;
  toPath: string;
  status: string;
  requestedById: string;
  fromApprovedById: string | null;
  toApprovedById: string | null;
};

/** The move, locked for this decision, when the caller's office sees either office (404 otherwise). */
async function lockedStaffTransfer(tx: Tx, ctx: StaffContext, transferId: string): Promise<OpenStaffTransfer | null> {
  const [transfer] = await tx.$queryRaw<OpenStaffTransfer[]>`
    SELECT t."id", t."staffUserId", t."fromOfficeId", f."path" AS "fromPath", t."toOfficeId", o."path" AS "toPath", t."status"::text AS "status",
           t."requestedById", t."fromApprovedById", t."toApprovedById"
      FROM "StaffTransfer" t JOIN "Office" f ON f."id" = t."fromOfficeId" JOIN "Office" o ON o."id" = t."toOfficeId"
     WHERE t."id" = ${transferId} FOR UPDATE OF t`;
  if (!transfer || (!officeSees(ctx.user.office, transfer.fromPath) && !officeSees(ctx.user.office, transfer.toPath))) return null;
  return transfer;
}

/**
 * A manager who sees one of the two offices approves the move for it (the office it leaves first, when she sees both).
 * Maker-checker: neither the requester nor the person moved approves, and one person approves one side. The second
 * approval moves her, in the same transaction; her sessions follow at once (the session reads her office each request).
 */
export async function approveStaffTransfer(ctx: StaffContext, input: { transferId: string }): Promise<ActionResult<{ transferId: string; completed: boolean }>> {
  return prisma.$transaction(async (tx) => {
    const transfer = await lockedStaffTransfer(tx, ctx, input.transferId);
    if (!transfer) return fail("notFound");
    // The person moved never approves her own move (the rest of the rule is the customer transfers').
    if (transfer.staffUserId === ctx.user.id) return fail("forbidden", { reason: "ownMove" });
    const approval = approvalOf(transfer, ctx.user.id, { from: officeSees(ctx.user.office, transfer.fromPath), to: officeSees(ctx.user.office, transfer.toPath) });
    if (!approval.ok) return approval;
    const { side, approvals, completed } = approval;
    if (completed) {
      const refused = await moveStaff(tx, transfer);
      if (refused) return refused;
    }
    await tx.staffTransfer.update({
      where: { id: transfer.id },
      data: { ...approvals, ...(completed ? { status: "completed", decidedAt: new Date() } : {}) },
    });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: completed ? "staff.transfer.complete" : "staff.transfer.approve",
      entityType: "StaffTransfer",
      entityId: transfer.id,
      before: { status: "requested", fromApprovedById: transfer.fromApprovedById, toApprovedById: transfer.toApprovedById },
      after: { status: completed ? "completed" : "requested", ...approvals, side },
    });
    return ok({ transferId: transfer.id, completed });
  });
}

/** Moves her; refuses when she is no longer in the office it leaves, was deactivated meanwhile, or the other office has closed. */
async function moveStaff(tx: Tx, transfer: OpenStaffTransfer): Promise<ActionResult<never> | null> {
  const [staff] = await tx.$queryRaw<{ officeId: string; active: boolean }[]>`SELECT "officeId", "active" FROM "StaffUser" WHERE "id" = ${transfer.staffUserId} FOR UPDATE`;
  if (staff?.officeId !== transfer.fromOfficeId) return fail("conflict", { reason: "staffMoved" });
  // Deactivated since the request: not moved (reactivate her first, or reject the request).
  if (!staff.active) return fail("conflict", { reason: "staffInactive" });
  const [open] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Office" WHERE "id" = ${transfer.toOfficeId} AND "status" = 'open' FOR SHARE`;
  if (!open) return fail("conflict", { reason: "staffOfficeClosed" });
  await tx.staffUser.update({ where: { id: transfer.staffUserId }, data: { officeId: transfer.toOfficeId } });
  return null;
}

/** A manager who sees either office (the requester too, to withdraw it) rejects an open move, with the reason. */
export async function rejectStaffTransfer(ctx: StaffContext, input: { transferId: string; reason: string }): Promise<ActionResult<{ transferId: string }>> {
  return prisma.$transaction(async (tx) => {
    const transfer = await lockedStaffTransfer(tx, ctx, input.transferId);
    if (!transfer) return fail("notFound");
    // The person moved decides nothing of her own move, either way (the requester may withdraw it).
    if (transfer.staffUserId === ctx.user.id) return fail("forbidden", { reason: "ownMove" });
    if (transfer.status !== "requested") return fail("conflict", { reason: "transferDecided", details: { status: transfer.status } });
    await tx.staffTransfer.update({
      where: { id: transfer.id },
      data: { status: "rejected", rejectedById: ctx.user.id, rejectionReason: input.reason, decidedAt: new Date() },
    });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "staff.transfer.reject",
      entityType: "StaffTransfer",
      entityId: transfer.id,
      before: { status: "requested" },
      after: { status: "rejected", reason: input.reason },
    });
    return ok({ transferId: transfer.id });
  });
}
