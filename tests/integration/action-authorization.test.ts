/**
 * The authorization matrix of the back office's server actions, generated from the permission table:
 * every exported action of every actions module × every role and an anonymous caller. Refused calls
 * come back typed and leave an audit row; allowed calls get past authorization (to input validation).
 * An action exported without going through defineAction fails this test.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
vi.mock("next/cache", async (original) => ({ ...(await original<typeof import("next/cache")>()), updateTag: () => {}, revalidatePath: () => {} }));

import { prisma } from "@/lib/db";
import { actionRegistry } from "@/lib/auth/action-client";
import { ROLES, hasPermission, isBackOfficeRole } from "@/lib/auth/permissions";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { sessionState } from "../support/session-state";
import { createStaff, signInAs } from "../support/staff-session";

/** Public actions (used before anyone signs in): they rate-limit and validate themselves. */
const PUBLIC_ACTION_MODULES = ["lib/applications/actions.ts", "lib/auth/sign-in-actions.ts", "lib/kyc/public-actions.ts", "lib/borrower/sign-in-actions.ts"];
/** The society tool's actions go through defineSocietyAction; their matrix is society-authorization.test.ts. */
const SOCIETY_ACTION_MODULES = ["lib/society/actions.ts", "lib/society/field/actions.ts"];

function actionModules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : actionModules(full);
    return /actions\.ts$/.test(name) ? [path.relative(process.cwd(), full)] : [];
  });
}

type Action = (input: never) => Promise<{ ok: boolean; error?: { code: string } }>;
const actions: { module: string; exportName: string; fn: Action }[] = [];

beforeAll(async () => {
  for (const file of actionModules("lib").filter((m) => !PUBLIC_ACTION_MODULES.includes(m) && !SOCIETY_ACTION_MODULES.includes(m))) {
    const exports = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, unknown>;
    for (const [exportName, fn] of Object.entries(exports)) actions.push({ module: file, exportName, fn: fn as Action });
  }
});

async function deniedCount(where: string, kind: "access.forbidden" | "access.unauthenticated"): Promise<number> {
  return prisma.auditLog.count({ where: { action: kind, after: { path: ["where"], equals: where } } });
}

describe("back-office actions", () => {
  it("are all made with defineAction", () => {
    expect(actions.length).toBeGreaterThan(5);
    for (const a of actions) expect(actionRegistry.has(a.fn), `${a.module} ${a.exportName}`).toBe(true);
  });

  it("refuse an anonymous caller, with an audit row", async () => {
    sessionState.token = null;
    for (const a of actions) {
      const { name } = actionRegistry.get(a.fn)!;
      const before = await deniedCount(`action:${name}`, "access.unauthenticated");
      const result = await a.fn({} as never);
      expect(result, name).toEqual({ ok: false, error: { code: "unauthenticated" } });
      expect(await deniedCount(`action:${name}`, "access.unauthenticated"), name).toBe(before + 1);
    }
  });

  for (const role of ROLES as readonly StaffRole[]) {
    it(`answer ${role} by the permission table`, async () => {
      const user = await createStaff(role);
      await signInAs(user.id);
      for (const a of actions) {
        const { name, permission } = actionRegistry.get(a.fn)!;
        const allowed = isBackOfficeRole(role) && hasPermission(role, permission);
        const before = await deniedCount(`action:${name}`, "access.forbidden");
        // An empty input: an allowed caller gets past authorization and is stopped by validation.
        const result = await a.fn({} as never);
        if (allowed) {
          expect(result.ok === false && ["forbidden", "unauthenticated"].includes(result.error!.code), `${role} ${name}`).toBe(false);
          expect(await deniedCount(`action:${name}`, "access.forbidden")).toBe(before);
        } else {
          expect(result, `${role} ${name}`).toEqual({ ok: false, error: { code: "forbidden" } });
          expect(await deniedCount(`action:${name}`, "access.forbidden"), `${role} ${name}`).toBe(before + 1);
        }
      }
    });
  }
});
