import "server-only";
import type { IdempotencyClaim } from "@/lib/idempotency/service";
import type { SocietyActor } from "@/lib/society/access";

/** A society action's request by its form's key: keys are the society's own (another society's key is refused). */
export function societyClaim(a: SocietyActor, action: string, input: { idempotencyKey: string; [field: string]: unknown }): IdempotencyClaim {
  return { key: input.idempotencyKey, scope: `society:${a.societyId}`, action, input, actorId: a.createdById };
}
