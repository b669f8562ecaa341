import "server-only";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
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
} satisfies Prisma.OutboxMessageSelect;
export type OutboxRow = Prisma.OutboxMessageGetPayload<{ select: typeof listSelect }>;

/** The outbox for admins (/admin/settings/messages): newest first, by status, in pages. */
export async function listOutboxMessages(filters: OutboxFilters): Promise<{ rows: OutboxRow[]; total: number; page: number; pageCount: number }> {
  const where: Prisma.OutboxMessageWhereInput = filters.status === "all" ? {} : { status: filters.status };
  const [rows, total] = await Promise.all([
    prisma.outboxMessage.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (filters.page - 1) * OUTBOX_PAGE_SIZE,
      take: OUTBOX_PAGE_SIZE,
      select: listSelect,
    }),
    prisma.outboxMessage.count({ where }),
  ]);
  return { rows, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)) };
}

/** Messages given up on: the sidebar badge and the page's first tab. */
export function countFailedMessages(): Promise<number> {
  return prisma.outboxMessage.count({ where: { status: "failed" } });
}
