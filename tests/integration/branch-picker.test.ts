/**
 * Issue 41, point 6 (decision 0257): head-office and area staff narrow every page to one branch of their subtree, or
 * see all of them; a pick outside the subtree is refused by the action and ignored when it comes in a forged cookie;
 * what acts on the whole lender stays the head office's after a pick.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { getStaffContext, isAllowed } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { listLoans } from "@/lib/loans/queries";
import { loanListFiltersSchema } from "@/lib/loans/schemas";
import { pickBranchAction } from "@/lib/offices/actions";
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { seedDemo } from "@/prisma/seed";
import { sessionState } from "../support/session-state";
import { createStaff, signInAs } from "../support/staff-session";

const HEAD = "office-head";
const MAIN = "office-main-branch";
let area: string;
let east: string; // holds one customer's records
let west: string; // empty
let loanNumber: string;

const office = async (code: string, level: "area" | "branch", parentId: string) =>
  (await prisma.office.create({ data: { code, nameBn: `অফিস ${code}`, nameEn: `Office ${code}`, level, parentId, openedOn: new Date("2026-01-01") } })).id;

beforeAll(async () => {
  await seedDemo(prisma);
  area = await office("BP-A", "area", HEAD);
  east = await office("BP-1", "branch", area);
  west = await office("BP-2", "branch", area);
  const loan = await prisma.loan.findFirstOrThrow({ where: { status: "disbursed" }, orderBy: { loanNumber: "asc" }, select: { loanNumber: true, customerId: true } });
  loanNumber = loan.loanNumber;
  await prisma.$transaction([
    prisma.customer.update({ where: { id: loan.customerId }, data: { branchId: east } }),
    prisma.loan.updateMany({ where: { customerId: loan.customerId }, data: { branchId: east } }),
  ]);
});

const scopeNow = async () => (await getStaffContext())!.scope;
const loansFound = async () => (await listLoans(loanListFiltersSchema.parse({ tab: "all", q: loanNumber }), await scopeNow())).total;

describe("an area manager's branch picker", () => {
  it("narrows every list to the picked branch and back to the area's branches", async () => {
    const manager = await createStaff("area_manager", { officeId: area });
    await signInAs(manager.id);
    expect(await scopeNow()).toEqual({ kind: "branches", officeId: area, branchIds: [east, west] });
    expect(await loansFound()).toBe(1);

    expect(await pickBranchAction({ branchId: west })).toEqual({ ok: true, data: { branchId: west } });
    expect(await scopeNow()).toEqual({ kind: "branches", officeId: area, branchIds: [west] });
    expect(await loansFound()).toBe(0);

    expect(await pickBranchAction({ branchId: east })).toEqual({ ok: true, data: { branchId: east } });
    expect(await loansFound()).toBe(1);

    expect(await pickBranchAction({ branchId: "" })).toEqual({ ok: true, data: { branchId: null } });
    expect(await scopeNow()).toEqual({ kind: "branches", officeId: area, branchIds: [east, west] });
  });

  it("refuses a branch outside the area (not found), and ignores one in a forged cookie", async () => {
    const manager = await createStaff("area_manager", { officeId: area });
    await signInAs(manager.id);
    await pickBranchAction({ branchId: west });
    expect(await pickBranchAction({ branchId: MAIN })).toEqual({ ok: false, error: { code: "notFound" } });
    expect(sessionState.branch).toBe(west);
    expect(await pickBranchAction({ branchId: "x\u0000y" })).toMatchObject({ ok: false, error: { code: "validation" } });
    expect(sessionState.branch).toBe(west);
    sessionState.branch = MAIN;
    expect(await scopeNow()).toEqual({ kind: "branches", officeId: area, branchIds: [east, west] });
    sessionState.branch = "no-such-office";
    expect(await scopeNow()).toEqual({ kind: "branches", officeId: area, branchIds: [east, west] });
  });
});

describe("the head office's branch picker", () => {
  it("narrows to any branch and keeps the head office's permissions", async () => {
    const admin = await createStaff("super_admin");
    await signInAs(admin.id);
    expect(await scopeNow()).toEqual(ALL_OFFICES);
    expect(await pickBranchAction({ branchId: MAIN })).toMatchObject({ ok: true });
    const ctx = (await getStaffContext())!;
    expect(ctx.scope).toEqual({ kind: "branches", officeId: HEAD, branchIds: [MAIN] });
    expect(await loansFound()).toBe(0);
    expect(isAllowed(ctx, "settings.offices")).toBe(true);
    expect(isAllowed(ctx, "staff.manage")).toBe(true);
    // An area is not a branch: refused.
    expect(await pickBranchAction({ branchId: area })).toEqual({ ok: false, error: { code: "notFound" } });
    sessionState.branch = area;
    expect(await scopeNow()).toEqual(ALL_OFFICES);
  });
});

describe("a branch's staff", () => {
  it("have nothing to pick: every pick is not found, and a forged one changes nothing", async () => {
    const officer = await createStaff("loan_officer", { officeId: MAIN });
    await signInAs(officer.id);
    expect(await pickBranchAction({ branchId: east })).toEqual({ ok: false, error: { code: "notFound" } });
    sessionState.branch = east;
    expect(await scopeNow()).toEqual({ kind: "branches", officeId: MAIN, branchIds: [MAIN] });
    expect(await loansFound()).toBe(0);
  });
});
