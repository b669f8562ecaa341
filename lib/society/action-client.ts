import "server-only";
import { z } from "zod";
import { runHandler } from "@/lib/auth/action-client";
import { fieldErrorsOf } from "@/lib/validation/field-errors";
import type { ActionResult } from "@/lib/auth/action-result";
import { hasSocietyPermission, type SocietyPermission } from "@/lib/auth/permissions";
import { getStaffContext } from "@/lib/auth/guard";
import { getSocietyAccess, recordSocietyDenied, type SocietyAccess } from "./access";

type SocietyActionSpec<S extends z.ZodType, T> = {
  /** Dotted name, e.g. "society.addMember"; shown in audit rows of refused calls. */
  name: string;
  permission: SocietyPermission;
  /** The same zod schema the dialog uses. */
  input: S;
  handler: (input: z.output<S>, access: SocietyAccess) => Promise<ActionResult<T>>;
};

/** Every society action with what it requires: the society authorization matrix test reads this. */
export const societyActionRegistry = new Map<(societyId: string, input: never) => Promise<unknown>, { name: string; permission: SocietyPermission; keyed: boolean }>();

/** Whether an action's input carries an idempotency key (the actions that move money do: tests list them). */
function takesIdempotencyKey(schema: z.ZodType): boolean {
  return schema instanceof z.ZodObject && "idempotencyKey" in schema.shape;
}

/**
 * The one action client of the society tool: society access (grant, or prototype mode) → the access
 * level's permission → zod input → handler. Without access the answer is "notFound" for signed-in
 * callers (a guessed id reveals nothing) and "unauthenticated" for anonymous ones; both are audited.
 */
export function defineSocietyAction<S extends z.ZodType, T>(
  spec: SocietyActionSpec<S, T>,
): (societyId: string, input: z.input<S>) => Promise<ActionResult<T>> {
  const action = async (societyId: string, raw: z.input<S>): Promise<ActionResult<T>> => {
    const access = await getSocietyAccess(String(societyId));
    if (!access) {
      await recordSocietyDenied(String(societyId), spec.permission, `action:${spec.name}`, null);
      return { ok: false, error: { code: (await getStaffContext()) ? "notFound" : "unauthenticated" } };
    }
    if (!hasSocietyPermission(access.access, spec.permission)) {
      await recordSocietyDenied(societyId, spec.permission, `action:${spec.name}`, access);
      return { ok: false, error: { code: "forbidden", reason: spec.permission === "society.delete" ? "adminOnly" : undefined } };
    }
    const parsed = spec.input.safeParse(raw);
    if (!parsed.success) return { ok: false, error: { code: "validation", fieldErrors: fieldErrorsOf(parsed.error) } };
    return runHandler(spec.name, () => spec.handler(parsed.data, access));
  };
  societyActionRegistry.set(action as (societyId: string, input: never) => Promise<unknown>, { name: spec.name, permission: spec.permission, keyed: takesIdempotencyKey(spec.input) });
  return action;
}
