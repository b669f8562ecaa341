/**
 * The offices screen's actions (issue 41) on PostgreSQL: a super admin opens, renames, moves and closes offices, each
 * in one transaction with its audit row; what the tree forbids comes back as the form's field error; a close waits
 * until nothing works there any more, and of concurrent closes one wins.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { prisma } from "@/lib/db";
import { closeOfficeAction, createOfficeAction, editOfficeAction } from "@/lib/offices/actions";
import { listOffices } from "@/lib/offices/queries";
import { seedProducts } from "@/prisma/seed";
import { pendingLoan } from "../support/loan-fixtures";
import { actAs, createStaff } from "../support/staff-session";

const HEAD = "office-head";
const today = "2026-11-28";
let admin: { id: string };

const open = (code: string, level: "zone" | "region" | "area" | "branch", parentId: string, extra: Record<string, string> = {}) =>
  createOfficeAction({ code, level, parentId, openedOn: "২০২৬-১১-০১", nameBn: `অফিস ${code}`, nameEn: `Office ${code}`, ...extra });

let pendingLoanNumber: string;

beforeAll(async () => {
  // While the main branch is the only one: an application routed there, approved into a loan awaiting its decision.
  await seedProducts(prisma);
  pendingLoanNumber = (await pendingLoan()).loanNumber;
  admin = await actAs("super_admin");
});

describe("opening an office", () => {
  it("opens it under its parent with the code as typed (upper-cased), audited", async () => {
    const area = await open("a-10", "area", HEAD, { district: "Bogura", upazila: "Sherpur" });
    expect(area).toMatchObject({ ok: true, data: { code: "A-10" } });
    if (!area.ok) return;
    const stored = await prisma.office.findUniqueOrThrow({ where: { id: area.data.id } });
    expect(stored).toMatchObject({ level: "area", parentId: HEAD, district: "Bogura", upazila: "Sherpur", division: null, status: "open" });
    expect(stored.openedOn.toISOString().slice(0, 10)).toBe("2026-11-01");
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "office.create", entityId: area.data.id } });
    expect(audit.actorId).toBe(admin.id);
  });

  it("refuses a taken code, a bad code, and a parent the tree forbids, changing nothing", async () => {
    const before = await prisma.office.count();
    expect(await open("A-10", "area", HEAD)).toEqual({ ok: false, error: { code: "validation", fieldErrors: { code: "officeCodeTaken" } } });
    expect(await open("B 1", "branch", HEAD)).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { code: "invalidOfficeCode" } } });
    const branch = await open("B0101", "branch", HEAD);
    if (!branch.ok) throw new Error(JSON.stringify(branch));
    expect(await open("B0102", "branch", branch.data.id)).toEqual({ ok: false, error: { code: "validation", fieldErrors: { parentId: "officeParentNotAllowed" } } });
    expect(await prisma.office.count()).toBe(before + 1);
  });
});

describe("editing an office", () => {
  it("renames it and moves it with its subtree, audited as a move with before and after", async () => {
    const zone = await open("Z-20", "zone", HEAD);
    const area = await open("A-20", "area", HEAD);
    if (!zone.ok || !area.ok) throw new Error("setup");
    const branch = await open("B0201", "branch", area.data.id);
    if (!branch.ok) throw new Error("setup");
    const moved = await editOfficeAction({ id: area.data.id, parentId: zone.data.id, nameBn: "উত্তর এরিয়া", nameEn: "North area" });
    expect(moved).toEqual({ ok: true, data: { id: area.data.id } });
    const offices = await listOffices();
    const row = (id: string) => offices.find((o) => o.id === id)!;
    expect(row(area.data.id)).toMatchObject({ parentId: zone.data.id, depth: 2, nameEn: "North area" });
    expect(row(branch.data.id).depth).toBe(3);
    // Tree order: each office right after its parent's subtree starts.
    const index = (id: string) => offices.findIndex((o) => o.id === id);
    expect(index(zone.data.id)).toBeLessThan(index(area.data.id));
    expect(index(area.data.id)).toBeLessThan(index(branch.data.id));
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "office.move", entityId: area.data.id } });
    expect(audit.before).toMatchObject({ parentId: HEAD, nameEn: "Office A-20" });
    expect(audit.after).toMatchObject({ parentId: zone.data.id, nameEn: "North area" });
    // Under its own branch: refused, nothing moved.
    expect(await editOfficeAction({ id: area.data.id, parentId: branch.data.id, nameBn: "x", nameEn: "x" })).toEqual({
      ok: false,
      error: { code: "validation", fieldErrors: { parentId: "officeParentNotAllowed" } },
    });
    expect((await prisma.office.findUniqueOrThrow({ where: { id: area.data.id } })).nameEn).toBe("North area");
  });

  it("keeps the head office the root whatever the form sends", async () => {
    const area = await open("A-30", "area", HEAD);
    if (!area.ok) throw new Error("setup");
    expect(await editOfficeAction({ id: HEAD, parentId: area.data.id, nameBn: "প্রধান কার্যালয়", nameEn: "Head office" })).toEqual({ ok: true, data: { id: HEAD } });
    expect((await prisma.office.findUniqueOrThrow({ where: { id: HEAD } })).parentId).toBeNull();
  });
});

describe("closing an office", () => {
  it("waits for the offices under it and its staff, then closes once: of 10 concurrent closes one wins", async () => {
    const area = await open("A-40", "area", HEAD);
    if (!area.ok) throw new Error("setup");
    const branch = await open("B0401", "branch", area.data.id);
    if (!branch.ok) throw new Error("setup");
    const officer = await createStaff("loan_officer", { officeId: branch.data.id });
    await actAs("super_admin");

    expect(await closeOfficeAction({ id: area.data.id, closedOn: today })).toEqual({ ok: false, error: { code: "conflict", reason: "childrenOpen" } });
    expect(await closeOfficeAction({ id: branch.data.id, closedOn: today })).toEqual({ ok: false, error: { code: "conflict", reason: "staffInOffice", details: { count: 1 } } });
    await prisma.staffUser.update({ where: { id: officer.id }, data: { active: false } });

    const results = await Promise.all(Array.from({ length: 10 }, () => closeOfficeAction({ id: branch.data.id, closedOn: today })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.reason)).toEqual(Array(9).fill("alreadyClosed"));
    expect(await prisma.auditLog.count({ where: { action: "office.close", entityId: branch.data.id } })).toBe(1);
    expect(await closeOfficeAction({ id: area.data.id, closedOn: today })).toEqual({ ok: true, data: { id: area.data.id } });
    expect(await closeOfficeAction({ id: HEAD, closedOn: today })).toEqual({ ok: false, error: { code: "conflict", reason: "headOffice" } });
  });

  it("refuses to close a branch that still has an open loan, until it is decided", async () => {
    const main = "office-main-branch";
    await prisma.staffUser.updateMany({ where: { officeId: main }, data: { officeId: HEAD } });
    expect(await closeOfficeAction({ id: main, closedOn: today })).toEqual({ ok: false, error: { code: "conflict", reason: "openWork", details: { count: 1 } } });
    await prisma.loan.update({ where: { loanNumber: pendingLoanNumber }, data: { status: "rejected" } });
    expect(await closeOfficeAction({ id: main, closedOn: today })).toEqual({ ok: true, data: { id: main } });
    expect((await prisma.office.findUniqueOrThrow({ where: { id: main } })).status).toBe("closed");
  });
});
