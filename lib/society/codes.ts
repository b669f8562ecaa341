/**
 * The society tool's record codes (spec section 3): a prefix and at least three digits, W001, M001,
 * C001, IE001, WS001, WD001; more digits past 999. Pure; numbers come from the per-society sequence.
 */
export const SOCIETY_CODE_PREFIX = {
  worker: "W",
  member: "M",
  collection: "C",
  incomeExpense: "IE",
  salary: "WS",
  withdrawal: "WD",
} as const;

export type SocietyCodeKind = keyof typeof SOCIETY_CODE_PREFIX;

export function societyCode(prefix: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`code number must be a positive integer, got ${n}`);
  return `${prefix}${String(n).padStart(3, "0")}`;
}

/** The codes numbered first+1 … first+count of a kind. */
export function societyCodes(kind: SocietyCodeKind, lastBefore: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => societyCode(SOCIETY_CODE_PREFIX[kind], lastBefore + i + 1));
}

/** The number in a code of the kind ("M017" → 17), or null for anything else (an imported oddity). */
export function societyCodeNumber(kind: SocietyCodeKind, code: string): number | null {
  const prefix = SOCIETY_CODE_PREFIX[kind];
  const match = code.startsWith(prefix) ? /^(\d+)$/.exec(code.slice(prefix.length)) : null;
  return match?.[1] ? Number(match[1]) : null;
}
