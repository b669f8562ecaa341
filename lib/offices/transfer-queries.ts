import "server-only";
import { prisma } from "@/lib/db";
import type { CustomerTransferStatus, StaffRole, StaffTransferStatus } from "@/lib/generated/prisma/enums";
import type { OfficeScope } from "./scope-rules";

type OfficeName = { code: string; nameBn: string; nameEn: string };

/** What a move lists of itself, whatever moves (a customer, decision 0258; a member of staff, 0260): who decided what, and why. */
export type MoveRecord = {
  id: string;
  reason: string;
  requestedBy: string;
  fromApprovedBy: string | null;
  toApprovedBy: string | null;
  rejectedBy: string | null;
  rejectionReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

export type TransferRow = MoveRecord & { status: CustomerTransferStatus; customer: { userNumber: string; name: string }; fromBranch: OfficeName; toBranch: OfficeName };

export type StaffTransferRow = MoveRecord & { status: StaffTransferStatus; staff: { name: string; role: StaffRole }; fromOffice: OfficeName; toOffice: OfficeName };

const officeName = { select: { code: true, nameBn: true, nameEn: true } } as const;
const personName = { select: { name: true } } as const;

/** The columns both kinds of move list, with the people by name. */
const moveSelect = {
  id: true,
  status: true,
  reason: true,
  rejectionReason: true,
  createdAt: true,
  decidedAt: true,
  requestedBy: personName,
  fromApprovedBy: personName,
  toApprovedBy: personName,
  rejectedBy: personName,
} as const;

type Named = { name: string };

/** The people of a move as their names (null where nobody decided yet). */
function withNames<T extends { requestedBy: Named; fromApprovedBy: Named | null; toApprovedBy: Named | null; rejectedBy: Named | null }>(row: T) {
  return {
    ...row,
    requestedBy: row.requestedBy.name,
    fromApprovedBy: row.fromApprovedBy?.name ?? null,
    toApprovedBy: row.toApprovedBy?.name ?? null,
    rejectedBy: row.rejectedBy?.name ?? null,
  };
}

const TRANSFER_PAGE_SIZE = 100;

/**
 * Transfers either of whose branches is in the scope (decision 0258): the open ones first, then the newest decided.
 * A transfer names both branches, so it is narrowed here on both columns rather than through the one-branch filters.
 */
export async function listTransfers(scope: OfficeScope): Promise<TransferRow[]> {
  const where = scope.kind === "all" ? {} : { OR: [{ fromBranchId: { in: [...scope.branchIds] } }, { toBranchId: { in: [...scope.branchIds] } }] };
  const rows = await prisma.customerTransfer.findMany({
    where,
    orderBy: [{ status: "asc" }, { createdAt: "desc" }],
    take: TRANSFER_PAGE_SIZE,
    select: { ...moveSelect, customer: { select: { userNumber: true, name: true } }, fromBranch: officeName, toBranch: officeName },
  });
  return rows.map(withNames);
}

/**
 * Staff moves either of whose offices the caller's office sees (decision 0260; the head office sees all): the open ones
 * first, then the newest decided. Offices, not branches: a move can be to or from an area or the head office.
 */
export async function listStaffTransfers(office: { path: string; parentId: string | null }): Promise<StaffTransferRow[]> {
  const where = office.parentId === null ? {} : { OR: [{ fromOffice: { path: { startsWith: office.path } } }, { toOffice: { path: { startsWith: office.path } } }] };
  const rows = await prisma.staffTransfer.findMany({
    where,
    orderBy: [{ status: "asc" }, { createdAt: "desc" }],
    take: TRANSFER_PAGE_SIZE,
    select: { ...moveSelect, staffUser: { select: { name: true, role: true } }, fromOffice: officeName, toOffice: officeName },
  });
  return rows.map(({ staffUser, ...row }) => ({ ...withNames(row), staff: staffUser }));
}
