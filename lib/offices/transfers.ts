import "server-only";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { RequestTransferValues } from "./schemas";
import { inScope } from "./scope-rules";
import { approvalOf } from "./two-sided-approval";

type Tx = Prisma.TransactionClient;

/**
 * What moves with a customer: what is still being worked on. Decided and closed records stay where they were, and so
 * does a written-off loan (it is in the register of the branch that wrote it off, off its portfolio: decision 0267).
 */
const OPEN_LOAN_STATUSES = ["pending_approval", "under_review", "approved", "disbursed"] as const;
const OPEN_APPLICATION_STATUSES = ["pending", "under_review"] as const;
const OPEN_KYC_STATUSES = ["pending_review", "under_review", "resubmission_required"] as const;

/**
 * A manager who sees the customer asks to move her to another open branch (issue 41, point 5; decision 0258). One open
 * transfer per customer: of concurrent requests one is recorded (the database's partial unique index), the others are
 * told one is open.
 */
export async function requestTransfer(ctx: StaffContext, input: RequestTransferValues): Promise<ActionResult<{ transferId: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const customer = await tx.customer.findUnique({ where: { userNumber: input.userNumber }, select: { id: true, branchId: true } });
      if (!customer || !inScope(ctx.scope, customer.branchId)) return fail("notFound");
      if (customer.branchId === input.toBranchId) return fail("validation", { fieldErrors: { toBranchId: "sameBranch" } });
      const [branch] = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "Office" WHERE "id" = ${input.toBranchId} AND "level" = 'branch' AND "status" = 'open' FOR SHARE`;
      if (!branch) return fail("validation", { fieldErrors: { toBranchId: "officeNotOpen" } });
      const transfer = await tx.customerTransfer.create({
        data: { customerId: customer.id, fromBranchId: customer.branchId, toBranchId: branch.id, reason: input.reason, requestedById: ctx.user.id },
        select: { id: true },
      });
      await writeAudit(tx, {
        ...auditBy(ctx),
        action: "customer.transfer.request",
        entityType: "CustomerTransfer",
        entityId: transfer.id,
        after: { customerId: customer.id, fromBranchId: customer.branchId, toBranchId: branch.id },
      });
      return ok({ transferId: transfer.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "transferOpen" });
    throw error;
  }
}

type OpenTransfer = {
  id: string;
  customerId: string;
  fromBranchId: string;
  toBranchId: string;
  status: string;
  requestedById: string;
  fromApprovedById: string | null;
  toApprovedById: string | null;
};

/** The transfer, locked for this decision, when the staff member sees either of its branches. */
async function lockedTransfer(tx: Tx, ctx: StaffContext, transferId: string): Promise<OpenTransfer | null> {
  const [transfer] = await tx.$queryRaw<OpenTransfer[]>`
    SELECT "id", "customerId", "fromBranchId", "toBranchId", "status"::text AS "status", "requestedById", "fromApprovedById", "toApprovedById"
      FROM "CustomerTransfer" WHERE "id" = ${transferId} FOR UPDATE`;
  if (!transfer || (!inScope(ctx.scope, transfer.fromBranchId) && !inScope(ctx.scope, transfer.toBranchId))) return null;
  return transfer;
}

/**
 * A manager approves a transfer for a branch she sees (the one it leaves first, when she sees both). Maker-checker: the
 * requester never approves, and one person approves one side. The second approval moves the customer, her open loans
 * (each move recorded in LoanBranchMove), open applications and open KYC cases in the same transaction; payments keep
 * the branch where they were received. Of concurrent approvals of one side, one counts.
 */
export async function approveTransfer(ctx: StaffContext, input: { transferId: string }): Promise<ActionResult<{ transferId: string; completed: boolean }>> {
  return prisma.$transaction(async (tx) => {
    const transfer = await lockedTransfer(tx, ctx, input.transferId);
    if (!transfer) return fail("notFound");
    const approval = approvalOf(transfer, ctx.user.id, { from: inScope(ctx.scope, transfer.fromBranchId), to: inScope(ctx.scope, transfer.toBranchId) });
    if (!approval.ok) return approval;
    const { side, approvals, completed } = approval;
    if (completed) {
      const refused = await moveCustomer(tx, transfer);
      if (refused) return refused;
    }
    const now = new Date();
    await tx.customerTransfer.update({
      where: { id: transfer.id },
      data: { ...approvals, ...(completed ? { status: "completed", decidedAt: now } : {}) },
    });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: completed ? "customer.transfer.complete" : "customer.transfer.approve",
      entityType: "CustomerTransfer",
      entityId: transfer.id,
      before: { status: "requested", fromApprovedById: transfer.fromApprovedById, toApprovedById: transfer.toApprovedById },
      after: { status: completed ? "completed" : "requested", ...approvals, side },
    });
    return ok({ transferId: transfer.id, completed });
  });
}

/** Moves the customer's open work; refuses when she is no longer in the branch it leaves or the other has closed. */
async function moveCustomer(tx: Tx, transfer: OpenTransfer): Promise<ActionResult<never> | null> {
  // The customer's row first: a payment or another change of her records waits, or is seen.
  const [customer] = await tx.$queryRaw<{ branchId: string }[]>`SELECT "branchId" FROM "Customer" WHERE "id" = ${transfer.customerId} FOR UPDATE`;
  if (customer?.branchId !== transfer.fromBranchId) return fail("conflict", { reason: "customerMoved" });
  const [open] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Office" WHERE "id" = ${transfer.toBranchId} AND "status" = 'open' FOR SHARE`;
  if (!open) return fail("conflict", { reason: "officeNotOpen" });
  const to = transfer.toBranchId;
  const where = { customerId: transfer.customerId, branchId: transfer.fromBranchId };
  await tx.customer.update({ where: { id: transfer.customerId }, data: { branchId: to } });
  const loans = await tx.loan.findMany({ where: { ...where, status: { in: [...OPEN_LOAN_STATUSES] } }, select: { id: true } });
  if (loans.length > 0) {
    await tx.loan.updateMany({ where: { id: { in: loans.map((l) => l.id) } }, data: { branchId: to } });
    await tx.loanBranchMove.createMany({ data: loans.map((l) => ({ loanId: l.id, fromBranchId: transfer.fromBranchId, toBranchId: to, transferId: transfer.id })) });
  }
  await tx.loanApplication.updateMany({ where: { ...where, status: { in: [...OPEN_APPLICATION_STATUSES] } }, data: { branchId: to } });
  await tx.kycCase.updateMany({ where: { ...where, status: { in: [...OPEN_KYC_STATUSES] } }, data: { branchId: to } });
  return null;
}

/** A manager of either branch (the requester too, to withdraw it) rejects an open transfer, with the reason. */
export async function rejectTransfer(ctx: StaffContext, input: { transferId: string; reason: string }): Promise<ActionResult<{ transferId: string }>> {
  return prisma.$transaction(async (tx) => {
    const transfer = await lockedTransfer(tx, ctx, input.transferId);
    if (!transfer) return fail("notFound");
    if (transfer.status !== "requested") return fail("conflict", { reason: "transferDecided", details: { status: transfer.status } });
    await tx.customerTransfer.update({
      where: { id: transfer.id },
      data: { status: "rejected", rejectedById: ctx.user.id, rejectionReason: input.reason, decidedAt: new Date() },
    });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "customer.transfer.reject",
      entityType: "CustomerTransfer",
      entityId: transfer.id,
      before: { status: "requested" },
      after: { status: "rejected", reason: input.reason },
    });
    return ok({ transferId: transfer.id });
  });
}
