/**
 * Loan management's list and cards against PostgreSQL with the demo data (issue 8): tabs, filters and search
 * agree with independent queries, pages hold at most LOAN_PAGE_SIZE rows newest first, and the cards are
 * computed from the rows (a disbursement moves this month's figure by its amount).
 */
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { prisma } from "@/lib/db";
import { approveLoanAction, disburseLoanAction } from "@/lib/loans/actions";
import { LOAN_PAGE_SIZE, listLoans, loanStats } from "@/lib/loans/queries";
import { loanListFiltersSchema, LOAN_TABS } from "@/lib/loans/schemas";
import { dhakaToday, localizeDigits } from "@/lib/format";
import { seedDemo } from "@/prisma/seed";
import { actAs } from "../support/staff-session";

const filters = (raw: Record<string, string> = {}) => loanListFiltersSchema.parse(raw);

beforeAll(async () => {
  await seedDemo(prisma);
  // Enough pending loans for a second page, copies of a demo loan with their own numbers and dates.
  const template = await prisma.loan.findFirstOrThrow({ where: { status: "pending_approval" } });
  await prisma.loan.createMany({
    data: Array.from({ length: LOAN_PAGE_SIZE + 5 }, (_, i) => ({
      loanNumber: `LN-${800_000 + i}`,
      customerId: template.customerId,
      branchId: template.branchId,
      loanType: template.loanType,
      requestedAmount: 20_000 + i * 1_000,
      tenure: template.tenure,
      interestRate: template.interestRate,
      emi: template.emi,
      purpose: "Copy",
      status: "pending_approval" as const,
      riskLevel: i % 2 === 0 ? ("high" as const) : ("low" as const),
      monthlyIncome: template.monthlyIncome,
      submittedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  });
});

describe("the loan list", () => {
  it("shows each tab's statuses, the same count as the table has", async () => {
    const expected = { applications: ["pending_approval", "under_review"], approved: ["approved"], active: ["disbursed"], all: null } as const;
    for (const tab of LOAN_TABS) {
      const statuses = expected[tab];
      const count = await prisma.loan.count({ where: statuses ? { status: { in: [...statuses] } } : {} });
      const list = await listLoans(filters({ tab }), ALL_OFFICES);
      expect(list.total, tab).toBe(count);
      expect(list.rows.every((r) => !statuses || (statuses as readonly string[]).includes(r.status)), tab).toBe(true);
    }
  });

  it("pages newest first, at most a page at a time", async () => {
    const first = await listLoans(filters({ tab: "applications" }), ALL_OFFICES);
    expect(first.rows).toHaveLength(LOAN_PAGE_SIZE);
    expect(first.pageCount).toBe(Math.ceil(first.total / LOAN_PAGE_SIZE));
    const dates = first.rows.map((r) => r.submittedAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = await listLoans(filters({ tab: "applications", page: localizeDigits("2", "bn") }), ALL_OFFICES);
    expect(second.page).toBe(2);
    expect(second.rows.length).toBe(first.total - LOAN_PAGE_SIZE);
    expect(second.rows.some((r) => first.rows.some((f) => f.loanNumber === r.loanNumber))).toBe(false);
  });

  it("searches by loan number, name, e-mail and phone in any usual form, and combines filters", async () => {
    const loan = await prisma.loan.findFirstOrThrow({ where: { status: "disbursed" }, include: { customer: true } });
    const all = (q: string) => listLoans(filters({ tab: "all", q }), ALL_OFFICES);
    expect((await all(loan.loanNumber.toLowerCase())).rows.map((r) => r.loanNumber)).toContain(loan.loanNumber);
    const byName = await all(loan.customer.name.split(" ")[0]!.toUpperCase());
    expect(byName.rows.map((r) => r.loanNumber)).toContain(loan.loanNumber);
    if (loan.customer.email) expect((await all(loan.customer.email)).rows.map((r) => r.loanNumber)).toContain(loan.loanNumber);
    const localPhone = localizeDigits(`0${loan.customer.phone.slice(4)}`, "bn"); // +8801712… as ০১৭১২…
    const byPhone = await all(localPhone);
    expect(byPhone.total).toBe(await prisma.loan.count({ where: { customerId: loan.customerId } }));
    expect((await all("no such applicant")).total).toBe(0);

    const highPending = await listLoans(filters({ tab: "applications", risk: "high", loanType: "any" }), ALL_OFFICES);
    expect(highPending.total).toBe(await prisma.loan.count({ where: { status: "pending_approval", riskLevel: "high" } }));
    expect(highPending.rows.every((r) => r.riskLevel === "high")).toBe(true);
    // Unknown values fall back to the defaults instead of failing.
    expect(filters({ tab: "bogus", risk: "extreme", page: "-3" })).toMatchObject({ tab: "applications", risk: "any", page: 1 });
  });
});

describe("the cards", () => {
  it("are computed from the loans, and a disbursement moves this month's figure by its amount", async () => {
    const before = await loanStats(ALL_OFFICES);
    const pending = await prisma.loan.aggregate({ where: { status: { in: ["pending_approval", "under_review"] } }, _count: { _all: true }, _sum: { requestedAmount: true } });
    expect(before.pendingApprovals).toEqual({ count: pending._count._all, totalRequested: pending._sum.requestedAmount });
    expect(before.approved).toBe(await prisma.loan.count({ where: { status: "approved" } }));
    expect(before.active).toBe(await prisma.loan.count({ where: { status: "disbursed" } }));
    expect(before.totalDisbursed).toBe((await prisma.loan.aggregate({ _sum: { disbursedAmount: true } }))._sum.disbursedAmount);

    const loan = await prisma.loan.findFirstOrThrow({ where: { status: "pending_approval", purpose: "Copy" } });
    await actAs("loan_officer");
    expect(await approveLoanAction({ loanNumber: loan.loanNumber, amount: String(loan.requestedAmount) })).toMatchObject({ ok: true });
    await actAs("account_manager");
    expect(
      await disburseLoanAction({ loanNumber: loan.loanNumber, bankAccount: "0123456789", bankName: "Sonali Bank", scheduledDate: dhakaToday() }),
    ).toMatchObject({ ok: true });

    const after = await loanStats(ALL_OFFICES);
    expect(after.disbursedThisMonth - before.disbursedThisMonth).toBe(loan.requestedAmount);
    expect(after.totalDisbursed - before.totalDisbursed).toBe(loan.requestedAmount);
    expect(after.pendingApprovals.count).toBe(before.pendingApprovals.count - 1);
    expect(after.active).toBe(before.active + 1);
    expect(after.disbursedLastMonth).toBe(before.disbursedLastMonth);
  });
});
