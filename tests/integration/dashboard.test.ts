/**
 * Dashboard figures from known rows at fixed times: every KPI, the previous-period change, PAR30, today's
 * activity, the product split, the alerts, and the version that tells pollers something changed.
 */
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db";
import {
  countOpenAlerts,
  getDashboardKpis,
  getDashboardVersion,
  getPortfolioByProduct,
  getTodayActivity,
  computeAlerts,
  getDashboard,
} from "@/lib/dashboard/queries";
import { createStaff } from "../support/staff-session";

const NOW = new Date("2026-11-23T06:00:00Z"); // 12:00 in Dhaka
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000);
const daysAgo = (d: number) => hoursAgo(d * 24);
const date = (iso: string) => new Date(`${iso}T00:00:00Z`);

let seq = 0;
function application(status: "pending" | "under_review" | "approved" | "rejected", submittedAt: Date, reviewedAt: Date | null, loanType: "instant" | "salary" = "salary") {
  seq += 1;
  return {
    applicationId: `LB${String(seq).padStart(16, "0")}`,
    status,
    language: "bn" as const,
    loanType,
    amount: 100_000,
    tenure: 12,
    purpose: "test",
    name: `Applicant ${seq}`,
    phone: "+8801712345678",
    dob: date("1990-01-01"),
    nid: `77700000${String(seq).padStart(2, "0")}`,
    address: "Dhaka",
    employmentType: "salaried" as const,
    employer: "X",
    monthlyIncome: 50_000,
    principal: 100_000,
    interestRate: 18,
    months: 12,
    emi: 9_168,
    totalPayable: 110_016,
    totalInterest: 10_016,
    submittedAt,
    reviewedAt,
  };
}

beforeAll(async () => {
  await createStaff("admin");
  await prisma.loanApplication.createMany({
    data: [
      // Current 7-day window: 4 received; decided in it: 2 approved, 1 rejected.
      application("pending", hoursAgo(2), null, "instant"),
      application("under_review", daysAgo(2), null),
      application("approved", daysAgo(3), daysAgo(2)),
      application("approved", daysAgo(4), hoursAgo(1)),
      // Previous window: 2 received, 1 approved, 1 rejected (the rejection decided now).
      application("approved", daysAgo(9), daysAgo(8)),
      application("rejected", daysAgo(10), daysAgo(6)),
    ],
  });
  const customer = await prisma.customer.create({
    data: { userNumber: "U900001", userCode: "RB-TST1", name: "Borrower", phone: "+8801712345678", nid: "8880000001", address: "Dhaka", joinDate: date("2026-01-01") },
  });
  const loan = (loanNumber: string, loanType: "salary" | "business", disbursedAt: Date, amount: number) => ({
    loanNumber, customerId: customer.id, loanType, requestedAmount: amount, approvedAmount: amount, tenure: 12, interestRate: 18,
    emi: Math.round(amount / 10), purpose: "x", status: "disbursed" as const, monthlyIncome: 50_000, submittedAt: disbursedAt,
    disbursedAt, disbursedAmount: amount,
  });
  const [healthy, late] = await prisma.loan.createManyAndReturn({
    data: [loan("LN-900001", "salary", daysAgo(3), 100_000), loan("LN-900002", "business", daysAgo(60), 50_000)],
  });
  await prisma.loanInstallment.createMany({
    data: [
      // Due in the current window: 10,000 due, 10,000 paid.
      { loanId: healthy!.id, emiNumber: 1, dueDate: date("2026-11-20"), emiAmount: 10_000, principalAmount: 8_500, interestAmount: 1_500, paidAmount: 10_000, status: "paid" },
      // 40 days overdue and unpaid: puts the late loan at risk.
      { loanId: late!.id, emiNumber: 1, dueDate: date("2026-10-14"), emiAmount: 5_000, principalAmount: 4_250, interestAmount: 750, paidAmount: 0, status: "overdue" },
      // Due in the previous window, half paid.
      { loanId: late!.id, emiNumber: 2, dueDate: date("2026-11-13"), emiAmount: 5_000, principalAmount: 4_300, interestAmount: 700, paidAmount: 2_500, status: "partial" },
    ],
  });
  await prisma.loanPayment.createMany({
    data: [
      { paymentNumber: "PAY-900001", loanId: healthy!.id, amount: 10_000, paymentDate: date("2026-11-23"), createdAt: hoursAgo(1) },
      { paymentNumber: "PAY-900002", loanId: late!.id, amount: 2_500, paymentDate: date("2026-11-13"), createdAt: daysAgo(10) },
    ],
  });
});

