import { randomInt } from "node:crypto";

/** Ten single-use recovery codes, "xxxxx-xxxxx" from an alphabet without look-alikes (0/o, 1/l/i). */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUP = 5;

export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const group = () => Array.from({ length: GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return Array.from({ length: count }, () => `${group()}-${group()}`);
}

/** As typed: any case, spaces or dashes anywhere. Null when it cannot be a recovery code. */
export function normalizeRecoveryCode(input: string): string | null {
  const compact = input.toLowerCase().replace(/[\s-]/g, "");
  return new RegExp(`^[${ALPHABET}]{${GROUP * 2}}$`).test(compact) ? compact : null;
}
