/**
 * Issue 50, point 3 (decision 0265): the month-end classification and provisioning run. Every disbursed loan with
 * principal outstanding on the month's last day is classified by the days overdue of its oldest instalment not covered
 * by payments received by then, kept as history; each branch's loan-loss reserve then equals what its loans require.
 * Once per month (two at once: one), months in order; the rules are configuration the database keeps whole.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { runProvisioningAction, updateProvisioningRulesAction } from "@/lib/accounting/actions";
import { provisioningReport } from "@/lib/accounting/queries";
import { monthEndOf, provisioningMonthEnds } from "@/lib/accounting/schemas";
import { runProvisioning } from "@/lib/accounting/service";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { approvePaymentReversalAction, recordPaymentAction, requestPaymentReversalAction } from "@/lib/repayments/actions";
import { isoDateOf } from "@/lib/validation/fields";
import { seedDemo } from "@/prisma/seed";
import { payment } from "../support/loan-fixtures";
import { actAs, createStaff, staffContextOf } from "../support/staff-session";

// Runs are for months that have ended (a month's last day before today).
const [lastMonthEnd, monthBefore] = provisioningMonthEnds() as [string, string];
const thisMonthEnd = monthEndOf(dhakaToday());

beforeAll(async () => {
  await seedDemo(prisma);
});

/** Each branch's loan-loss reserve (credit balance) as it stood on `day`. */
async function reserveOn(day: string): Promise<Map<string, number>> {
  const rows = await prisma.$queryRaw<{ branchId: string; kept: bigint }[]>`
    SELECT l."branchId", (-sum(l."amount"))::bigint AS "kept" FROM "LenderJournalLine" l
    WHERE l."accountId" = 'la_loan_loss_reserve' AND l."date" <= ${day}::date GROUP BY 1`;
  return new Map(rows.map((r) => [r.branchId, Number(r.kept)]));
}

/** The days overdue of a loan on `day`, computed here from its instalments and the payments received by then. */
async function daysOverdue(loanId: string, day: string): Promise<{ days: number; base: number }> {
  const loan = await prisma.loan.findUniqueOrThrow({
    where: { id: loanId },
    select: {
      disbursedAmount: true,
      installments: {
        orderBy: { emiNumber: "asc" },
        select: {
          dueDate: true,
          emiAmount: true,
          // The payments standing on the day: received by then and not reversed by then.
          allocations: {
            where: {
              payment: {
                paymentDate: { lte: new Date(`${day}T00:00:00Z`) },
                OR: [{ status: "completed" }, { status: "reversed", reversals: { some: { status: "approved", decidedAt: { gte: new Date(`${day}T18:00:00Z`) } } } }],
              },
            },
            select: { interest: true, principal: true },
          },
        },
      },
    },
  });
  let base = loan.disbursedAmount!;
  let oldest: string | null = null;
  for (const i of loan.installments) {
    const covered = i.allocations.reduce((s, a) => s + a.interest + a.principal, 0);
    base -= i.allocations.reduce((s, a) => s + a.principal, 0);
    const due = isoDateOf(i.dueDate);
    if (!oldest && due <= day && covered < i.emiAmount) oldest = due;
  }
  return { days: oldest ? Math.round((Date.parse(day) - Date.parse(oldest)) / 86_400_000) : 0, base };
}

describe("one run a month", () => {
  it("two at once give one run and one answer that it has run; an earlier month after a later one is refused", async () => {
    // Before the run: a payment received last month is reversed today. The month's run still counts it (it stood then).
    const standing = await prisma.loanPayment.findFirstOrThrow({
      where: { loan: { loanNumber: "LN-000102" }, status: "completed", paymentDate: { lte: new Date(`${lastMonthEnd}T00:00:00Z`) } },
      orderBy: { paymentDate: "desc" },
      select: { paymentNumber: true },
    });
    await actAs("account_manager");
    const asked = await requestPaymentReversalAction({ paymentNumber: standing.paymentNumber, reason: "provisioning test" });
    await actAs("admin");
    expect(await approvePaymentReversalAction({ reversalId: (asked as { data: { reversalId: string } }).data.reversalId, idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    const [a, b] = await Promise.all([createStaff("admin"), createStaff("super_admin")]);
    const results = await Promise.all([a, b].map(async (s) => runProvisioning(await staffContextOf(s.id), { asOf: lastMonthEnd })));
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, data: { asOf: lastMonthEnd, loans: expect.any(Number), accrued: expect.any(Number) } }]);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, error: { code: "conflict", reason: "provisioningAlreadyRun", details: { through: lastMonthEnd } } });
    expect([a.id, b.id]).toContain((await prisma.provisioningRun.findUniqueOrThrow({ where: { asOf: new Date(`${lastMonthEnd}T00:00:00Z`) } })).ranById);
    expect(await prisma.provisioningRun.count({ where: { asOf: new Date(`${lastMonthEnd}T00:00:00Z`) } })).toBe(1);
    await actAs("admin");
    expect(await runProvisioningAction({ asOf: monthBefore })).toMatchObject({ ok: false, error: { reason: "provisioningOutOfOrder" } });
    // Not a month's end, or after today: refused by the form's schema (and by the database).
    expect(await runProvisioningAction({ asOf: `${lastMonthEnd.slice(0, 7)}-15` })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { asOf: "invalidDate" } } });
    expect(await runProvisioningAction({ asOf: thisMonthEnd })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { asOf: "invalidDate" } } });
    await expect(prisma.$queryRaw`SELECT "lender_provisioning_run"(${thisMonthEnd}::date, NULL)`).rejects.toThrow(/month that has ended/);
    await expect(prisma.$queryRaw`SELECT "lender_provisioning_run"(${`${lastMonthEnd.slice(0, 7)}-15`}::date, NULL)`).rejects.toThrow(/month's last day/);
    // A branch manager neither runs it nor sees another branch's report.
    await actAs("branch_manager");
    expect(await runProvisioningAction({ asOf: lastMonthEnd })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const savar = { kind: "branches", officeId: "office-demo-branch-savar", branchIds: ["office-demo-branch-savar"] } as const;
    expect((await provisioningReport(savar, lastMonthEnd))!.every((b) => b.branchId === "office-demo-branch-savar")).toBe(true);
  });

});

