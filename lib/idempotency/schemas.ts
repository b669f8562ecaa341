import { z } from "zod";

/**
 * The key a form (one opening of it) or a device makes for an action that moves money: the same key sent again gets the
 * first answer, never a second effect (lib/idempotency/service.ts).
 */
export const idempotencyKey = z.uuid();
