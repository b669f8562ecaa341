/**
 * Human-readable sequential references: a prefix and a number of at least six digits, e.g. "KYC-000123",
 * "LN-000042", "U000007". Pure; allocation under a lock is in ./allocate.ts.
 */
export function formatNumberedCode(prefix: string, sequence: number, minDigits = 6): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`sequence must be a positive integer, got ${sequence}`);
  return `${prefix}${String(sequence).padStart(minDigits, "0")}`;
}

/** The code after `last` (the highest existing one, or null when there is none). */
export function nextNumberedCode(prefix: string, last: string | null, minDigits = 6): string {
  const match = last?.startsWith(prefix) ? /^(\d+)$/.exec(last.slice(prefix.length)) : null;
  return formatNumberedCode(prefix, match?.[1] ? Number(match[1]) + 1 : 1, minDigits);
}
