import "server-only";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import { setBranchPick } from "@/lib/auth/current";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { calendarDateOf } from "@/lib/validation/fields";
import type { CreateOfficeValues, EditOfficeValues } from "./schemas";
import { pickableBranches } from "./scope";

/** What the office tree's triggers refuse, as the form's field error or the notice's reason. */
function refusedByTree<T>(error: unknown): ActionResult<T> | null {
  const message = error instanceof Error ? error.message : "";
  if (/higher level|move under itself|takes no new offices|only the head office/.test(message)) {
    return fail("validation", { fieldErrors: { parentId: "officeParentNotAllowed" } });
  }
  if (/closes after the offices under it/.test(message)) return fail("conflict", { reason: "childrenOpen" });
  return null;
}

/** A super admin opens an office under an open parent of a higher level (the database checks the tree). */
export async function createOffice(ctx: StaffContext, input: CreateOfficeValues): Promise<ActionResult<{ id: string; code: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const office = await tx.office.create({
        data: {
          code: input.code,
          nameBn: input.nameBn,
          nameEn: input.nameEn,
          level: input.level,
          parentId: input.parentId,
          division: input.division,
          district: input.district,
          upazila: input.upazila,
          approvalLimit: input.approvalLimit ?? null,
          openedOn: calendarDateOf(input.openedOn),
        },
        select: { id: true, code: true },
      });
      await writeAudit(tx, { ...auditBy(ctx), action: "office.create", entityType: "Office", entityId: office.id, after: { ...input } });
      return ok(office);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("validation", { fieldErrors: { code: "officeCodeTaken" } });
    const refused = refusedByTree<{ id: string; code: string }>(error);
    if (refused) return refused;
    throw error;
  }
}

/** Renames an office, corrects its address, or moves it (with its subtree) under another parent; audited before/after. */
export async function editOffice(ctx: StaffContext, input: EditOfficeValues): Promise<ActionResult<{ id: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const [before] = await tx.$queryRaw<
        { nameBn: string; nameEn: string; parentId: string | null; division: string | null; district: string | null; upazila: string | null; approvalLimit: number | null; weeklyDaysOff: number[] }[]
      >`SELECT "nameBn", "nameEn", "parentId", "division", "district", "upazila", "approvalLimit", "weeklyDaysOff" FROM "Office" WHERE "id" = ${input.id} FOR UPDATE`;
      if (!before) return fail("notFound");
      const parentId = before.parentId === null ? null : input.parentId || before.parentId;
      const after = {
        nameBn: input.nameBn,
        nameEn: input.nameEn,
        parentId,
        division: input.division,
        district: input.district,
        upazila: input.upazila,
        approvalLimit: input.approvalLimit ?? null,
        // The head office's days off are the lender's (the regulator's rules): none of its own.
        weeklyDaysOff: before.parentId === null ? before.weeklyDaysOff : (input.weeklyDaysOff ?? before.weeklyDaysOff),
      };
      await tx.office.update({ where: { id: input.id }, data: after });
      await writeAudit(tx, {
        ...auditBy(ctx),
        action: parentId === before.parentId ? "office.edit" : "office.move",
        entityType: "Office",
        entityId: input.id,
        before,
        after,
      });
      return ok({ id: input.id });
    });
  } catch (error) {
    const refused = refusedByTree<{ id: string }>(error);
    if (refused) return refused;
    throw error;
  }
}

/**
 * Closes an office: it keeps its history and takes no new records. Only once nothing works there any more: the offices
 * under it closed, no active staff, no loan or application still open (a transfer moves them first). One of
 * concurrent closes wins; the others are told it is closed already.
 */
export async function closeOffice(ctx: StaffContext, input: { id: string; closedOn: string }): Promise<ActionResult<{ id: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const [office] = await tx.$queryRaw<{ status: string; parentId: string | null }[]>`
        SELECT "status", "parentId" FROM "Office" WHERE "id" = ${input.id} FOR UPDATE`;
      if (!office) return fail("notFound");
      if (office.status !== "open") return fail("conflict", { reason: "alreadyClosed" });
      if (office.parentId === null) return fail("conflict", { reason: "headOffice" });
      const [staff, loans, applications] = await Promise.all([
        tx.staffUser.count({ where: { officeId: input.id, active: true } }),
        // A written-off loan is still collected there (decision 0267): the branch stays open for it.
        tx.loan.count({ where: { branchId: input.id, status: { in: ["pending_approval", "under_review", "approved", "disbursed", "written_off"] } } }),
        tx.loanApplication.count({ where: { branchId: input.id, status: { in: ["pending", "under_review"] } } }),
      ]);
      if (staff > 0) return fail("conflict", { reason: "staffInOffice", details: { count: staff } });
      if (loans + applications > 0) return fail("conflict", { reason: "openWork", details: { count: loans + applications } });
      await tx.office.update({ where: { id: input.id }, data: { status: "closed", closedOn: calendarDateOf(input.closedOn) } });
      await writeAudit(tx, { ...auditBy(ctx), action: "office.close", entityType: "Office", entityId: input.id, after: { closedOn: input.closedOn } });
      return ok({ id: input.id });
    });
  } catch (error) {
    const refused = refusedByTree<{ id: string }>(error);
    if (refused) return refused;
    throw error;
  }
}

/**
 * The branch picker (issue 41, point 6; decision 0257): a head-office or area member of staff works in one branch of
 * her subtree, or in all of them (blank). Anything else is not found. A preference of this browser, not a record.
 */
export async function pickBranch(ctx: StaffContext, input: { branchId: string }): Promise<ActionResult<{ branchId: string | null }>> {
  if (!input.branchId) {
    await setBranchPick(null);
    return ok({ branchId: null });
  }
  const branches = await pickableBranches(ctx.user.office);
  if (!branches.some((b) => b.id === input.branchId)) return fail("notFound");
  await setBranchPick(input.branchId);
  return ok({ branchId: input.branchId });
}
