/**
 * Public application references. Pure (no server imports): the /status form uses the parser too.
 *
 * A new application gets a short reference that is easy to say on the phone and to type: "LB-" and eight characters
 * from Crockford's alphabet (digits and capital letters without I, L, O and U, so nothing reads as another), the last a
 * check character (Luhn mod 32), shown in two groups: "LB-7K3Q-9M2X". Seven random characters give 34 billion
 * references; the database's unique constraint catches a repeat and the service retries. A typed reference is read
 * forgivingly (lowercase, spaces, no dashes, Bengali digits, O for 0, I and L for 1), and a typo is caught by the
 * check character before any lookup.
 *
 * Older applications keep the prototype's reference, "LB" + the submission time in epoch milliseconds (+ three random
 * digits since the server has it): it still works everywhere a reference is typed.
 */
import { toAsciiDigits } from "@/lib/format";
import { formatNumberedCode, nextNumberedCode } from "@/lib/ids/sequence";

export const APPLICATION_ID_PREFIX = "LB";
/** Crockford's base-32 alphabet: no I, L, O or U. */
export const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Random characters of a reference; the check character follows them. */
export const REFERENCE_RANDOM_LENGTH = 7;

/** Web Crypto (Node and browsers alike): one alphabet index per byte, without modulo bias (256 = 8 × 32). */
function randomIndexes(count: number): number[] {
  return [...globalThis.crypto.getRandomValues(new Uint8Array(count))].map((b) => b % REFERENCE_ALPHABET.length);
}

/** The Luhn mod N check character of `body` (N = 32): catches every single wrong character and most swapped pairs. */
export function referenceCheckCharacter(body: string): string {
  const n = REFERENCE_ALPHABET.length;
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    const code = REFERENCE_ALPHABET.indexOf(body[i]!);
    if (code < 0) throw new RangeError(`not a reference character: ${body[i]}`);
    const addend = factor * code;
    sum += Math.floor(addend / n) + (addend % n);
    factor = factor === 2 ? 1 : 2;
  }
  return REFERENCE_ALPHABET[(n - (sum % n)) % n]!;
}

/** A new reference, e.g. "LB-7K3Q-9M2X". `indexes` replaces the random source (tests). */
export function generateApplicationId(indexes: () => number[] = () => randomIndexes(REFERENCE_RANDOM_LENGTH)): string {
  const picked = indexes();
  if (picked.length !== REFERENCE_RANDOM_LENGTH || picked.some((i) => !Number.isInteger(i) || i < 0 || i >= REFERENCE_ALPHABET.length)) {
    throw new RangeError(`the random source must give ${REFERENCE_RANDOM_LENGTH} indexes below ${REFERENCE_ALPHABET.length}`);
  }
  const body = picked.map((i) => REFERENCE_ALPHABET[i]).join("");
  const code = body + referenceCheckCharacter(body);
  return `${APPLICATION_ID_PREFIX}-${code.slice(0, 4)}-${code.slice(4)}`;
}

const LEGACY_ID_PATTERN = /^LB\d{10,24}$/;
const SHORT_ID_PATTERN = new RegExp(`^LB([${REFERENCE_ALPHABET}]{${REFERENCE_RANDOM_LENGTH + 1}})$`);

/**
 * A reference as a person types it: spaces, dashes or none, lowercase, Bengali digits, O/I/L for 0/1/1.
 * Returns the stored form ("LB-7K3Q-9M2X", or an older "LB1795336200123042") or null when it cannot be one,
 * a short reference whose check character does not match included.
 */
export function normalizeApplicationId(input: string): string | null {
  const compact = toAsciiDigits(input).replace(/[\s-]/g, "").toUpperCase();
  if (LEGACY_ID_PATTERN.test(compact)) return compact;
  if (!compact.startsWith(APPLICATION_ID_PREFIX)) return null;
  const code = compact.slice(APPLICATION_ID_PREFIX.length).replace(/O/g, "0").replace(/[IL]/g, "1");
  const match = SHORT_ID_PATTERN.exec(`${APPLICATION_ID_PREFIX}${code}`);
  if (!match) return null;
  const body = code.slice(0, REFERENCE_RANDOM_LENGTH);
  if (referenceCheckCharacter(body) !== code.slice(REFERENCE_RANDOM_LENGTH)) return null;
  return `${APPLICATION_ID_PREFIX}-${code.slice(0, 4)}-${code.slice(4)}`;
}

/** KYC case references: "KYC-" + a sequence number of at least 6 digits, e.g. "KYC-000123". */
export function formatKycCaseNumber(sequence: number): string {
  return formatNumberedCode("KYC-", sequence);
}

/** The case number after `last` (the highest existing one, or null when there is none). */
export function nextKycCaseNumber(last: string | null): string {
  return nextNumberedCode("KYC-", last);
}