describe("the month-end run", () => {
  it("classifies every loan as the rules say, keeps it as history, and brings each branch's reserve to what its loans require", async () => {
    // The demo's run two months back (prisma/seed.ts) and last month's, run above by one of two admins at once.
    const last = await prisma.provisioningRun.findUniqueOrThrow({ where: { asOf: new Date(`${lastMonthEnd}T00:00:00Z`) }, select: { ranById: true } });
    expect(last.ranById).not.toBeNull();
    for (const asOf of [monthBefore, lastMonthEnd]) await expectRunMatchesLoans(asOf);
    expect(await prisma.auditLog.count({ where: { action: "accounting.provisioning.run" } })).toBe(1);
  });
});

async function expectRunMatchesLoans(monthBefore: string) {
  {
    const run = await prisma.provisioningRun.findUniqueOrThrow({ where: { asOf: new Date(`${monthBefore}T00:00:00Z`) }, select: { id: true, ranById: true, entryId: true, loans: true } });
    const rules = await prisma.provisioningRule.findMany();
    const disbursedBy = await prisma.loan.findMany({ where: { disbursedAt: { lte: new Date(`${monthBefore}T18:00:00Z`) } }, select: { id: true } });
    let expectedLoans = 0;
    for (const { id } of disbursedBy) {
      const { days, base } = await daysOverdue(id, monthBefore);
      if (base <= 0) continue;
      expectedLoans += 1;
      const rule = rules.find((r) => days >= r.minDays && (r.maxDays === null || days <= r.maxDays))!;
      expect(run.loans.find((c) => c.loanId === id), id).toMatchObject({ daysOverdue: days, base, category: rule.category, required: Math.round((base * rule.percent.toNumber()) / 100) });
    }
    expect(run.loans).toHaveLength(expectedLoans);
    expect(expectedLoans).toBeGreaterThan(0);

    const kept = await reserveOn(monthBefore);
    const required = new Map<string, number>();
    for (const c of run.loans) required.set(c.branchId, (required.get(c.branchId) ?? 0) + c.required);
    expect(Object.fromEntries(kept)).toEqual(Object.fromEntries(required));
    expect(run.entryId).not.toBeNull();

    const report = (await provisioningReport(ALL_OFFICES, monthBefore))!;
    for (const branch of report) {
      expect(branch).toMatchObject({ required: required.get(branch.branchId), kept: required.get(branch.branchId), shortfall: 0 });
      expect(branch.keptBefore + branch.posted).toBe(branch.kept);
    }
    expect(report.flatMap((b) => b.rows).reduce((s, r) => s + r.loans, 0)).toBe(expectedLoans);
  }
}