describe("dashboard KPIs (7 days)", () => {
  it("count, rate and sum the window, and compare with the previous one", async () => {
    const kpis = await getDashboardKpis("7d", ALL_OFFICES, NOW);
    expect(kpis.applicationsReceived).toEqual({ current: 4, previous: 2, change: 100 });
    expect(kpis.approvalRate).toEqual({ current: 66.7, previous: 100, change: -33.3 });
    expect(kpis.amountDisbursed).toEqual({ current: 100_000, previous: 0, change: null });
    // Now: 150,000 out − 12,500 repaid; a week ago: only the late loan, 50,000 − 2,500.
    expect(kpis.activePortfolio).toEqual({ current: 137_500, previous: 47_500, change: 189.5 });
    expect(kpis.collectionRate).toEqual({ current: 100, previous: 50, change: 100 });
    // At risk: the late loan's 47,500 of 137,500.
    expect(kpis.par30).toBe(34.5);
  });

  it("follow the data when it changes, also through the cached dashboard", async () => {
    const before = await getDashboardVersion(ALL_OFFICES);
    const cached = await getDashboard("90d", ALL_OFFICES);
    expect(cached.version).toBe(before);
    expect((await getDashboard("90d", ALL_OFFICES)).kpis).toEqual(cached.kpis);
    await prisma.loanApplication.create({ data: application("pending", new Date(), null) });
    expect(await getDashboardVersion(ALL_OFFICES)).not.toBe(before);
    const fresh = await getDashboard("90d", ALL_OFFICES);
    expect(fresh.kpis.applicationsReceived.current).toBe(cached.kpis.applicationsReceived.current! + 1);
    expect(fresh.recent[0]!.applicationId).toBe(`LB${String(seq).padStart(16, "0")}`);
    await prisma.loanApplication.deleteMany({ where: { applicationId: `LB${String(seq).padStart(16, "0")}` } });
    await prisma.loanApplication.create({ data: application("pending", hoursAgo(3), null) });
    expect((await getDashboardKpis("7d", ALL_OFFICES, NOW)).applicationsReceived.current).toBe(5);
    await prisma.loanApplication.deleteMany({ where: { applicationId: `LB${String(seq).padStart(16, "0")}` } });
  });
});

describe("today, products and alerts", () => {
  it("counts today's activity in the Dhaka day", async () => {
    expect(await getTodayActivity(ALL_OFFICES, NOW)).toEqual({ received: 1, approved: 1, rejected: 0, disbursed: 0, disbursedAmount: 0, payments: 1, collected: 10_000 });
  });

  it("splits the portfolio by product", async () => {
    const slices = await getPortfolioByProduct("7d", ALL_OFFICES, NOW);
    expect(slices.map((s) => s.loanType).sort()).toEqual(["business", "consumer", "instant", "salary"]);
    expect(slices.find((s) => s.loanType === "salary")).toEqual({ loanType: "salary", applications: 3, disbursedCount: 1, disbursedAmount: 100_000, outstanding: 90_000 });
    expect(slices.find((s) => s.loanType === "business")).toMatchObject({ disbursedCount: 0, outstanding: 47_500 });
    expect(slices.find((s) => s.loanType === "instant")).toMatchObject({ applications: 1 });
  });

  it("derives alerts from waiting applications and overdue instalments", async () => {
    const alerts = await computeAlerts(ALL_OFFICES, NOW);
    expect(alerts.map((a) => [a.kind, a.count])).toEqual([
      ["staleApplications", 1],
      ["overdueInstallments", 2],
    ]);
    // The bell counts the same items, on the real clock (the fixed NOW is two days ahead of no row here).
    expect(await countOpenAlerts(ALL_OFFICES)).toBe((await computeAlerts(ALL_OFFICES, new Date())).reduce((n, a) => n + a.count, 0));
  });
});
