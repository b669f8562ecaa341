/**
 * Issue 41, decision 0256: a loan is approved within the approval limit of the approver's office. The main branch
 * (limit ৳1,50,000) sits in an area (limit ৳5,00,000) under the head office (no limit); a branch manager approves up
 * to the branch's limit, a larger loan waits for the area or the head office, and the database refuses the same.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { prisma } from "@/lib/db";
import { hasPermission, isHeadOfficePermission, permissionsOf } from "@/lib/auth/permissions";
import { approveLoanAction } from "@/lib/loans/actions";
import { approveLoan } from "@/lib/loans/service";
import { editOfficeAction } from "@/lib/offices/actions";
import { editOffice } from "@/lib/offices/service";
import { seedProducts } from "@/prisma/seed";
import { pendingLoan } from "../support/loan-fixtures";
import { createStaff, signInAs, staffContextOf } from "../support/staff-session";

const HEAD = "office-head";
const MAIN = "office-main-branch";
let area: string;

beforeAll(async () => {
  await seedProducts(prisma);
  area = (await prisma.office.create({ data: { code: "AL-1", nameBn: "সীমা এরিয়া", nameEn: "Limit area", level: "area", parentId: HEAD, openedOn: new Date("2026-01-01"), approvalLimit: 500_000 } })).id;
  await prisma.office.update({ where: { id: MAIN }, data: { parentId: area, approvalLimit: 150_000 } });
});

const loanState = (loanNumber: string) =>
  prisma.loan.findUniqueOrThrow({ where: { loanNumber }, select: { status: true, approvedAmount: true, approvedById: true, updatedAt: true } });

describe("the branch and area managers", () => {
  it("hold the branch's work and none of what acts on the whole lender", () => {
    for (const role of ["branch_manager", "area_manager"] as const) {
      expect(permissionsOf(role).filter(isHeadOfficePermission)).toEqual([]);
      for (const p of ["applications.decide", "loans.approve", "loans.read", "payments.read", "customers.read", "kyc.read"] as const) expect(hasPermission(role, p)).toBe(true);
      // Money out and the borrower's record stay with the account manager and admins (maker-checker).
      for (const p of ["loans.disburse", "payments.record", "customers.edit", "kyc.decide"] as const) expect(hasPermission(role, p)).toBe(false);
    }
  });
});

describe("a loan above the branch's approval limit", () => {
  it("is refused to the branch's manager, with the limit, and approved by the area's manager", async () => {
    const loan = await pendingLoan(); // ৳2,00,000 requested
    const manager = await createStaff("branch_manager", { officeId: MAIN });
    await signInAs(manager.id);
    const before = await loanState(loan.loanNumber);
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "200000" })).toEqual({
      ok: false,
      error: { code: "forbidden", reason: "aboveApprovalLimit", details: { limit: 150_000 } },
    });
    expect(await loanState(loan.loanNumber)).toEqual(before);
    expect(await prisma.auditLog.count({ where: { action: "loan.approve", entityType: "Loan", actorId: manager.id } })).toBe(0);

    const areaManager = await createStaff("area_manager", { officeId: area });
    await signInAs(areaManager.id);
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "২,০০,০০০" })).toMatchObject({ ok: true, data: { approvedAmount: 200_000 } });
    expect(await loanState(loan.loanNumber)).toMatchObject({ status: "approved", approvedAmount: 200_000, approvedById: areaManager.id });
  });

  it("may be approved by the branch for a smaller amount within its limit", async () => {
    const loan = await pendingLoan();
    const manager = await createStaff("branch_manager", { officeId: MAIN });
    await signInAs(manager.id);
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "150000" })).toMatchObject({ ok: true, data: { approvedAmount: 150_000 } });
  });

  it("binds every approver of the office (a loan officer too), and nobody of the head office", async () => {
    const loan = await pendingLoan();
    const officer = await createStaff("loan_officer", { officeId: MAIN });
    await signInAs(officer.id);
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "150001" })).toMatchObject({ ok: false, error: { reason: "aboveApprovalLimit" } });
    const head = await createStaff("loan_officer", { officeId: HEAD });
    await signInAs(head.id);
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: "200000" })).toMatchObject({ ok: true });
  });

  it("is refused by the database itself, whatever the code does", async () => {
    const loan = await pendingLoan();
    const manager = await createStaff("branch_manager", { officeId: MAIN });
    await expect(
      prisma.loan.update({ where: { loanNumber: loan.loanNumber }, data: { status: "approved", approvedAmount: 200_000, approvedById: manager.id, approvedAt: new Date() } }),
    ).rejects.toThrow(/approval limit/);
    expect((await loanState(loan.loanNumber)).status).toBe("pending_approval");
    await expect(prisma.office.update({ where: { id: MAIN }, data: { approvalLimit: 0 } })).rejects.toThrow(/at least 1 taka/);
  });
});

describe("an office's approval limit", () => {
  it("is set on the offices screen's edit, in Bengali digits too, audited, and blank removes it", async () => {
    const admin = await createStaff("super_admin");
    await signInAs(admin.id);
    const branch = await prisma.office.create({ data: { code: "AL-B", nameBn: "সীমা শাখা", nameEn: "Limit branch", level: "branch", parentId: area, openedOn: new Date("2026-01-01") } });
    const edit = (approvalLimit: string) => editOfficeAction({ id: branch.id, nameBn: "সীমা শাখা", nameEn: "Limit branch", approvalLimit });
    expect(await edit("০")).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { approvalLimit: "invalidNumber" } } });
    expect(await edit("১,০০,০০০")).toEqual({ ok: true, data: { id: branch.id } });
    expect((await prisma.office.findUniqueOrThrow({ where: { id: branch.id } })).approvalLimit).toBe(100_000);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "office.edit", entityId: branch.id }, orderBy: { createdAt: "desc" } });
    expect(audit.before).toMatchObject({ approvalLimit: null });
    expect(audit.after).toMatchObject({ approvalLimit: 100_000 });
    expect(await edit("")).toEqual({ ok: true, data: { id: branch.id } });
    expect((await prisma.office.findUniqueOrThrow({ where: { id: branch.id } })).approvalLimit).toBeNull();
    await prisma.office.update({ where: { id: branch.id }, data: { status: "closed", closedOn: new Date("2026-11-28") } });
  });

  it("lowered while an approval is under way: one waits for the other, and nothing fails in between", async () => {
    const manager = await createStaff("branch_manager", { officeId: MAIN });
    const admin = await createStaff("super_admin");
    for (let round = 0; round < 5; round += 1) {
      const loan = await pendingLoan();
      await prisma.office.update({ where: { id: MAIN }, data: { approvalLimit: 250_000 } });
      const [approved, lowered] = await Promise.all([
        approveLoan(await staffContextOf(manager.id), { loanNumber: loan.loanNumber, amount: 200_000 }),
        editOffice(await staffContextOf(admin.id), { id: MAIN, nameBn: "প্রধান শাখা", nameEn: "Main branch", division: null, district: null, upazila: null, approvalLimit: 100_000 }),
      ]);
      expect(lowered).toMatchObject({ ok: true });
      const state = await loanState(loan.loanNumber);
      if (approved.ok) expect(state).toMatchObject({ status: "approved", approvedAmount: 200_000 });
      else {
        // The approval waited for the lowered limit and was refused with it.
        expect(approved).toEqual({ ok: false, error: { code: "forbidden", reason: "aboveApprovalLimit", details: { limit: 100_000 } } });
        expect(state.status).toBe("pending_approval");
      }
    }
    await prisma.office.update({ where: { id: MAIN }, data: { approvalLimit: 150_000 } });
  });
});
