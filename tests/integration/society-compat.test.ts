/**
 * Prototype mode (PROTOTYPE_COMPAT): the demo society opens without sign-in as a society user, the
 * shared admin password (checked on the server) raises this browser session to admin until logout, a
 * forged or foreign elevation cookie raises nothing, and no other society opens without sign-in.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.PROTOTYPE_COMPAT = "true";
  process.env.SOCIETY_ADMIN_PASSWORD = "shared-test-password";
});
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", async (original) => ({
  ...(await original<typeof import("next/headers")>()),
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (arg: string | { name: string }) => void jar.delete(typeof arg === "string" ? arg : arg.name),
  }),
}));
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { prisma } from "@/lib/db";
import { addWorkerAction, deleteWorkerAction, enterSocietyAdminAction, leaveSocietyAdminAction } from "@/lib/society/actions";
import { COMPAT_ADMIN_COOKIE, DEMO_SOCIETY_ID, elevationCookieValue } from "@/lib/society/compat";
import { sessionState } from "../support/session-state";
import { createTestSociety } from "../support/society";

beforeAll(async () => {
  await prisma.society.create({ data: { id: DEMO_SOCIETY_ID, name: "আদর্শ সঞ্চয় সমিতি" } });
});

beforeEach(() => {
  jar.clear();
  sessionState.token = null;
});

let n = 0;
const worker = () => addWorkerAction(DEMO_SOCIETY_ID, { name: `কর্মী ${++n}`, area: "মিরপুর", phone: `0171100${String(1000 + n)}` });

describe("prototype mode", () => {
  it("opens the demo society to an anonymous visitor as a user: adding works, deleting is refused", async () => {
    const added = await worker();
    expect(added.ok).toBe(true);
    const row = await prisma.societyWorker.findFirstOrThrow({ where: { id: added.ok ? added.data.id : "" } });
    expect(row).toMatchObject({ createdByRole: "user", createdById: null });
    expect(await deleteWorkerAction(DEMO_SOCIETY_ID, { workerId: row.id })).toEqual({ ok: false, error: { code: "forbidden", reason: "adminOnly" } });
  });

  it("no other society opens without sign-in", async () => {
    const other = await createTestSociety();
    expect(await addWorkerAction(other.id, { name: "x", area: "y", phone: "01711009999" })).toEqual({ ok: false, error: { code: "unauthenticated" } });
  });

  it("a wrong password is refused; the right one makes this session admin until logout", async () => {
    expect(await enterSocietyAdminAction(DEMO_SOCIETY_ID, { password: "wrong" })).toEqual({ ok: false, error: { code: "forbidden", reason: "societyWrongPassword" } });
    expect(jar.has(COMPAT_ADMIN_COOKIE)).toBe(false);

    expect(await enterSocietyAdminAction(DEMO_SOCIETY_ID, { password: "shared-test-password" })).toEqual({ ok: true, data: null });
    const added = await worker();
    if (!added.ok) throw new Error("add");
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: added.data.id } })).createdByRole).toBe("admin");
    expect(await deleteWorkerAction(DEMO_SOCIETY_ID, { workerId: added.data.id })).toEqual({ ok: true, data: { removed: "deleted" } });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "society.worker.delete", entityId: added.data.id } });
    expect(audit.actorLabel).toBe("society admin (prototype mode)");

    await leaveSocietyAdminAction(DEMO_SOCIETY_ID, {});
    const again = await worker();
    if (!again.ok) throw new Error("add");
    expect(await deleteWorkerAction(DEMO_SOCIETY_ID, { workerId: again.data.id })).toMatchObject({ ok: false, error: { code: "forbidden" } });
  });

  it("a forged, expired or foreign elevation cookie raises nothing", async () => {
    const added = await worker();
    if (!added.ok) throw new Error("add");
    const other = await createTestSociety();
    for (const value of [
      `${DEMO_SOCIETY_ID}.${Date.now()}.forged`,
      elevationCookieValue(DEMO_SOCIETY_ID, Date.now() - 13 * 3600 * 1000),
      elevationCookieValue(other.id),
    ]) {
      jar.set(COMPAT_ADMIN_COOKIE, value);
      expect(await deleteWorkerAction(DEMO_SOCIETY_ID, { workerId: added.data.id })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    }
  });
});
