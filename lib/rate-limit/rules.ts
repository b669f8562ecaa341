/**
 * Per-address limits of the public endpoints. Sliding windows (the previous window's count weighted by how much of
 * it still overlaps the last `windowMs`, plus the current one's): a burst straddling a window boundary gets the limit,
 * not twice it.
 */
export type RateLimitRule = {
  /** Prefix of the bucket key; one counter per rule and address. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
};

const TEN_MINUTES_MS = 10 * 60 * 1000;

/** Application submissions: a person submits once or twice; 10 leaves room for a shared address (office, NAT). */
export const SUBMIT_APPLICATION_LIMIT: RateLimitRule = { name: "application.submit", limit: 10, windowMs: TEN_MINUTES_MS };

/** NID image checks: every capture or retake is one check. */
export const CHECK_NID_IMAGE_LIMIT: RateLimitRule = { name: "application.check-nid-image", limit: 60, windowMs: TEN_MINUTES_MS };

/** Status lookups: low enough that guessing phone numbers for a known ID is impractical. */
export const STATUS_LOOKUP_LIMIT: RateLimitRule = { name: "application.status-lookup", limit: 20, windowMs: TEN_MINUTES_MS };

/** Staff sign-in attempts (password and code steps) per address: above any honest office's typing. */
export const STAFF_SIGN_IN_LIMIT: RateLimitRule = { name: "staff.sign-in", limit: 30, windowMs: TEN_MINUTES_MS };

/** Buckets older than this are deleted when pruning; longer than two of every rule's windows (the longest is a day). */
export const RATE_LIMIT_RETENTION_MS = 49 * 60 * 60 * 1000;

/** Start of the fixed window that contains `now`: the bucket a request is counted in. */
export function windowStartFor(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Requests in the sliding window that ends at `now`, estimated from the two buckets it overlaps: the previous
 * window's count weighted by the part of it still inside, plus the current window's (this request included).
 */
export function slidingCount(previous: number, current: number, now: Date, windowMs: number): number {
  const elapsed = (now.getTime() - windowStartFor(now, windowMs).getTime()) / windowMs;
  return Math.floor(previous * (1 - elapsed)) + current;
}

/**
 * When one more request would be allowed if none came meanwhile: the first moment the sliding count of what was
 * counted so far falls to `limit - 1`. `now` itself while under the limit.
 */
export function slidingResetAt(rule: Pick<RateLimitRule, "limit" | "windowMs">, previous: number, current: number, now: Date): Date {
  const start = windowStartFor(now, rule.windowMs).getTime();
  const room = rule.limit - 1;
  // Strictly after the moment the weighted count equals the bound (floor of an exact integer does not drop yet).
  const justAfter = (moment: number) => new Date(Math.max(now.getTime(), Math.floor(moment) + 1));
  if (current > room) {
    // Only once this window is the previous one, and enough of it has slid out: floor(current × (1 − f)) ≤ room.
    return justAfter(start + rule.windowMs + rule.windowMs * (1 - rule.limit / current));
  }
  if (previous === 0 || Math.floor(previous * (1 - (now.getTime() - start) / rule.windowMs)) + current <= room) return now;
  // Within this window: the previous one's weight falls until floor(previous × (1 − f)) ≤ room − current.
  return justAfter(start + rule.windowMs * (1 - (room - current + 1) / previous));
}

/** The KYC resubmission page: a new card photo with the link's token and the applicant's phone, per client address. */
export const KYC_RESUBMISSION_LIMIT: RateLimitRule = { name: "kyc.resubmission", limit: 10, windowMs: TEN_MINUTES_MS };

/** Borrower sign-in codes asked for, per client address: a family or a shop sharing one address stays well below. */
export const BORROWER_CODE_ADDRESS_LIMIT: RateLimitRule = { name: "borrower.code.address", limit: 10, windowMs: TEN_MINUTES_MS };


/** Borrower sign-in steps (code and NID or date of birth) per client address. */
export const BORROWER_VERIFY_ADDRESS_LIMIT: RateLimitRule = { name: "borrower.verify.address", limit: 30, windowMs: TEN_MINUTES_MS };

/**
 * NID or date-of-birth answers per mobile number per day, whatever the code or address: a new code resets the step's
 * five tries, this does not (ten guesses a day at four NID digits is years, not days).
 */
export const BORROWER_IDENTITY_PHONE_LIMIT: RateLimitRule = { name: "borrower.identity.phone", limit: 10, windowMs: 24 * 60 * 60 * 1000 };
