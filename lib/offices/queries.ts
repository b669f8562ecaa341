import "server-only";
import { prisma } from "@/lib/db";
import type { OfficeLevel, OfficeStatus } from "@/lib/generated/prisma/enums";
import { isoDateOf } from "@/lib/validation/fields";

export type OfficeRow = {
  id: string;
  code: string;
  nameBn: string;
  nameEn: string;
  level: OfficeLevel;
  parentId: string | null;
  /** 0 for the head office, 1 under it, … (from the path). */
  depth: number;
  division: string | null;
  district: string | null;
  upazila: string | null;
  /** Taka; null: no limit of its own. */
  approvalLimit: number | null;
  /** Its own weekly days off (decision 0259); empty: the nearest office above's, else the lender's. */
  weeklyDaysOff: number[];
  openedOn: string;
  status: OfficeStatus;
  closedOn: string | null;
  staff: number;
  customers: number;
};

/** Every office in tree order (a parent before its children, siblings by code), with its staff and customers. */
export async function listOffices(): Promise<OfficeRow[]> {
  const rows = await prisma.office.findMany({
    select: {
      id: true,
      code: true,
      nameBn: true,
      nameEn: true,
      level: true,
      parentId: true,
      path: true,
      division: true,
      district: true,
      upazila: true,
      approvalLimit: true,
      weeklyDaysOff: true,
      openedOn: true,
      status: true,
      closedOn: true,
      _count: { select: { staff: true, customers: true } },
    },
  });
  const byParent = new Map<string | null, typeof rows>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const ordered: OfficeRow[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const row of [...(byParent.get(parentId) ?? [])].sort((a, b) => a.code.localeCompare(b.code))) {
      ordered.push({
        id: row.id,
        code: row.code,
        nameBn: row.nameBn,
        nameEn: row.nameEn,
        level: row.level,
        parentId: row.parentId,
        depth,
        division: row.division,
        district: row.district,
        upazila: row.upazila,
        approvalLimit: row.approvalLimit,
        weeklyDaysOff: row.weeklyDaysOff,
        openedOn: isoDateOf(row.openedOn),
        status: row.status,
        closedOn: row.closedOn ? isoDateOf(row.closedOn) : null,
        staff: row._count.staff,
        customers: row._count.customers,
      });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return ordered;
}

/** The open branches, for assigning an application of the head office's queue (tree order is not needed: by code). */
export function listOpenBranches(): Promise<{ id: string; code: string; nameBn: string; nameEn: string }[]> {
  return prisma.office.findMany({ where: { level: "branch", status: "open" }, select: { id: true, code: true, nameBn: true, nameEn: true }, orderBy: { code: "asc" } });
}

export type UpazilaRouteRow = { upazilaCode: string; branch: { code: string; nameBn: string; nameEn: string; status: "open" | "closed" } };

/** Every routed upazila with its branch (a closed branch's routes stay listed, and route nothing); the page orders them by name. */
export function listUpazilaRoutes(): Promise<UpazilaRouteRow[]> {
  return prisma.upazilaBranch.findMany({
    select: { upazilaCode: true, branch: { select: { code: true, nameBn: true, nameEn: true, status: true } } },
  });
}
