/**
 * Per-address limits of the public endpoints. Fixed windows: a burst straddling a window boundary
 * can reach twice the limit, which is acceptable for stopping scripted floods.
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

/** Buckets older than this are deleted when pruning; longer than every rule's window. */
export const RATE_LIMIT_RETENTION_MS = 60 * 60 * 1000;

/** Start of the fixed window that contains `now`. */
export function windowStartFor(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}
