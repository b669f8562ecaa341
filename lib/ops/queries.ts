import "server-only";
import { prisma } from "@/lib/db";

/** One round trip to the database. */
export async function pingDatabase(): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}

/** Names of the migrations applied and finished (Prisma's table, which scripts/db/schema-engine.ts writes). */
export async function appliedMigrationNames(): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ name: string }[]>`
    SELECT "migration_name" AS "name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;
  return rows.map((r) => r.name);
}

/** Jobs by status (queued, running, failed; done ones are history) and outbox messages by status (pending, failed): index scans on status. */
export async function backgroundWorkCounts(): Promise<{ jobs: Record<string, number>; outbox: Record<string, number> }> {
  const [jobs, outbox] = await Promise.all([
    prisma.job.groupBy({ by: ["status"], where: { status: { in: ["queued", "running", "failed"] } }, _count: { _all: true } }),
    prisma.outboxMessage.groupBy({ by: ["status"], where: { status: { in: ["pending", "failed"] } }, _count: { _all: true } }),
  ]);
  return {
    jobs: Object.fromEntries(jobs.map((r) => [r.status, r._count._all])),
    outbox: Object.fromEntries(outbox.map((r) => [r.status, r._count._all])),
  };
}
