/**
 * Issue 41, point 5 (decision 0258): a customer moves to another branch with the approval of a manager of each branch
 * (maker-checker, neither the requester). Her open loans, applications and KYC cases move with her; payments keep the
 * branch where they were received, and a payment after the move belongs to the new branch. Of 20 concurrent requests
 * one is recorded; of 20 concurrent approvals of one side one counts.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { getCustomerProfile } from "@/lib/customers/queries";
import { prisma } from "@/lib/db";
import { approveTransferAction, rejectTransferAction, requestTransferAction } from "@/lib/offices/actions";
import { listTransfers } from "@/lib/offices/transfer-queries";
import { approveTransfer, requestTransfer } from "@/lib/offices/transfers";
import { recordPaymentAction } from "@/lib/repayments/actions";
import { seedDemo } from "@/prisma/seed";
import { payment } from "../support/loan-fixtures";
import { createStaff, signInAs, staffContextOf } from "../support/staff-session";

const HEAD = "office-head";
const MAIN = "office-main-branch";
const DEMO_AREA = "office-demo-area";
let east: string;
let west: string;

const branch = async (code: string) =>
  (await prisma.office.create({ data: { code, nameBn: `শাখা ${code}`, nameEn: `Branch ${code}`, level: "branch", parentId: HEAD, openedOn: new Date("2026-01-01") } })).id;

/** A demo customer of the main branch with a disbursed loan that has payments, not yet used by a test here. */
async function borrowerOfMain(skip: string[] = []) {
  const loan = await prisma.loan.findFirstOrThrow({
    where: { branchId: MAIN, status: "disbursed", payments: { some: {} }, installments: { some: { status: { not: "paid" } } }, customer: { branchId: MAIN, userNumber: { notIn: skip } } },
    orderBy: { loanNumber: "asc" },
    select: { loanNumber: true, customer: { select: { id: true, userNumber: true } } },
  });
  return { loanNumber: loan.loanNumber, ...loan.customer };
}

beforeAll(async () => {
  await seedDemo(prisma);
  east = await branch("TR-1");
  west = await branch("TR-2");
});

