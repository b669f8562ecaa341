import "server-only";
import { inScope, ownBranch, type OfficeScope } from "@/lib/offices/scope-rules";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import { isAllowed, recordDenied, type StaffContext } from "@/lib/auth/guard";
import { revokeAllBorrowerSessions } from "@/lib/borrower/session";
import { prisma } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { calendarDateOf, isoDateOf } from "@/lib/validation/fields";
import type { CreateCustomerValues, EditableCustomerField, EndBorrowerSessionsValues, UpdateCustomerValues } from "./schemas";
import { EDITABLE_CUSTOMER_FIELDS } from "./schemas";
import { findOrCreateCustomerByNid } from "./service";

/** Edits wait on the customer's row lock; give them the time other back-office decisions get. */
const CUSTOMER_TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

/** True when a unique constraint on the NID column refused a write (a race the checks below did not see). */
function nidConflict(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002" && JSON.stringify(error.meta ?? {}).includes("nid");
}

/** The refusal of a taken NID: naming the customer who holds it when she is in the reader's branches, else only where. */
function nidHolderRefusal<T>(scope: OfficeScope, holder: { userNumber: string; branchId: string } | null): ActionResult<T> {
  if (holder && !inScope(scope, holder.branchId)) return fail("conflict", { reason: "nidTakenElsewhere" });
  return fail("conflict", { reason: "nidTaken", details: { userNumber: holder?.userNumber ?? "?" } });
}

async function nidTaken<T>(scope: OfficeScope, nid: string): Promise<ActionResult<T>> {
  return nidHolderRefusal(scope, await prisma.customer.findUnique({ where: { nid }, select: { userNumber: true, branchId: true } }));
}

/** The one open branch of the scope, when there is exactly one. */
async function onlyOpenBranchIn(scope: OfficeScope): Promise<string | null> {
  const open = await prisma.office.findMany({
    where: { level: "branch", status: "open", ...(scope.kind === "all" ? {} : { id: { in: [...scope.branchIds] } }) },
    select: { id: true },
    take: 2,
  });
  return open.length === 1 ? open[0]!.id : null;
}

/**
 * Add User: a customer entered by staff, numbered like one created from an approved application (the same
 * function: user number under the sequence's lock, a free random user code). One customer per NID: a taken NID
 * is refused with the holder's user number, and nothing is written.
 */
export async function createCustomer(ctx: StaffContext, input: CreateCustomerValues, now = new Date()): Promise<ActionResult<{ userNumber: string }>> {
  // A customer belongs to a branch: the creator's own; else the one the head-office or area member of staff chose among
  // hers, or the one open branch among hers (the dialog offers a choice exactly when there are several).
  const own = ownBranch(ctx.scope);
  const branchId = own ?? (input.branchId || null) ?? (await onlyOpenBranchIn(ctx.scope));
  if (!branchId) return fail("validation", { fieldErrors: { branchId: "required" } });
  if (!inScope(ctx.scope, branchId)) return fail("validation", { fieldErrors: { branchId: "officeNotOpen" } });
  try {
    return await prisma.$transaction(async (tx): Promise<ActionResult<{ userNumber: string }>> => {
      const [open] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Office" WHERE "id" = ${branchId} AND "level" = 'branch' AND "status" = 'open' FOR SHARE`;
      // Said as a reason too when it is her own (or picked) branch: the dialog then shows no branch field to carry it.
      if (!open) return fail("validation", { ...(own ? { reason: "branchClosed" } : {}), fieldErrors: { branchId: "officeNotOpen" } });
      const customer = await findOrCreateCustomerByNid(
        tx,
        {
          name: input.name,
          phone: input.phone,
          email: input.email,
          nid: input.nid,
          address: input.address,
          dob: calendarDateOf(input.dateOfBirth),
          employmentType: input.employmentType,
          employer: input.employer,
          monthlyIncome: input.monthlyIncome,
          branchId,
        },
        now,
      );
      if (!customer.created) return nidTaken(ctx.scope, input.nid);
      await writeAudit(tx, {
        ...auditBy(ctx),
        action: "customer.create",
        entityType: "Customer",
        entityId: customer.id,
        after: { userNumber: customer.userNumber, ...input },
      });
      return ok({ userNumber: customer.userNumber });
    }, CUSTOMER_TRANSACTION_OPTIONS);
  } catch (error) {
    if (nidConflict(error)) return nidTaken(ctx.scope, input.nid);
    throw error;
  }
}

const editableSelect = Object.fromEntries(EDITABLE_CUSTOMER_FIELDS.map((f) => [f, true])) as Record<EditableCustomerField, true>;

