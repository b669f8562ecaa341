/**
 * Public application IDs. Pure (no server imports): the /status form may use the parser too.
 *
 * The prototype's look is kept: "LB" + the submission time in epoch milliseconds. Two submissions in
 * the same millisecond (one server or several) would collide, so three random digits follow the
 * timestamp; the database's unique constraint catches the remaining 1-in-1000 case and the service
 * retries with a fresh ID. The full ID is shown (the prototype cut it to 12 characters, which dropped
 * the last milliseconds and made IDs ambiguous).
 */
import { toAsciiDigits } from "@/lib/format";
import { formatNumberedCode, nextNumberedCode } from "@/lib/ids/sequence";

export const APPLICATION_ID_PREFIX = "LB";
/** Random digits after the timestamp. */
export const APPLICATION_ID_SUFFIX_DIGITS = 3;

/** Web Crypto (Node and browsers alike); the modulo bias over 2^32 is irrelevant here. */
function randomSuffixDigits(): number {
  const [value = 0] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return value % 10 ** APPLICATION_ID_SUFFIX_DIGITS;
}

/** "LB" + epoch ms (13 digits until the year 2286) + 3 random digits, e.g. "LB1763845200123042". */
export function generateApplicationId(
  nowMs: number = Date.now(),
  randomSuffix: () => number = randomSuffixDigits,
): string {
  if (!Number.isSafeInteger(nowMs) || nowMs < 0) throw new RangeError(`nowMs must be a non-negative integer, got ${nowMs}`);
  const suffix = randomSuffix();
  if (!Number.isInteger(suffix) || suffix < 0 || suffix >= 10 ** APPLICATION_ID_SUFFIX_DIGITS) {
    throw new RangeError(`randomSuffix must return 0-${10 ** APPLICATION_ID_SUFFIX_DIGITS - 1}, got ${suffix}`);
  }
  return `${APPLICATION_ID_PREFIX}${nowMs}${String(suffix).padStart(APPLICATION_ID_SUFFIX_DIGITS, "0")}`;
}

const APPLICATION_ID_PATTERN = /^LB\d{10,24}$/;

/**
 * An application ID as a person types it: spaces around it, a lowercase "lb", Bengali digits.
 * Returns the canonical form ("LB" + ASCII digits) or null when it cannot be one.
 */
export function normalizeApplicationId(input: string): string | null {
  const ascii = toAsciiDigits(input).replace(/[\s-]/g, "").toUpperCase();
  return APPLICATION_ID_PATTERN.test(ascii) ? ascii : null;
}

/** KYC case references: "KYC-" + a sequence number of at least 6 digits, e.g. "KYC-000123". */
export function formatKycCaseNumber(sequence: number): string {
  return formatNumberedCode("KYC-", sequence);
}

/** The case number after `last` (the highest existing one, or null when there is none). */
export function nextKycCaseNumber(last: string | null): string {
  return nextNumberedCode("KYC-", last);
}
