/**
 * Issue 50, point 2 (decision 0268): the month-end run accrues the interest each performing loan (regular or watchful)
 * has earned by the month's last day and not been paid, as the early settlement computes it to that day; it posts each
 * branch's sum as interest receivable / interest income on that day and reverses it the next. A classified loan accrues
 * nothing. Checked against the settlement's own rules (lib/repayments/early-repayment.ts) for every loan of the demo
 * portfolio, and against a hand-computed case.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { provisioningReport } from "@/lib/accounting/queries";
import { provisioningMonthEnds } from "@/lib/accounting/schemas";
import { runProvisioning } from "@/lib/accounting/service";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { recordPaymentAction } from "@/lib/repayments/actions";
import { settlementQuote, type EarlyRepaymentRow } from "@/lib/repayments/early-repayment";
import { quoteSettlement, settleLoan } from "@/lib/repayments/early-repayment-service";
import { addCalendarDays, addCalendarMonths } from "@/lib/repayments/schedule";
import { isoDateOf } from "@/lib/validation/fields";
import { seedDemo } from "@/prisma/seed";
import { disbursedLoan, payment } from "../support/loan-fixtures";
import { actAs, createStaff, staffContextOf } from "../support/staff-session";

const [monthEnd] = provisioningMonthEnds() as [string];
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** A new loan of ৳50,000 moved back in time: disbursed `daysBefore` days before the month's end, due monthly from then. */
async function loanDisbursedBefore(daysBefore: number) {
  const loan = await disbursedLoan("৫০,০০০");
  const disbursedOn = addCalendarDays(monthEnd, -daysBefore);
  const row = await prisma.loan.update({ where: { loanNumber: loan.loanNumber }, data: { disbursedAt: new Date(`${disbursedOn}T04:00:00Z`) }, select: { id: true, tenure: true } });
  for (let n = 1; n <= row.tenure; n++) {
    const date = new Date(`${addCalendarMonths(disbursedOn, n)}T00:00:00Z`);
    await prisma.loanInstallment.update({ where: { loanId_emiNumber: { loanId: row.id, emiNumber: n } }, data: { dueDate: date, scheduledDate: date } });
  }
  const installments = await prisma.loanInstallment.findMany({ where: { loanId: row.id }, orderBy: { emiNumber: "asc" }, select: { dueDate: true, emiAmount: true, interestAmount: true } });
  return { ...loan, id: row.id, disbursedOn, installments: installments.map((i) => ({ ...i, dueDate: isoDateOf(i.dueDate) })) };
}

let paidOnTime: Awaited<ReturnType<typeof loanDisbursedBefore>>;
let longOverdue: Awaited<ReturnType<typeof loanDisbursedBefore>>;
let settledAfter: Awaited<ReturnType<typeof loanDisbursedBefore>>;

beforeAll(async () => {
  await seedDemo(prisma);
  // Paid its first instalment on the day: regular at the month's end, part of the second's interest earned.
  paidOnTime = await loanDisbursedBefore(45);
  await actAs("collection_agent");
  const first = paidOnTime.installments[0]!;
  const paid = await recordPaymentAction(payment(paidOnTime, { amount: String(first.emiAmount), paymentDate: first.dueDate }));
  expect(paid.ok).toBe(true);
  // Never paid, its first instalment overdue for more than 30 days at the month's end: substandard.
  longOverdue = await loanDisbursedBefore(75);
  // Settled the day after the month's end, before the run: the settlement cut its first instalment's interest to the
  // days it ran; on the month's last day the instalment's interest was still the scheduled one.
  settledAfter = await loanDisbursedBefore(10);
  const agent = await staffContextOf((await createStaff("collection_agent")).id);
  const onDate = addCalendarDays(monthEnd, 1);
  const quote = await quoteSettlement(agent, { loanNumber: settledAfter.loanNumber, onDate });
  if (!quote.ok) throw new Error(JSON.stringify(quote));
  const settled = await settleLoan(agent, { loanNumber: settledAfter.loanNumber, amount: quote.data.total, method: "bkash", paymentDate: onDate, reference: `S${randomUUID().slice(0, 10)}`, notes: null, idempotencyKey: randomUUID() });
  expect(settled.ok).toBe(true);
  // The provision's base with the accrued interest in it (decision 0265: configuration).
  await prisma.provisioningSetting.update({ where: { id: 1 }, data: { base: "principal_and_accrued_interest" } });
  const admin = await staffContextOf((await createStaff("admin")).id);
  const ran = await runProvisioning(admin, { asOf: monthEnd });
  expect(ran.ok).toBe(true);
});