describe("a customer's transfer to another branch", () => {
  it("moves her open work on the second approval, keeps where each payment was received, and the next payment is the new branch's", async () => {
    const customer = await borrowerOfMain();
    const [requester, fromManager, toManager] = await Promise.all([
      createStaff("area_manager", { officeId: DEMO_AREA }),
      createStaff("branch_manager", { officeId: MAIN }),
      createStaff("branch_manager", { officeId: east }),
    ]);
    const before = await prisma.loan.findMany({ where: { customerId: customer.id }, select: { id: true, status: true, branchId: true } });
    const oldPayments = await prisma.loanPayment.findMany({ where: { loan: { customerId: customer.id } }, select: { paymentNumber: true, receivedAtBranchId: true } });
    expect(oldPayments.length).toBeGreaterThan(0);

    await signInAs(requester.id);
    expect(await requestTransferAction({ userNumber: customer.userNumber, toBranchId: MAIN, reason: "বাসা বদল" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { toBranchId: "sameBranch" } } });
    expect(await requestTransferAction({ userNumber: customer.userNumber, toBranchId: DEMO_AREA, reason: "বাসা বদল" })).toMatchObject({ ok: false, error: { fieldErrors: { toBranchId: "officeNotOpen" } } });
    expect(await requestTransferAction({ userNumber: customer.userNumber, toBranchId: east, reason: "" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { reason: "required" } } });
    const requested = await requestTransferAction({ userNumber: customer.userNumber, toBranchId: east, reason: "বাসা বদল: নারায়ণগঞ্জে" });
    if (!requested.ok) throw new Error(JSON.stringify(requested));
    const transferId = requested.data.transferId;
    // The requester is the maker: she never approves.
    expect(await approveTransferAction({ transferId })).toEqual({ ok: false, error: { code: "forbidden", reason: "sameAsRequester" } });

    await signInAs(fromManager.id);
    expect(await approveTransferAction({ transferId })).toEqual({ ok: true, data: { transferId, completed: false } });
    expect(await approveTransferAction({ transferId })).toEqual({ ok: false, error: { code: "forbidden", reason: "alreadyApprovedByYou" } });
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).branchId).toBe(MAIN);

    await signInAs(toManager.id);
    expect(await approveTransferAction({ transferId })).toEqual({ ok: true, data: { transferId, completed: true } });

    expect((await prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).branchId).toBe(east);
    const after = await prisma.loan.findMany({ where: { customerId: customer.id }, select: { id: true, status: true, branchId: true } });
    for (const loan of after) {
      const open = ["pending_approval", "under_review", "approved", "disbursed"].includes(loan.status);
      expect(loan.branchId, loan.status).toBe(open ? east : before.find((b) => b.id === loan.id)!.branchId);
    }
    const moves = await prisma.loanBranchMove.findMany({ where: { transferId }, select: { loanId: true, fromBranchId: true, toBranchId: true } });
    expect(moves.map((m) => m.loanId).sort()).toEqual(after.filter((l) => l.branchId === east).map((l) => l.id).sort());
    expect(new Set(moves.map((m) => `${m.fromBranchId}>${m.toBranchId}`))).toEqual(new Set([`${MAIN}>${east}`]));
    expect(await prisma.loanPayment.findMany({ where: { loan: { customerId: customer.id } }, select: { paymentNumber: true, receivedAtBranchId: true } })).toEqual(
      expect.arrayContaining(oldPayments),
    );
    expect(await prisma.auditLog.findMany({ where: { entityId: transferId }, select: { action: true }, orderBy: { createdAt: "asc" } })).toEqual([
      { action: "customer.transfer.request" },
      { action: "customer.transfer.approve" },
      { action: "customer.transfer.complete" },
    ]);

    // The old branch no longer finds her; the new one does.
    const everything = { loans: true, payments: true, applications: true, kyc: true };
    expect(await getCustomerProfile(customer.userNumber, { ...everything, scope: (await staffContextOf(fromManager.id)).scope })).toBeNull();
    expect(await getCustomerProfile(customer.userNumber, { ...everything, scope: (await staffContextOf(toManager.id)).scope })).not.toBeNull();

    // A payment after the move is received at the new branch.
    await signInAs((await createStaff("account_manager")).id);
    const loan = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: customer.loanNumber }, select: { loanNumber: true, customer: { select: { userNumber: true } } } });
    const paid = await recordPaymentAction(payment(loan, { amount: "500", method: "cash" }));
    if (!paid.ok) throw new Error(JSON.stringify(paid));
    const fresh = await prisma.loanPayment.findFirstOrThrow({ where: { paymentNumber: paid.data.paymentNumber }, select: { receivedAtBranchId: true } });
    expect(fresh.receivedAtBranchId).toBe(east);

    // Decided: it never changes, and history is never deleted (the database refuses, whatever the code does).
    await expect(prisma.customerTransfer.update({ where: { id: transferId }, data: { toBranchId: west } })).rejects.toThrow(/never change/);
    await expect(prisma.customerTransfer.delete({ where: { id: transferId } })).rejects.toThrow(/never deleted/);
    await expect(prisma.loanBranchMove.deleteMany({ where: { transferId } })).rejects.toThrow(/never deleted/);
  });

  it("is hidden from a manager of neither branch, and waits for the other branch when her side has approved", async () => {
    const customer = await borrowerOfMain();
    const [requester, stranger, head, fromManager] = await Promise.all([
      createStaff("branch_manager", { officeId: MAIN }),
      createStaff("branch_manager", { officeId: west }),
      createStaff("admin"),
      createStaff("branch_manager", { officeId: MAIN }),
    ]);
    await signInAs(stranger.id);
    expect(await requestTransferAction({ userNumber: customer.userNumber, toBranchId: west, reason: "x" })).toEqual({ ok: false, error: { code: "notFound" } });
    await signInAs(requester.id);
    const requested = await requestTransferAction({ userNumber: customer.userNumber, toBranchId: east, reason: "কাজের জায়গা বদল" });
    if (!requested.ok) throw new Error(JSON.stringify(requested));
    const { transferId } = requested.data;
    // The transfers screen: listed for the branches it names, never for another's.
    const listed = async (staffId: string) => (await listTransfers((await staffContextOf(staffId)).scope)).map((r) => r.id);
    expect(await listed(stranger.id)).not.toContain(transferId);
    expect(await listed(requester.id)).toContain(transferId);
    expect(await listed(head.id)).toContain(transferId);
    await signInAs(stranger.id);
    expect(await approveTransferAction({ transferId })).toEqual({ ok: false, error: { code: "notFound" } });
    expect(await rejectTransferAction({ transferId, reason: "না" })).toEqual({ ok: false, error: { code: "notFound" } });
    await signInAs(fromManager.id);
    expect(await approveTransferAction({ transferId })).toMatchObject({ ok: true, data: { completed: false } });
    const second = await createStaff("branch_manager", { officeId: MAIN });
    await signInAs(second.id);
    expect(await approveTransferAction({ transferId })).toEqual({ ok: false, error: { code: "conflict", reason: "awaitingOtherBranch" } });
    // The head office sees both sides: its admin approves the side still open, and the rejection after it is refused.
    await signInAs(head.id);
    expect(await approveTransferAction({ transferId })).toMatchObject({ ok: true, data: { completed: true } });
    expect(await rejectTransferAction({ transferId, reason: "দেরিতে" })).toEqual({ ok: false, error: { code: "conflict", reason: "transferDecided", details: { status: "completed" } } });
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).branchId).toBe(east);
  });

  it("rejected by the branch it would join: nothing moves, and a new request may follow", async () => {
    const customer = await prisma.customer.findFirstOrThrow({ where: { branchId: MAIN, transfers: { none: {} } }, orderBy: { userNumber: "asc" }, select: { id: true, userNumber: true } });
    const [requester, toManager] = await Promise.all([createStaff("branch_manager", { officeId: MAIN }), createStaff("branch_manager", { officeId: west })]);
    await signInAs(requester.id);
    const requested = await requestTransferAction({ userNumber: customer.userNumber, toBranchId: west, reason: "অনুরোধ" });
    if (!requested.ok) throw new Error(JSON.stringify(requested));
    await signInAs(toManager.id);
    expect(await rejectTransferAction({ transferId: requested.data.transferId, reason: "" })).toMatchObject({ ok: false, error: { code: "validation" } });
    expect(await rejectTransferAction({ transferId: requested.data.transferId, reason: "এই এলাকায় আমাদের মাঠকর্মী নেই" })).toEqual({ ok: true, data: { transferId: requested.data.transferId } });
    expect(await approveTransferAction({ transferId: requested.data.transferId })).toMatchObject({ ok: false, error: { code: "conflict", reason: "transferDecided" } });
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).branchId).toBe(MAIN);
    await signInAs(requester.id);
    expect(await requestTransferAction({ userNumber: customer.userNumber, toBranchId: west, reason: "আবার" })).toMatchObject({ ok: true });
  });
});

