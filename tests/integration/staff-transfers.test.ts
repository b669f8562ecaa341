/**
 * Issue 41, point 5 (decision 0260): a member of staff moves to another office the way a customer moves to another
 * branch. A head-office admin asks; a manager who sees each office approves (neither the requester nor the person
 * moved); the second approval moves her, and her session's scope follows at once. Of 20 concurrent requests one is
 * recorded; of 20 concurrent approvals of one side one completes. The database refuses a decided move's change, its
 * deletion and an approval by its requester.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { getStaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { approveStaffTransferAction, rejectStaffTransferAction, requestStaffTransferAction } from "@/lib/offices/actions";
import { approveStaffTransfer, requestStaffTransfer } from "@/lib/offices/staff-transfers";
import { listStaffTransfers } from "@/lib/offices/transfer-queries";
import { seedDemo } from "@/prisma/seed";
import { createStaff, signInAs, staffContextOf } from "../support/staff-session";

const HEAD = "office-head";
const MAIN = "office-main-branch";
const DEMO_AREA = "office-demo-area";
let east: string;
let west: string;
let closed: string;

const office = async (code: string, parentId: string, level: "branch" | "area" = "branch") =>
  (await prisma.office.create({ data: { code, nameBn: `অফিস ${code}`, nameEn: `Office ${code}`, level, parentId, openedOn: new Date("2026-01-01") } })).id;

beforeAll(async () => {
  // The demo tree: the main branch under the demo area.
  await seedDemo(prisma);
  const otherArea = await office("ST-A", HEAD, "area");
  east = await office("ST-1", DEMO_AREA);
  west = await office("ST-2", otherArea);
  closed = await office("ST-3", otherArea);
  await prisma.office.update({ where: { id: closed }, data: { status: "closed", closedOn: new Date("2026-06-01") } });
});

/** What the moved person's own next request sees: the guard reads her office with the session, every time. */
async function branchesSeenBy(staffUserId: string): Promise<readonly string[]> {
  await signInAs(staffUserId);
  const ctx = await getStaffContext();
  if (!ctx) throw new Error("no session");
  return ctx.scope.kind === "all" ? ["all"] : ctx.scope.branchIds;
}

