import { randomInt } from "node:crypto";

/** Letters and digits that cannot be mistaken for each other when read out on the phone (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** The short code a customer quotes on the phone, e.g. "RB-4K7Q". */
export function generateUserCode(): string {
  return `RB-${Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;
}
