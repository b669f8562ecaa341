import "server-only";
import { prisma } from "@/lib/db";
import { RATE_LIMIT_RETENTION_MS, slidingCount, slidingResetAt, windowStartFor, type RateLimitRule } from "./rules";
import { log } from "@/lib/ops/logger";

export type RateLimitDecision = {
  allowed: boolean;
  /** Requests counted in the sliding window that ends now, this one included. */
  count: number;
  /** When one more request would be allowed, if none comes meanwhile. */
  resetAt: Date;
};

/** Share of calls that also delete expired buckets (cheap: indexed on windowStart). */
const PRUNE_PROBABILITY = 0.01;

/** Longest subject kept in a key; a forged header cannot make keys arbitrarily long. */
const MAX_SUBJECT_LENGTH = 100;

/**
 * Counts one request of `subject` (a client address, a number) against `rule` and says whether it is allowed.
 * One statement: the INSERT … ON CONFLICT DO UPDATE of this window's bucket, which reads the previous window's
 * beside it; atomic under concurrency and across server instances. Refused requests count too (the same subject
 * hammering does not reopen its own window early); a caller that checks several rules stops at the first refusal,
 * so one rule's refusals never count against another's subject.
 */
export async function consumeRateLimit(
  rule: RateLimitRule,
  subject: string,
  options: { now?: Date; random?: () => number } = {},
): Promise<RateLimitDecision> {
  const now = options.now ?? new Date();
  const windowStart = windowStartFor(now, rule.windowMs);
  const previousStart = new Date(windowStart.getTime() - rule.windowMs);
  const key = `${rule.name}:${subject.slice(0, MAX_SUBJECT_LENGTH)}`;
  const rows = await prisma.$queryRaw<{ count: number; previous: number }[]>`
    WITH hit AS (
      INSERT INTO "RateLimitBucket" ("key", "windowStart", "count")
      VALUES (${key}, ${windowStart}, 1)
      ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
      RETURNING "count"
    )
    SELECT hit."count",
           COALESCE((SELECT "count" FROM "RateLimitBucket" WHERE "key" = ${key} AND "windowStart" = ${previousStart}), 0) AS "previous"
    FROM hit`;
  const current = Number(rows[0]?.count ?? 1);
  const previous = Number(rows[0]?.previous ?? 0);
  const count = slidingCount(previous, current, now, rule.windowMs);

  if ((options.random ?? Math.random)() < PRUNE_PROBABILITY) {
    // Housekeeping only: a failure here must not fail the request it rides on.
    await pruneRateLimitBuckets(now).catch((error: unknown) => log.error({ area: "rate-limit", err: error }, "prune failed"));
  }

  return { allowed: count <= rule.limit, count, resetAt: slidingResetAt(rule, previous, current, now) };
}

/** Deletes buckets whose windows ended long ago, and failure counts of unknown staff numbers as long idle. Returns how many buckets were deleted. */
export async function pruneRateLimitBuckets(now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - RATE_LIMIT_RETENTION_MS);
  const { count } = await prisma.rateLimitBucket.deleteMany({ where: { windowStart: { lt: before } } });
  await prisma.unknownStaffPhone.deleteMany({ where: { updatedAt: { lt: before } } });
  return count;
}
