import { randomBytes } from "node:crypto";

/**
 * Ids for rows inserted in bulk with plain SQL (a restore, a field sync): the time and 48 random bits once for the
 * batch, then a counter. Like cuid ids elsewhere they start with a letter and the time, so new rows land at the end
 * of each primary-key index instead of all over it; short keys keep the indexes small; they cost nothing to make.
 */
export function batchIds(letter: string): () => string {
  const prefix = `${letter}${Date.now().toString(36)}${randomBytes(6).toString("hex")}`;
  let next = 0;
  return () => `${prefix}${(next++).toString(36).padStart(5, "0")}`;
}
