import { randomInt } from "node:crypto";

/** Letters and digits that cannot be mistaken for each other when read out on the phone (no 0/O, 1/I/L). */
export const USER_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const USER_CODE_PATTERN = /^RB-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/;

/**
 * The short code a customer quotes on the phone, e.g. "RB-4K7Q": four random characters, so it says nothing
 * about how many customers there are. Uniqueness is the caller's job (it retries on a collision).
 */
export function generateUserCode(randomIndex: (size: number) => number = randomInt): string {
  return `RB-${Array.from({ length: 4 }, () => USER_CODE_ALPHABET[randomIndex(USER_CODE_ALPHABET.length)]).join("")}`;
}
