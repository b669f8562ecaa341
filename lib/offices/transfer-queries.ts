import "server-only";
import { prisma } from "@/lib/db";
import type { CustomerTransferStatus, StaffRole, StaffTransferStatus } from "@/lib/generated/prisma/enums";
import type { OfficeScope } from "./scope-rules";

type BranchName = { code: string; nameBn: string; nameEn: string };

export type TransferRow = {
  id: string;
  status: CustomerTransferStatus;
  customer: { userNumber: string; name: string };
  fromBranch: BranchName;
  toBranch: BranchName;
  reason: string;
  requestedBy: string;
  fromApprovedBy: string | null;
  toApprovedBy: string | null;
  rejectedBy: string | null;
  rejectionReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

const TRANSFER_PAGE_SIZE = 100;

/**
 * Transfers either of whose branches is in the scope (decision 0258): the open ones first, then the newest decided.
 * A transfer names both branches, so it is narrowed here on both columns rather than through the one-branch filters.
 */
export async function listTransfers(scope: OfficeScope): Promise<TransferRow[]> {
  const where = scope.kind === "all" ? {} : { OR: [{ fromBranchId: { in: [...scope.branchIds] } }, { toBranchId: { in: [...scope.branchIds] } }] };
  const branch = { select: { code: true, nameBn: true, nameEn: true } };
  const name = { select: { name: true } };
  const rows = await prisma.customerTransfer.findMany({
    where,
    orderBy: [{ status: "asc" }, { createdAt: "desc" }],
    take: TRANSFER_PAGE_SIZE,
    select: {
      id: true,
      status: true,
      reason: true,
      rejectionReason: true,
      createdAt: true,
      decidedAt: true,
      customer: { select: { userNumber: true, name: true } },
      fromBranch: branch,
      toBranch: branch,
      requestedBy: name,
      fromApprovedBy: name,
      toApprovedBy: name,
      rejectedBy: name,
    },
  });
  return rows.map((r) => ({
    ...r,
    requestedBy: r.requestedBy.name,
    fromApprovedBy: r.fromApprovedBy?.name ?? null,
    toApprovedBy: r.toApprovedBy?.name ?? null,
    rejectedBy: r.rejectedBy?.name ?? null,
  }));
}

type OfficeName = { code: string; nameBn: string; nameEn: string };

export type StaffTransferRow = {
  id: string;
  status: StaffTransferStatus;
  staff: { name: string; role: StaffRole };
  fromOffice: OfficeName;
  toOffice: OfficeName;
  reason: string;
  requestedBy: string;
  fromApprovedBy: string | null;
  toApprovedBy: string | null;
  rejectedBy: string | null;
  rejectionReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

/**
 * Staff moves either of whose offices the caller's office sees (decision 0260; the head office sees all): the open ones
 * first, then the newest decided. Offices, not branches: a move can be to or from an area or the head office.
 */
export async function listStaffTransfers(office: { path: string; parentId: string | null }): Promise<StaffTransferRow[]> {
  const where = office.parentId === null ? {} : { OR: [{ fromOffice: { path: { startsWith: office.path } } }, { toOffice: { path: { startsWith: office.path } } }] };
  const named = { select: { code: true, nameBn: true, nameEn: true } };
  const name = { select: { name: true } };
  const rows = await prisma.staffTransfer.findMany({
    where,
    orderBy: [{ status: "asc" }, { createdAt: "desc" }],
    take: TRANSFER_PAGE_SIZE,
    select: {
      id: true,
      status: true,
      reason: true,
      rejectionReason: true,
      createdAt: true,
      decidedAt: true,
      staffUser: { select: { name: true, role: true } },
      fromOffice: named,
      toOffice: named,
      requestedBy: name,
      fromApprovedBy: name,
      toApprovedBy: name,
      rejectedBy: name,
    },
  });
  return rows.map(({ staffUser, ...r }) => ({
    ...r,
    staff: staffUser,
    requestedBy: r.requestedBy.name,
    fromApprovedBy: r.fromApprovedBy?.name ?? null,
    toApprovedBy: r.toApprovedBy?.name ?? null,
    rejectedBy: r.rejectedBy?.name ?? null,
  }));
}
