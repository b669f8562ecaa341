import "server-only";
import { z } from "zod";
import { fieldErrorsOf } from "@/lib/validation/field-errors";
import { getStaffContext, isAllowed, recordDenied, type StaffContext } from "./guard";
import type { Permission } from "./permissions";
import type { ActionError, ActionResult } from "./action-result";
import { log } from "@/lib/ops/logger";

export type { ActionError, ActionResult };
export { fail, ok } from "./action-result";

type ActionSpec<S extends z.ZodType, T> = {
  /** Dotted name, e.g. "applications.decide"; shown in audit rows of refused calls. */
  name: string;
  permission: Permission;
  /** The same zod schema the form uses. */
  input: S;
  handler: (input: z.output<S>, ctx: StaffContext) => Promise<ActionResult<T>>;
};

/** Every action made by defineAction, with what it requires: the authorization matrix test reads this. */
export const actionRegistry = new Map<(input: never) => Promise<unknown>, { name: string; permission: Permission }>();

/** Runs an authorized action's handler: an unexpected exception is logged and becomes { code: "server" }. */
export async function runHandler<T>(name: string, handler: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await handler();
  } catch (error) {
    // Next.js control flow (redirect, notFound) must pass through.
    if (error instanceof Error && "digest" in error && typeof error.digest === "string" && error.digest.startsWith("NEXT_")) throw error;
    log.error({ area: "action", action: name, err: error }, "action failed");
    return { ok: false, error: { code: "server" } };
  }
}

/**
 * The one authenticated action client of the back office: session → permission → zod input → handler.
 * Refusals are audited and come back as typed errors whose codes the forms translate; an unexpected
 * exception is logged and becomes { code: "server" }, never a stack trace in the browser.
 */
export function defineAction<S extends z.ZodType, T>(spec: ActionSpec<S, T>): (input: z.input<S>) => Promise<ActionResult<T>> {
  const action = async (raw: z.input<S>): Promise<ActionResult<T>> => {
    const ctx = await getStaffContext();
    if (!ctx) {
      await recordDenied(null, spec.permission, `action:${spec.name}`);
      return { ok: false, error: { code: "unauthenticated" } };
    }
    if (!isAllowed(ctx, spec.permission)) {
      await recordDenied(ctx, spec.permission, `action:${spec.name}`);
      return { ok: false, error: { code: "forbidden" } };
    }
    const parsed = spec.input.safeParse(raw);
    if (!parsed.success) return { ok: false, error: { code: "validation", fieldErrors: fieldErrorsOf(parsed.error) } };
    return runHandler(spec.name, () => spec.handler(parsed.data, ctx));
  };
  actionRegistry.set(action as (input: never) => Promise<unknown>, { name: spec.name, permission: spec.permission });
  return action;
}
