"use server";
import { z } from "zod";
import { defineAction } from "./action-client";
import { fail, ok } from "./action-result";
import { changeOwnPassword, regenerateRecoveryCodes } from "./sign-in";
import { changePasswordSchema } from "./sign-in-schemas";

export const changeOwnPasswordAction = defineAction({
  name: "profile.change_password",
  permission: "profile.manage",
  input: changePasswordSchema,
  handler: async (input, ctx) => {
    const outcome = await changeOwnPassword({ id: ctx.user.id, name: ctx.user.name }, ctx.sessionId, input, ctx.request);
    return outcome === "ok" ? ok(null) : fail("validation", { reason: "wrongPassword", fieldErrors: {} });
  },
});

export const regenerateRecoveryCodesAction = defineAction({
  name: "profile.regenerate_recovery_codes",
  permission: "profile.manage",
  input: z.object({}),
  handler: async (_input, ctx) => ok({ codes: await regenerateRecoveryCodes({ id: ctx.user.id, name: ctx.user.name }, ctx.request) }),
});