describe("later months and the rules", () => {
  it("a month's figures are as they stood on its last day: a payment recorded later changes nothing of them", async () => {
    const rahim = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: "LN-000101" }, select: { loanNumber: true, customer: { select: { userNumber: true } }, installments: { where: { status: { not: "paid" } }, select: { emiAmount: true } } } });
    // Everything owed paid today: the loan is regular (or gone) from this month's run on.
    await actAs("collection_agent");
    const owed = rahim.installments.reduce((s, i) => s + i.emiAmount, 0);
    const paid = await recordPaymentAction(payment(rahim, { amount: String(owed + 5_000), method: "cash", reference: "" }));
    const owedNow = !paid.ok ? Number(paid.error.details?.owed) : 0;
    const exact = paid.ok ? paid : await recordPaymentAction(payment(rahim, { amount: String(owedNow), method: "cash", reference: "", idempotencyKey: randomUUID() }));
    expect(exact).toMatchObject({ ok: true });
    // The last month's figures are as they stood: the payment today changes nothing of them.
    const last = await prisma.provisioningRun.findUniqueOrThrow({ where: { asOf: new Date(`${lastMonthEnd}T00:00:00Z`) }, select: { loans: true } });
    expect([...(await reserveOn(lastMonthEnd)).values()].reduce((s, v) => s + v, 0)).toBe(last.loans.reduce((s, c) => s + c.required, 0));
  });

  it("keeps its rules whole and its history unchanged", async () => {
    await expect(prisma.provisioningRule.update({ where: { category: "watchful" }, data: { maxDays: 60 } })).rejects.toThrow(/ProvisioningRule_valid|without a gap/);
    await expect(prisma.provisioningRule.update({ where: { category: "bad" }, data: { percent: 120 } })).rejects.toThrow(/ProvisioningRule_valid|at most 100/);
    // One statement moving two bounds together is a whole rule set.
    await prisma.$executeRaw`UPDATE "ProvisioningRule" SET "maxDays" = CASE "category" WHEN 'watchful' THEN 60 ELSE "maxDays" END, "minDays" = CASE "category" WHEN 'substandard' THEN 61 ELSE "minDays" END WHERE "category" IN ('watchful', 'substandard')`;
    await prisma.$executeRaw`UPDATE "ProvisioningRule" SET "maxDays" = CASE "category" WHEN 'watchful' THEN 30 ELSE "maxDays" END, "minDays" = CASE "category" WHEN 'substandard' THEN 31 ELSE "minDays" END WHERE "category" IN ('watchful', 'substandard')`;
    const row = await prisma.loanClassification.findFirstOrThrow({ select: { runId: true, loanId: true } });
    await expect(prisma.loanClassification.update({ where: { runId_loanId: row }, data: { required: 0 } })).rejects.toThrow(/Provisioning_immutable|history/);
    await expect(prisma.provisioningRun.deleteMany({})).rejects.toThrow(/Provisioning_immutable|history/);
  });
});

describe("a super admin's rules", () => {
  it("changes the days and rates in one go, audited; a gap, a rate above 100% and anyone else are refused and change nothing", async () => {
    const rules = async () => (await prisma.provisioningRule.findMany({ orderBy: { category: "asc" }, select: { category: true, minDays: true, maxDays: true, percent: true } })).map((r) => ({ ...r, percent: r.percent.toNumber() }));
    const before = await rules();
    const circular = { watchfulTo: "৬০", substandardTo: "180", doubtfulTo: "365", regular: "1", watchful: "5.5", substandard: "25", doubtful: "75", bad: "100", base: "principal_and_accrued_interest" as const };
    await actAs("admin");
    expect(await updateProvisioningRulesAction(circular)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const superAdmin = await actAs("super_admin");
    expect(await updateProvisioningRulesAction({ ...circular, substandardTo: "50" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { substandardTo: "invalidRange" } } });
    expect(await updateProvisioningRulesAction({ ...circular, bad: "120" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { bad: "invalidRate" } } });
    expect(await updateProvisioningRulesAction({ ...circular, base: "everything" as never })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { base: "required" } } });
    expect(await rules()).toEqual(before);
    expect(await prisma.provisioningSetting.findUniqueOrThrow({ where: { id: 1 }, select: { base: true } })).toEqual({ base: "principal" });

    expect(await updateProvisioningRulesAction(circular)).toEqual({ ok: true, data: { updated: true } });
    expect(await rules()).toEqual([
      { category: "regular", minDays: 0, maxDays: 0, percent: 1 },
      { category: "watchful", minDays: 1, maxDays: 60, percent: 5.5 },
      { category: "substandard", minDays: 61, maxDays: 180, percent: 25 },
      { category: "doubtful", minDays: 181, maxDays: 365, percent: 75 },
      { category: "bad", minDays: 366, maxDays: null, percent: 100 },
    ]);
    expect(await prisma.provisioningSetting.findUniqueOrThrow({ where: { id: 1 }, select: { base: true } })).toEqual({ base: "principal_and_accrued_interest" });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "accounting.provisioning.rules" }, orderBy: { createdAt: "desc" }, select: { actorId: true, before: true, after: true } });
    expect(audit).toMatchObject({ actorId: superAdmin.id, before: { base: "principal" }, after: { base: "principal_and_accrued_interest" } });

    // Back to what the other tests of this file read.
    const restore = Object.fromEntries(before.map((r) => [r.category, String(r.percent)]));
    expect(await updateProvisioningRulesAction({ watchfulTo: String(before[1]!.maxDays), substandardTo: String(before[2]!.maxDays), doubtfulTo: String(before[3]!.maxDays), ...restore, base: "principal" } as never)).toMatchObject({ ok: true });
    expect(await rules()).toEqual(before);
  });
});
