import "server-only";
import { prisma } from "@/lib/db";
import { RATE_LIMIT_RETENTION_MS, windowStartFor, type RateLimitRule } from "./rules";
import { log } from "@/lib/ops/logger";

export type RateLimitDecision = {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the current window ends. */
  resetAt: Date;
};

/** Share of calls that also delete expired buckets (cheap: indexed on windowStart). */
const PRUNE_PROBABILITY = 0.01;

/** Longest subject kept in a key; a forged header cannot make keys arbitrarily long. */
const MAX_SUBJECT_LENGTH = 100;

/**
 * Counts one request of `subject` (a client address) against `rule` and says whether it is allowed.
 * One INSERT … ON CONFLICT DO UPDATE statement: atomic under concurrency and across server instances.
 * Refused requests count too, so hammering does not reopen the window early.
 */
export async function consumeRateLimit(
  rule: RateLimitRule,
  subject: string,
  options: { now?: Date; random?: () => number } = {},
): Promise<RateLimitDecision> {
  const now = options.now ?? new Date();
  const windowStart = windowStartFor(now, rule.windowMs);
  const key = `${rule.name}:${subject.slice(0, MAX_SUBJECT_LENGTH)}`;
  const rows = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimitBucket" ("key", "windowStart", "count")
    VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
    RETURNING "count"`;
  const count = Number(rows[0]?.count ?? 1);

  if ((options.random ?? Math.random)() < PRUNE_PROBABILITY) {
    // Housekeeping only: a failure here must not fail the request it rides on.
    await pruneRateLimitBuckets(now).catch((error: unknown) => log.error({ area: "rate-limit", err: error }, "prune failed"));
  }

  return { allowed: count <= rule.limit, count, resetAt: new Date(windowStart.getTime() + rule.windowMs) };
}

/** Deletes buckets whose windows ended long ago. Returns how many were deleted. */
export async function pruneRateLimitBuckets(now: Date = new Date()): Promise<number> {
  const { count } = await prisma.rateLimitBucket.deleteMany({
    where: { windowStart: { lt: new Date(now.getTime() - RATE_LIMIT_RETENTION_MS) } },
  });
  return count;
}