async function classificationOf(loanId: string) {
  return prisma.loanClassification.findFirstOrThrow({ where: { loanId, run: { asOf: new Date(`${monthEnd}T00:00:00Z`) } }, select: { category: true, daysOverdue: true, accruedInterest: true, branchId: true } });
}

describe("a hand-computed month end", () => {
  it("accrues the current instalment's interest for the days of its period that have passed, and nothing for a substandard loan", async () => {
    const [first, second] = paidOnTime.installments as [(typeof paidOnTime.installments)[number], (typeof paidOnTime.installments)[number]];
    // The first instalment paid in full on its day; the second's period runs from the first's due date to its own.
    const expected = Math.round((second.interestAmount * daysBetween(first.dueDate, monthEnd)) / daysBetween(first.dueDate, second.dueDate));
    expect(expected).toBeGreaterThan(0);
    expect(await classificationOf(paidOnTime.id)).toMatchObject({ category: "regular", daysOverdue: 0, accruedInterest: expected });
    // Its base is the principal outstanding and the interest accrued; regular: 1% of it.
    const principalLeft = 50_000 - (await prisma.loanInstallment.findFirstOrThrow({ where: { loanId: paidOnTime.id, emiNumber: 1 }, select: { principalAmount: true } })).principalAmount;
    const row = await prisma.loanClassification.findFirstOrThrow({ where: { loanId: paidOnTime.id }, select: { base: true, required: true, run: { select: { base: true } } } });
    expect(row).toEqual({ base: principalLeft + expected, required: Math.round((principalLeft + expected) / 100), run: { base: "principal_and_accrued_interest" } });

    // The settled loan: its first instalment's scheduled interest for 10 of its period's days, not the settlement's cut.
    const scheduled = settledAfter.installments[0]!;
    const period = daysBetween(settledAfter.disbursedOn, scheduled.dueDate);
    const now = await prisma.loanInstallment.findFirstOrThrow({ where: { loanId: settledAfter.id, emiNumber: 1 }, select: { interestAmount: true } });
    expect(now.interestAmount).toBe(Math.round((scheduled.interestAmount * 11) / period));
    expect(await classificationOf(settledAfter.id)).toMatchObject({ category: "regular", accruedInterest: Math.round((scheduled.interestAmount * 10) / period) });

    const overdue = await classificationOf(longOverdue.id);
    expect(overdue.category).toBe("substandard");
    // Nothing accrued: its base is its principal alone.
    expect(await prisma.loanClassification.findFirstOrThrow({ where: { loanId: longOverdue.id }, select: { base: true } })).toEqual({ base: 50_000 });
    expect(overdue.daysOverdue).toBe(daysBetween(longOverdue.installments[0]!.dueDate, monthEnd));
    expect(overdue.accruedInterest).toBe(0);
  });
});