describe("concurrent transfers of one customer", () => {
  it("20 requests at once: one is recorded, the others are told one is open", async () => {
    const customer = await prisma.customer.findFirstOrThrow({ where: { branchId: MAIN, transfers: { none: {} } }, orderBy: { userNumber: "desc" }, select: { id: true, userNumber: true } });
    const managers = await Promise.all(Array.from({ length: 20 }, () => createStaff("branch_manager", { officeId: MAIN })));
    const contexts = await Promise.all(managers.map((m) => staffContextOf(m.id)));
    const results = await Promise.all(contexts.map((ctx, i) => requestTransfer(ctx, { userNumber: customer.userNumber, toBranchId: i % 2 ? east : west, reason: `অনুরোধ ${i}` })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.reason)).toEqual(Array(19).fill("transferOpen"));
    expect(await prisma.customerTransfer.count({ where: { customerId: customer.id } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { action: "customer.transfer.request", after: { path: ["customerId"], equals: customer.id } } })).toBe(1);

    // 20 approvals of the side it joins at once, after the branch it leaves approved: one completes the move.
    const transfer = await prisma.customerTransfer.findFirstOrThrow({ where: { customerId: customer.id } });
    const leaving = await createStaff("branch_manager", { officeId: MAIN });
    expect(await approveTransfer(await staffContextOf(leaving.id), { transferId: transfer.id })).toMatchObject({ ok: true, data: { completed: false } });
    const joining = await Promise.all(Array.from({ length: 20 }, () => createStaff("branch_manager", { officeId: transfer.toBranchId })));
    const approvals = await Promise.all((await Promise.all(joining.map((m) => staffContextOf(m.id)))).map((ctx) => approveTransfer(ctx, { transferId: transfer.id })));
    expect(approvals.filter((r) => r.ok && r.data.completed)).toHaveLength(1);
    expect(approvals.filter((r) => !r.ok).map((r) => !r.ok && r.error.reason)).toEqual(Array(19).fill("transferDecided"));
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).branchId).toBe(transfer.toBranchId);
    expect(await prisma.auditLog.count({ where: { action: "customer.transfer.complete", entityId: transfer.id } })).toBe(1);
  });
});
