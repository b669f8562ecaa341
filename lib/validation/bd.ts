import { toAsciiDigits } from "@/lib/format";

/**
 * Bangladeshi mobile number as people type it: 01712-345678, +880 1712 345678, 8801712345678,
 * 00880…, Bengali digits. Returns E.164 (+8801712345678) or null. Operators use 013–019.
 */
export function normalizeBdMobile(input: string): string | null {
  const digits = toAsciiDigits(input).replace(/[\s\-().]/g, "");
  const match = /^(?:\+?88|0088)?(01[3-9]\d{8})$/.exec(digits);
  return match ? `+88${match[1]}` : null;
}

/** NID number: 10 (smart card), 13 (old card) or 17 digits (birth year + 13). Spaces and dashes ignored. */
export function normalizeNid(input: string): string | null {
  const digits = toAsciiDigits(input).replace(/[\s-]/g, "");
  return /^(\d{10}|\d{13}|\d{17})$/.test(digits) ? digits : null;
}
