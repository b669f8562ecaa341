import "server-only";
import { prisma } from "@/lib/db";
import type { BlacklistKind, Prisma } from "@/lib/generated/prisma/client";
import { toAsciiDigits } from "@/lib/format";
import { normalizeBdMobile, normalizeNid } from "@/lib/validation/bd";
import type { BlacklistFilters } from "./schemas";

export type BlacklistHit = { id: string; kind: BlacklistKind; value: string; reason: string };

/**
 * The blacklist entries that name this NID or phone (either given in any usual form: Bengali digits, +880, spaces).
 * Takes a transaction so the KYC checks read it in the same snapshot as the case.
 */
export async function findBlacklistHits(db: Prisma.TransactionClient = prisma, person: { nid?: string | null; phone?: string | null }): Promise<BlacklistHit[]> {
  const nid = person.nid ? normalizeNid(person.nid) : null;
  const phone = person.phone ? normalizeBdMobile(person.phone) : null;
  const or: Prisma.BlacklistEntryWhereInput[] = [...(nid ? [{ kind: "nid" as const, value: nid }] : []), ...(phone ? [{ kind: "phone" as const, value: phone }] : [])];
  if (or.length === 0) return [];
  return db.blacklistEntry.findMany({ where: { OR: or }, select: { id: true, kind: true, value: true, reason: true }, orderBy: { kind: "asc" } });
}

export const BLACKLIST_PAGE_SIZE = 20;

function blacklistWhere(filters: Pick<BlacklistFilters, "q" | "kind">): Prisma.BlacklistEntryWhereInput {
  const and: Prisma.BlacklistEntryWhereInput[] = [];
  if (filters.kind !== "any") and.push({ kind: filters.kind });
  if (filters.q) {
    // A number is looked up the way it is stored; any other text in the reasons.
    const nid = normalizeNid(filters.q);
    const phone = normalizeBdMobile(filters.q);
    and.push({
      OR: [
        ...(nid ? [{ value: nid }] : []),
        ...(phone ? [{ value: phone }] : []),
        { value: { contains: toAsciiDigits(filters.q).replace(/[\s-]/g, ""), mode: "insensitive" } },
        { reason: { contains: filters.q, mode: "insensitive" } },
      ],
    });
  }
  return and.length > 0 ? { AND: and } : {};
}

const listSelect = { id: true, kind: true, value: true, reason: true, createdAt: true, addedBy: { select: { name: true } } } satisfies Prisma.BlacklistEntrySelect;
export type BlacklistRow = Prisma.BlacklistEntryGetPayload<{ select: typeof listSelect }>;

export async function listBlacklist(filters: BlacklistFilters): Promise<{ rows: BlacklistRow[]; total: number; page: number; pageCount: number }> {
  const where = blacklistWhere(filters);
  const [rows, total] = await Promise.all([
    prisma.blacklistEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (filters.page - 1) * BLACKLIST_PAGE_SIZE, take: BLACKLIST_PAGE_SIZE, select: listSelect }),
    prisma.blacklistEntry.count({ where }),
  ]);
  return { rows, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / BLACKLIST_PAGE_SIZE)) };
}

/** Every entry, oldest first, for the CSV export (the list stays small: thousands, not millions). */
export function exportBlacklist(): Promise<BlacklistRow[]> {
  return prisma.blacklistEntry.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: listSelect });
}
