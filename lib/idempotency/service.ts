import "server-only";
import { createHash } from "node:crypto";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { Prisma } from "@/lib/generated/prisma/client";

type Tx = Prisma.TransactionClient;

/** An action's request by the key its form or device made. */
export type IdempotencyClaim = {
  key: string;
  /** Whose key it is (e.g. "society:<id>"). */
  scope: string;
  /** The action's dotted name. */
  action: string;
  /** The validated input (its idempotencyKey field is left out of the hash). */
  input: unknown;
  actorId: string | null;
};

/**
 * Fields that say how to send a request, not what it is: the key itself, and the person's confirmation that a payment
 * may take the cash below zero (a confirmed resend of a refused request is the same request).
 */
const NOT_HASHED = new Set(["idempotencyKey", "confirmCashBelowZero"]);

/** Object keys sorted at every level, so the same figures hash the same whatever order a client sent them in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k, v]) => !NOT_HASHED.has(k) && v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

export function inputHash(input: unknown): string {
  return createHash("sha256").update(JSON.stringify(canonical(input)) ?? "null").digest("hex");
}

/**
 * Runs `work` once per key, in the caller's transaction. The key's row is claimed first: a concurrent request with the
 * same key waits on it (the primary key) until the first commits, then answers the first's stored result; a later
 * replay answers it at once. A refusal releases the key (the corrected form may be sent with it again), and so does a
 * rollback. The same key with other figures, or from another scope or action, is refused ("idempotencyKeyReused").
 */
export async function onceByKey<T>(tx: Tx, claim: IdempotencyClaim, work: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  const hash = inputHash(claim.input);
  const claimed = await tx.$queryRaw<{ key: string }[]>`
    INSERT INTO "IdempotentRequest" ("key", "scope", "action", "inputHash", "result", "actorId")
    VALUES (${claim.key}, ${claim.scope}, ${claim.action}, ${hash}, 'null'::jsonb, ${claim.actorId})
    ON CONFLICT ("key") DO NOTHING RETURNING "key"`;
  if (claimed.length === 0) {
    const first = await tx.idempotentRequest.findUniqueOrThrow({ where: { key: claim.key }, select: { scope: true, action: true, inputHash: true, result: true } });
    if (first.scope !== claim.scope || first.action !== claim.action || first.inputHash !== hash) return fail("conflict", { reason: "idempotencyKeyReused" });
    return ok(first.result as T);
  }
  const result = await work();
  if (result.ok) await tx.$executeRaw`UPDATE "IdempotentRequest" SET "result" = ${JSON.stringify(result.data ?? null)}::jsonb WHERE "key" = ${claim.key}`;
  else await tx.$executeRaw`DELETE FROM "IdempotentRequest" WHERE "key" = ${claim.key}`;
  return result;
}
