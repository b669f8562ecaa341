/**
 * Loans from a society's fund to its members, with an instalment plan (issue 28), on PostgreSQL: the payout posts the
 * plan's total to the member's loan account in the same transaction; instalments collected bring it down; where the
 * member stands (paid, outstanding, overdue, days in arrears) is read from the books; one loan at a time, even when
 * two are given at once; and a membership closed pays the savings out.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
import { dhakaToday } from "@/lib/format";
import { prisma } from "@/lib/db";
import { addMemberAction, addWorkerAction, deleteMemberAction, giveMemberLoanAction, saveCollectionSheetAction } from "@/lib/society/actions";
import { addCalendarDays } from "@/lib/repayments/schedule";
import { memberBalances, memberLoanView, trialBalance } from "@/lib/society/books/queries";
import type { MemberLoanInput } from "@/lib/society/books/schemas";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety } from "../support/society";
import { randomUUID } from "node:crypto";

let adminId: string;
let userId: string;
const today = dhakaToday();
let counter = 0;
const phone = () => `0171${String(3_000_000 + ++counter).slice(-7)}`;

beforeAll(async () => {
  adminId = (await createStaff("society_manager")).id;
  userId = (await createStaff("collection_agent")).id;
  await signInAs(adminId);
});

function must<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
}

async function societyWithMember() {
  const { id: societyId } = await createTestSociety();
  await grantSociety(societyId, adminId, "admin");
  await grantSociety(societyId, userId, "user");
  const worker = must(await addWorkerAction(societyId, { name: `মাঠকর্মী ${++counter}`, area: "মিরপুর", phone: phone() }));
  const member = must(await addMemberAction(societyId, { memberCode: `L-${++counter}`, name: `সদস্য ${counter}`, nid: "3304718265", phone: phone(), workerId: worker.id, installmentAmount: "", savingsAmount: "20", loanAmount: "", idempotencyKey: randomUUID() }));
  return { societyId, workerId: worker.id, memberId: member.id };
}

const terms = (memberId: string): MemberLoanInput => ({ memberId, principal: "10000", ratePercent: "10", method: "flat", frequency: "daily", instalmentCount: "40", firstDueDate: addCalendarDays(today, 1), idempotencyKey: randomUUID() });

async function accountBalance(societyId: string, kind: string) {
  const row = (await trialBalance(societyId, today)).rows.find((r) => r.kind === kind);
  return (row?.debit ?? 0) - (row?.credit ?? 0);
}

describe("a loan to a member", () => {
  it("posts the plan's total to the member's loan account: the principal out of cash, the charge to service charge income", async () => {
    const { societyId, memberId } = await societyWithMember();
    expect(await giveMemberLoanAction(societyId, terms(memberId))).toMatchObject({ ok: true, data: { totalRepayable: 11_000, instalmentAmount: 275, instalmentCount: 40 } });
    expect((await memberBalances(societyId, [memberId])).get(memberId)).toEqual({ savings: 0, loanOutstanding: 11_000 });
    expect(await accountBalance(societyId, "cash_in_hand")).toBe(-10_000);
    expect(await accountBalance(societyId, "service_charge_income")).toBe(-1_000);
    const trial = await trialBalance(societyId, today);
    expect(trial.debit).toBe(trial.credit);
    const loan = await prisma.societyMemberLoan.findFirstOrThrow({ where: { memberId } });
    expect(loan).toMatchObject({ principal: 10_000, serviceCharge: 1_000, method: "flat", frequency: "daily", instalmentCount: 40, instalmentAmount: 275 });
    expect(await prisma.societyJournalEntry.findUniqueOrThrow({ where: { id: loan.entryId! } })).toMatchObject({ kind: "member_loan", sourceType: "SocietyMemberLoan", sourceId: loan.id, createdById: adminId });
    // The collection sheet now offers the plan's instalment.
    expect((await prisma.societyMember.findUniqueOrThrow({ where: { id: memberId } })).installmentAmount).toBe(275);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "society.member_loan.give", entityId: loan.id } });
    expect(audit.actorId).toBe(adminId);
  });

  it("instalments collected bring it down; overdue and days in arrears come from the plan and the books", async () => {
    const { societyId, workerId, memberId } = await societyWithMember();
    must(await giveMemberLoanAction(societyId, { ...terms(memberId), firstDueDate: today }));
    must(await saveCollectionSheetAction(societyId, { workerId, date: today, rows: [{ memberId, installment: "275", savings: "20" }], idempotencyKey: randomUUID() }));
    const { loanOutstanding } = (await memberBalances(societyId, [memberId])).get(memberId)!;
    expect(loanOutstanding).toBe(11_000 - 275);
    const now = await memberLoanView(societyId, memberId, loanOutstanding, today);
    expect(now?.standing).toMatchObject({ paid: 275, outstanding: 10_725, overdue: 0, daysInArrears: 0, next: { number: 2, amount: 275 } });
    // Five days on with nothing more paid: instalments 2 to 6 are overdue, the oldest since four days.
    const later = await memberLoanView(societyId, memberId, loanOutstanding, addCalendarDays(today, 5));
    expect(later?.standing).toMatchObject({ overdue: 5 * 275, daysInArrears: 4, next: { number: 2, dueDate: addCalendarDays(today, 1) } });
    expect(later?.instalments).toHaveLength(40);
  });

  it("one loan at a time: refused while anything is owed, and of two given at once exactly one is paid out", async () => {
    const { societyId, memberId } = await societyWithMember();
    const both = await Promise.all([giveMemberLoanAction(societyId, terms(memberId)), giveMemberLoanAction(societyId, terms(memberId))]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: "conflict", reason: "memberLoanOutstanding", details: { outstanding: 11_000 } } });
    expect(await prisma.societyMemberLoan.count({ where: { memberId } })).toBe(1);
    expect(await accountBalance(societyId, "cash_in_hand")).toBe(-10_000);
  });

  it("bad input is refused with the form's messages and changes nothing; Bengali digits are accepted", async () => {
    const { societyId, memberId } = await societyWithMember();
    const bad = await giveMemberLoanAction(societyId, { ...terms(memberId), principal: "0", ratePercent: "১০১", instalmentCount: "", firstDueDate: "2020-01-01", method: "compound" as never });
    expect(bad).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { principal: "invalidAmount", ratePercent: "invalidNumber", instalmentCount: "required", firstDueDate: "invalidDate", method: "required" } } });
    expect(await prisma.societyMemberLoan.count({ where: { memberId } })).toBe(0);
    expect(await giveMemberLoanAction(societyId, { ...terms(memberId), principal: "৫০০০", ratePercent: "১২", instalmentCount: "১২", frequency: "monthly", method: "declining" })).toMatchObject({ ok: true, data: { instalmentCount: 12 } });
  });

  it("is for the society's admins only, and only for its own members", async () => {
    const { societyId, memberId } = await societyWithMember();
    const other = await societyWithMember();
    await signInAs(userId);
    expect(await giveMemberLoanAction(societyId, terms(memberId))).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await signInAs(adminId);
    expect(await giveMemberLoanAction(societyId, terms(other.memberId))).toEqual({ ok: false, error: { code: "notFound" } });
    expect(await prisma.societyMemberLoan.count({ where: { memberId: { in: [memberId, other.memberId] } } })).toBe(0);
  });
});

describe("closing a membership", () => {
  it("sets the savings against a loan still owed and pays the rest out; refused while the savings do not cover the loan", async () => {
    const { societyId, workerId, memberId } = await societyWithMember();
    must(await saveCollectionSheetAction(societyId, { workerId, date: today, rows: [{ memberId, installment: "0", savings: "700" }], idempotencyKey: randomUUID() }));
    must(await giveMemberLoanAction(societyId, terms(memberId)));
    // ৳11,000 owed, ৳700 saved: refused, nothing changed.
    expect(await deleteMemberAction(societyId, { memberId, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "conflict", reason: "closeWithLoanOwed", details: { outstanding: 10_300 } } });
    expect((await prisma.societyMember.findUniqueOrThrow({ where: { id: memberId } })).status).toBe("active");
    expect(await prisma.societyWithdrawal.count({ where: { memberId } })).toBe(0);
    // ৳10,500 of instalments collected: ৳500 owed, ৳700 saved → ৳500 set against the loan, ৳200 paid out.
    must(await saveCollectionSheetAction(societyId, { workerId, date: today, rows: [{ memberId, installment: "10500", savings: "700" }], idempotencyKey: randomUUID() }));
    expect(await deleteMemberAction(societyId, { memberId, idempotencyKey: randomUUID() })).toEqual({ ok: true, data: { removed: "closed", collections: 1, paidOut: 200, setOff: 500 } });
    expect((await memberBalances(societyId, [memberId])).get(memberId)).toEqual({ savings: 0, loanOutstanding: 0 });
    const withdrawal = await prisma.societyWithdrawal.findFirstOrThrow({ where: { memberId } });
    expect(withdrawal).toMatchObject({ amount: 700, appliedToLoan: 500, status: "paid", decidedById: adminId });
    expect(withdrawal.entryId).not.toBeNull();
    expect(await prisma.auditLog.findFirstOrThrow({ where: { action: "society.member.close", entityId: memberId } })).toMatchObject({ after: expect.objectContaining({ paidOut: 200, setOff: 500 }) });
    expect(await giveMemberLoanAction(societyId, terms(memberId))).toMatchObject({ ok: false, error: { code: "conflict", reason: "memberAlreadyClosed" } });
    const trial = await trialBalance(societyId, today);
    expect(trial.debit).toBe(trial.credit);
  });

  it("pays no more in cash than the society's limit without a second admin: a withdrawal comes first", async () => {
    const { societyId, workerId, memberId } = await societyWithMember();
    must(await saveCollectionSheetAction(societyId, { workerId, date: today, rows: [{ memberId, installment: "0", savings: "7000" }], idempotencyKey: randomUUID() }));
    expect(await deleteMemberAction(societyId, { memberId, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "conflict", reason: "closePayoutAboveLimit", details: { amount: 7_000, limit: 5_000 } } });
    expect(await prisma.societyWithdrawal.count({ where: { memberId } })).toBe(0);
    expect((await memberBalances(societyId, [memberId])).get(memberId)!.savings).toBe(7_000);
  });
});