describe("a member of staff's move to another office", () => {
  it("is asked by the head office, approved by a manager of each office, and her session's scope follows at once", async () => {
    const [admin, moving, areaManager, eastManager] = await Promise.all([
      createStaff("admin"),
      createStaff("branch_manager", { officeId: MAIN }),
      createStaff("area_manager", { officeId: DEMO_AREA }),
      createStaff("branch_manager", { officeId: east }),
    ]);
    expect(await branchesSeenBy(moving.id)).toEqual([MAIN]);

    await signInAs(admin.id);
    const ask = (toOfficeId: string, reason = "নতুন শাখা খোলা হয়েছে") => requestStaffTransferAction({ staffUserId: moving.id, toOfficeId, reason });
    expect(await ask(MAIN)).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { toOfficeId: "sameOffice" } } });
    expect(await ask(closed)).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { toOfficeId: "officeNotOpen" } } });
    expect(await ask(east, "")).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { reason: "required" } } });
    expect(await requestStaffTransferAction({ staffUserId: admin.id, toOfficeId: east, reason: "নিজে" })).toEqual({ ok: false, error: { code: "forbidden", reason: "ownMove" } });
    expect(await prisma.staffTransfer.count({ where: { staffUserId: { in: [moving.id, admin.id] } } })).toBe(0);
    const asked = await ask(east);
    if (!asked.ok) throw new Error(JSON.stringify(asked));
    const { transferId } = asked.data;
    expect(await ask(west)).toEqual({ ok: false, error: { code: "conflict", reason: "staffTransferOpen" } });
    // The requester is the maker, and the person moved never approves her own move.
    expect(await approveStaffTransferAction({ transferId })).toEqual({ ok: false, error: { code: "forbidden", reason: "sameAsRequester" } });
    await signInAs(moving.id);
    expect(await approveStaffTransferAction({ transferId })).toEqual({ ok: false, error: { code: "forbidden", reason: "ownMove" } });

    await signInAs(areaManager.id);
    expect(await approveStaffTransferAction({ transferId })).toEqual({ ok: true, data: { transferId, completed: false } });
    expect(await branchesSeenBy(moving.id)).toEqual([MAIN]);
    await signInAs(eastManager.id);
    expect(await approveStaffTransferAction({ transferId })).toEqual({ ok: true, data: { transferId, completed: true } });

    expect((await prisma.staffUser.findUniqueOrThrow({ where: { id: moving.id } })).officeId).toBe(east);
    expect(await branchesSeenBy(moving.id)).toEqual([east]);
    expect(await prisma.auditLog.findMany({ where: { entityId: transferId }, select: { action: true }, orderBy: { createdAt: "asc" } })).toEqual([
      { action: "staff.transfer.request" },
      { action: "staff.transfer.approve" },
      { action: "staff.transfer.complete" },
    ]);

    // Decided: never changed, never deleted, whatever the code does.
    await expect(prisma.staffTransfer.update({ where: { id: transferId }, data: { toOfficeId: west } })).rejects.toThrow(/never change/);
    await expect(prisma.staffTransfer.delete({ where: { id: transferId } })).rejects.toThrow(/never deleted/);
  });

  it("is hidden from a manager of neither office, listed for both, and the database refuses its requester as approver", async () => {
    const [admin, moving, stranger, mainManager, westManager] = await Promise.all([
      createStaff("admin"),
      createStaff("loan_officer", { officeId: MAIN }),
      createStaff("branch_manager", { officeId: east }),
      createStaff("branch_manager", { officeId: MAIN }),
      createStaff("branch_manager", { officeId: west }),
    ]);
    await signInAs(admin.id);
    const asked = await requestStaffTransferAction({ staffUserId: moving.id, toOfficeId: west, reason: "বদলি" });
    if (!asked.ok) throw new Error(JSON.stringify(asked));
    const { transferId } = asked.data;
    const listed = async (id: string) => (await listStaffTransfers((await staffContextOf(id)).user.office)).map((r) => r.id);
    expect(await listed(stranger.id)).not.toContain(transferId);
    expect(await listed(mainManager.id)).toContain(transferId);
    expect(await listed(westManager.id)).toContain(transferId);
    expect(await listed(admin.id)).toContain(transferId);
    await signInAs(stranger.id);
    expect(await approveStaffTransferAction({ transferId })).toEqual({ ok: false, error: { code: "notFound" } });
    expect(await rejectStaffTransferAction({ transferId, reason: "না" })).toEqual({ ok: false, error: { code: "notFound" } });
    // A loan officer holds no staff.transfer: refused before anything is read.
    await signInAs(moving.id);
    expect(await approveStaffTransferAction({ transferId })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await expect(prisma.staffTransfer.update({ where: { id: transferId }, data: { fromApprovedById: admin.id } })).rejects.toThrow(/two people other than its requester/);

    // The person moved decides nothing of her move, a rejection included (a loan officer holds no staff.transfer anyway:
    // a branch manager moved is refused by the rule itself, in the next test).
    await signInAs(westManager.id);
    expect(await rejectStaffTransferAction({ transferId, reason: "এখানে পদ খালি নেই" })).toEqual({ ok: true, data: { transferId } });
    await signInAs(mainManager.id);
    expect(await approveStaffTransferAction({ transferId })).toMatchObject({ ok: false, error: { code: "conflict", reason: "transferDecided" } });
    expect((await prisma.staffUser.findUniqueOrThrow({ where: { id: moving.id } })).officeId).toBe(MAIN);
  });

  it("a manager moved neither approves nor rejects her own move; one deactivated meanwhile is not moved", async () => {
    const [admin, moving, areaManager, eastManager] = await Promise.all([
      createStaff("admin"),
      createStaff("branch_manager", { officeId: MAIN }),
      createStaff("area_manager", { officeId: DEMO_AREA }),
      createStaff("branch_manager", { officeId: east }),
    ]);
    await signInAs(admin.id);
    const asked = await requestStaffTransferAction({ staffUserId: moving.id, toOfficeId: east, reason: "বদলি" });
    if (!asked.ok) throw new Error(JSON.stringify(asked));
    const { transferId } = asked.data;
    await signInAs(moving.id);
    expect(await rejectStaffTransferAction({ transferId, reason: "যেতে চাই না" })).toEqual({ ok: false, error: { code: "forbidden", reason: "ownMove" } });
    await signInAs(areaManager.id);
    expect(await approveStaffTransferAction({ transferId })).toMatchObject({ ok: true, data: { completed: false } });
    await prisma.staffUser.update({ where: { id: moving.id }, data: { active: false } });
    await signInAs(eastManager.id);
    expect(await approveStaffTransferAction({ transferId })).toEqual({ ok: false, error: { code: "conflict", reason: "staffInactive" } });
    expect((await prisma.staffUser.findUniqueOrThrow({ where: { id: moving.id } })).officeId).toBe(MAIN);
    expect((await prisma.staffTransfer.findUniqueOrThrow({ where: { id: transferId } })).status).toBe("requested");
    // The database: a move starts as someone else's undecided request.
    await expect(prisma.staffTransfer.create({ data: { staffUserId: admin.id, fromOfficeId: HEAD, toOfficeId: east, reason: "x", requestedById: admin.id } })).rejects.toThrow(/own move/);
    await expect(
      prisma.staffTransfer.create({ data: { staffUserId: eastManager.id, fromOfficeId: east, toOfficeId: MAIN, reason: "x", requestedById: admin.id, fromApprovedById: areaManager.id } }),
    ).rejects.toThrow(/undecided/);
  });

  it("an admin is moved only at a super admin's request", async () => {
    const [admin, otherAdmin, superAdmin] = await Promise.all([createStaff("admin"), createStaff("admin"), createStaff("super_admin")]);
    await signInAs(admin.id);
    expect(await requestStaffTransferAction({ staffUserId: otherAdmin.id, toOfficeId: DEMO_AREA, reason: "এরিয়ায়" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await signInAs(superAdmin.id);
    expect(await requestStaffTransferAction({ staffUserId: otherAdmin.id, toOfficeId: DEMO_AREA, reason: "এরিয়ায়" })).toMatchObject({ ok: true });
  });
});

describe("concurrent moves of one member of staff", () => {
  it("20 requests at once: one is recorded; 20 approvals of the side it joins at once: one completes it", async () => {
    const moving = await createStaff("collection_agent", { officeId: MAIN });
    const admins = await Promise.all(Array.from({ length: 20 }, () => createStaff("admin")));
    const contexts = await Promise.all(admins.map((a) => staffContextOf(a.id)));
    const results = await Promise.all(contexts.map((ctx, i) => requestStaffTransfer(ctx, { staffUserId: moving.id, toOfficeId: i % 2 ? east : west, reason: `অনুরোধ ${i}` })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.reason)).toEqual(Array(19).fill("staffTransferOpen"));
    const transfer = await prisma.staffTransfer.findFirstOrThrow({ where: { staffUserId: moving.id } });

    const leaving = await createStaff("branch_manager", { officeId: MAIN });
    expect(await approveStaffTransfer(await staffContextOf(leaving.id), { transferId: transfer.id })).toMatchObject({ ok: true, data: { completed: false } });
    const joining = await Promise.all(Array.from({ length: 20 }, () => createStaff("branch_manager", { officeId: transfer.toOfficeId })));
    const approvals = await Promise.all((await Promise.all(joining.map((m) => staffContextOf(m.id)))).map((ctx) => approveStaffTransfer(ctx, { transferId: transfer.id })));
    expect(approvals.filter((r) => r.ok && r.data.completed)).toHaveLength(1);
    expect(approvals.filter((r) => !r.ok).map((r) => !r.ok && r.error.reason)).toEqual(Array(19).fill("transferDecided"));
    expect((await prisma.staffUser.findUniqueOrThrow({ where: { id: moving.id } })).officeId).toBe(transfer.toOfficeId);
    expect(await prisma.auditLog.count({ where: { action: "staff.transfer.complete", entityId: transfer.id } })).toBe(1);
  });
});