describe("every loan of the portfolio", () => {
  it("accrues what an early settlement on the month's last day would charge as interest, from the payments standing then; classified loans nothing", async () => {
    const dayEnd = new Date(`${monthEnd}T18:00:00Z`);
    const rows = await prisma.loanClassification.findMany({
      where: { run: { asOf: new Date(`${monthEnd}T00:00:00Z`) } },
      select: {
        category: true,
        accruedInterest: true,
        loan: {
          select: {
            loanNumber: true,
            disbursedAt: true,
            installments: {
              orderBy: { emiNumber: "asc" },
              select: {
                emiNumber: true,
                dueDate: true,
                emiAmount: true,
                principalAmount: true,
                interestAmount: true,
                allocations: {
                  where: {
                    payment: {
                      paymentDate: { lte: new Date(`${monthEnd}T00:00:00Z`) },
                      OR: [{ status: "completed" }, { status: "reversed", reversals: { some: { status: "approved", decidedAt: { gte: dayEnd } } } }],
                    },
                  },
                  select: { interest: true, principal: true, lateFee: true },
                },
              },
            },
          },
        },
      },
    });
    // The demo's loans disbursed by then, and the two made here.
    expect(rows.length).toBeGreaterThanOrEqual(4);
    let performing = 0;
    for (const row of rows) {
      // A loan whose schedule changed after the day is checked by hand above (its rows now are not the day's).
      if (row.loan.loanNumber === settledAfter.loanNumber) continue;
      const schedule: EarlyRepaymentRow[] = row.loan.installments.map((i) => ({
        emiNumber: i.emiNumber,
        dueDate: isoDateOf(i.dueDate),
        emiAmount: i.emiAmount,
        principalAmount: i.principalAmount,
        interestAmount: i.interestAmount,
        lateFee: 0,
        paid: { lateFee: 0, interest: i.allocations.reduce((s, a) => s + a.interest, 0), principal: i.allocations.reduce((s, a) => s + a.principal, 0) },
      }));
      const earned = settlementQuote(schedule, monthEnd, dhakaToday(row.loan.disbursedAt!)).interest;
      const accrues = row.category === "regular" || row.category === "watchful";
      if (accrues) performing += 1;
      expect(row.accruedInterest, `${row.loan.loanNumber} (${row.category})`).toBe(accrues ? earned : 0);
    }
    expect(performing).toBeGreaterThan(0);
  });

  it("posts each branch's sum on the month's last day and reverses it the next: interest receivable holds it that day only", async () => {
    const run = await prisma.provisioningRun.findUniqueOrThrow({ where: { asOf: new Date(`${monthEnd}T00:00:00Z`) }, select: { id: true } });
    const accrual = await prisma.lenderJournalEntry.findUniqueOrThrow({
      where: { sourceType_sourceId_kind: { sourceType: "ProvisioningRun", sourceId: run.id, kind: "interest_accrual" } },
      select: { id: true, date: true, lines: { select: { amount: true, branchId: true, account: { select: { kind: true } } } }, reversedBy: { select: { date: true, kind: true, lines: { select: { amount: true } } } } },
    });
    expect(isoDateOf(accrual.date)).toBe(monthEnd);
    const perBranch = await prisma.loanClassification.groupBy({ by: ["branchId"], where: { runId: run.id }, _sum: { accruedInterest: true } });
    for (const branch of perBranch.filter((b) => (b._sum.accruedInterest ?? 0) > 0)) {
      const lines = accrual.lines.filter((l) => l.branchId === branch.branchId);
      expect(lines.find((l) => l.account.kind === "interest_receivable")?.amount).toBe(branch._sum.accruedInterest);
      expect(lines.find((l) => l.account.kind === "interest_income")?.amount).toBe(-branch._sum.accruedInterest!);
    }
    expect(accrual.reversedBy).toMatchObject({ kind: "reversal" });
    expect(isoDateOf(accrual.reversedBy!.date)).toBe(addCalendarDays(monthEnd, 1));
    expect(accrual.reversedBy!.lines.reduce((s, l) => s + l.amount, 0)).toBe(0);

    const total = perBranch.reduce((s, b) => s + (b._sum.accruedInterest ?? 0), 0);
    const receivableThrough = async (day: string) =>
      Number(
        (
          await prisma.$queryRaw<{ balance: bigint }[]>`
            SELECT coalesce(sum(l."amount"), 0)::bigint AS "balance" FROM "LenderJournalLine" l
            WHERE l."accountId" = 'la_interest_receivable' AND l."date" <= ${day}::date`
        )[0]!.balance,
      );
    expect(await receivableThrough(monthEnd)).toBe(total);
    expect(await receivableThrough(addCalendarDays(monthEnd, 1))).toBe(0);

    // The report shows it per branch.
    const report = await provisioningReport(ALL_OFFICES, monthEnd);
    expect(report!.reduce((s, b) => s + b.accrued, 0)).toBe(total);
    // Its outstanding is the principal alone, though this run's base held the accrued interest too.
    const bases = await prisma.loanClassification.aggregate({ where: { runId: run.id }, _sum: { base: true } });
    expect(report!.flatMap((b) => b.rows).reduce((s, r) => s + r.outstanding, 0)).toBe((bases._sum.base ?? 0) - total);
  });
});
