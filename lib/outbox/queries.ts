import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { officeDb, type OfficeScope } from "@/lib/offices/scope";
import type { OutboxFilters } from "./schemas";

export const OUTBOX_PAGE_SIZE = 20;

const listSelect = {
  id: true,
  channel: true,
  recipient: true,
  language: true,
  template: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastError: true,
  sentAt: true,
  createdAt: true,
  branch: { select: { code: true, nameBn: true, nameEn: true } },
} satisfies Prisma.OutboxMessageSelect;
export type OutboxRow = Prisma.OutboxMessageGetPayload<{ select: typeof listSelect }>;

/** The outbox for admins (/admin/settings/messages): newest first, by status, in pages, through the office scope. */
export async function listOutboxMessages(filters: OutboxFilters, scope: OfficeScope): Promise<{ rows: OutboxRow[]; total: number; page: number; pageCount: number }> {
  const where: Prisma.OutboxMessageWhereInput = filters.status === "all" ? {} : { status: filters.status };
  const db = officeDb(scope);
  const [rows, total] = await Promise.all([
    db.outboxMessage.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (filters.page - 1) * OUTBOX_PAGE_SIZE,
      take: OUTBOX_PAGE_SIZE,
      select: listSelect,
    }),
    db.outboxMessage.count({ where }),
  ]);
  return { rows, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)) };
}

/** Messages given up on: the sidebar badge and the page's first tab. */
export function countFailedMessages(scope: OfficeScope): Promise<number> {
  return officeDb(scope).outboxMessage.count({ where: { status: "failed" } });
}