/** A stored value as the form states it (dates as YYYY-MM-DD), for comparison and for the audit row. */
function comparable(value: unknown): string | number | null {
  if (value instanceof Date) return isoDateOf(value);
  if (value === undefined || value === null) return null;
  return typeof value === "number" ? value : String(value);
}

export type UpdateCustomerResult = { userNumber: string; updatedAt: string; changed: EditableCustomerField[] };

/**
 * Saves the edit dialog in one transaction with its audit row (before and after of the changed fields only).
 * The row is locked first and its updatedAt compared with the one the dialog was opened with: of two saves from
 * the same opened version exactly one wins, the other is refused as stale. An account status change also
 * needs "customers.status"; without it the save is refused (and the refusal audited), nothing written.
 */
export async function updateCustomer(ctx: StaffContext, input: UpdateCustomerValues, now = new Date()): Promise<ActionResult<UpdateCustomerResult>> {
  let result: ActionResult<UpdateCustomerResult>;
  try {
    result = await prisma.$transaction(async (tx): Promise<ActionResult<UpdateCustomerResult>> => {
      const locked = await tx.$queryRaw<{ id: string; updatedAt: Date; branchId: string }[]>`
        SELECT "id", "updatedAt", "branchId" FROM "Customer" WHERE "userNumber" = ${input.userNumber} FOR UPDATE`;
      const row = locked[0];
      if (!row || !inScope(ctx.scope, row.branchId)) return fail("notFound");
      if (row.updatedAt.getTime() !== new Date(input.expectedUpdatedAt).getTime()) return fail("conflict", { reason: "stale" });

      const current = await tx.customer.findUniqueOrThrow({ where: { id: row.id }, select: editableSelect });
      const changed = EDITABLE_CUSTOMER_FIELDS.filter((field) => comparable(current[field]) !== comparable(input[field]));
      if (changed.length === 0) return ok({ userNumber: input.userNumber, updatedAt: row.updatedAt.toISOString(), changed });
      if (changed.includes("status") && !isAllowed(ctx, "customers.status")) {
        return fail("forbidden", { reason: "statusPermission" });
      }
      if (changed.includes("nid")) {
        const holder = await tx.customer.findUnique({ where: { nid: input.nid }, select: { userNumber: true, branchId: true } });
        if (holder) return nidHolderRefusal(ctx.scope, holder);
      }

      const before: Record<string, string | number | null> = {};
      const after: Record<string, string | number | null> = {};
      const data: Prisma.CustomerUpdateInput = {};
      for (const field of changed) {
        before[field] = comparable(current[field]);
        after[field] = comparable(input[field]);
        (data as Record<string, unknown>)[field] = field === "dateOfBirth" ? (input.dateOfBirth ? calendarDateOf(input.dateOfBirth) : null) : input[field];
      }
      // Strictly later than the version it replaces, so even a save in the same millisecond makes the old one stale.
      const updatedAt = new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
      await tx.customer.update({ where: { id: row.id }, data: { ...data, updatedAt } });
      await writeAudit(tx, { ...auditBy(ctx), action: "customer.update", entityType: "Customer", entityId: row.id, before, after });
      return ok({ userNumber: input.userNumber, updatedAt: updatedAt.toISOString(), changed });
    }, CUSTOMER_TRANSACTION_OPTIONS);
  } catch (error) {
    if (nidConflict(error)) return nidTaken(ctx.scope, input.nid);
    throw error;
  }
  // Audited after the transaction: recordDenied writes on its own connection.
  if (!result.ok && result.error.reason === "statusPermission") await recordDenied(ctx, "customers.status", "action:customers.update");
  return result;
}

/**
 * Ends every session of the customer's borrower page and forgets their devices (a lost or sold phone): the next sign-in
 * anywhere needs the code and the NID or date of birth again. Audited on the customer, with how many were ended.
 */
export async function endBorrowerSessions(ctx: StaffContext, input: EndBorrowerSessionsValues, now = new Date()): Promise<ActionResult<{ sessions: number }>> {
  return prisma.$transaction(async (tx) => {
    const customer = await tx.customer.findUnique({ where: { userNumber: input.userNumber }, select: { id: true, nid: true, branchId: true } });
    if (!customer || !inScope(ctx.scope, customer.branchId)) return fail("notFound");
    const { sessions } = await revokeAllBorrowerSessions(tx, customer.nid, { actor: ctx.actor, request: ctx.request, entity: { type: "Customer", id: customer.id } }, now);
    return ok({ sessions });
  });
}
