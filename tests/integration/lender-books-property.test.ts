/**
 * Issue 50's property (decisions 0263, 0264, 0266, 0267): over any sequence of payments (any channel, partial, early or
 * on a past day, more than is owed), reversals, loans moved between branches, new disbursements, early settlements,
 * partial prepayments, write-offs and recoveries, the lender's books stay equal to the loans' own records: the trial
 * balance balances; the loan portfolio, in each branch, is the principal outstanding of the loans there not written
 * off; each channel's account is its payments received less what it paid out; interest and late-fee income are what
 * the standing payments posted as repayments allocated plus what the month-end runs accrued less what they reversed
 * (decision 0268: each run's accrual is on its day, its reversal the next), recovery income what those posted as
 * recoveries brought in; interest receivable holds each run's accrual on its day only; the loan-loss reserve is what the
 * run kept less what was written off; the inter-branch account adds up to zero; the daily running totals equal the lines.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import type { PaymentMethod } from "@/lib/generated/prisma/enums";
import type { DisbursementChannel } from "@/lib/loans/disbursement-channel";
import { addCalendarDays, addCalendarMonths } from "@/lib/repayments/schedule";
import { prepayLoan, quoteSettlement, settleLoan } from "@/lib/repayments/early-repayment-service";
import { approveWriteOff, proposeWriteOff } from "@/lib/write-offs/service";
import { approvePaymentReversal, requestPaymentReversal } from "@/lib/repayments/reversal-service";
import { recordPayment } from "@/lib/repayments/service";
import { seedProducts } from "@/prisma/seed";
import { disbursedLoan } from "../support/loan-fixtures";
import { createStaff, staffContextOf } from "../support/staff-session";

type Ctx = Awaited<ReturnType<typeof staffContextOf>>;
type Step =
  | { kind: "pay"; loan: number; amount: number; method: PaymentMethod; daysAgo: number }
  | { kind: "settle"; loan: number }
  | { kind: "prepay"; loan: number; amount: number }
  | { kind: "writeOff"; loan: number }
  | { kind: "reverse"; loan: number }
  | { kind: "move"; loan: number; branch: number }
  | { kind: "disburse"; channel: DisbursementChannel }
  | { kind: "monthEnd" };

const MAIN = "office-main-branch";
let branches: string[];
const loans: { loanNumber: string; userNumber: string }[] = [];
let agent: Ctx;
let maker: Ctx;
let checker: Ctx;

/** A loan disbursed in June 2022 and never paid: bad for years by 30 June 2026 (a write-off's candidate once classified). */
async function oldBadLoan(): Promise<{ loanNumber: string; userNumber: string }> {
  const loan = await disbursedLoan("৫০,০০০");
  const row = await prisma.loan.update({ where: { loanNumber: loan.loanNumber }, data: { disbursedAt: new Date("2022-06-10T04:00:00Z") }, select: { id: true, tenure: true } });
  for (let n = 1; n <= row.tenure; n++) {
    const date = new Date(`${addCalendarMonths("2022-06-10", n)}T00:00:00Z`);
    await prisma.loanInstallment.update({ where: { loanId_emiNumber: { loanId: row.id, emiNumber: n } }, data: { dueDate: date, scheduledDate: date, status: "overdue" } });
  }
  return { loanNumber: loan.loanNumber, userNumber: loan.customer.userNumber };
}

/** The write-off step's candidates (classified bad by September's run). */
const oldLoans: { loanNumber: string; userNumber: string }[] = [];
let proposer: Ctx;
let approver: Ctx;

/** A loan disbursed on 1 August 2026, due monthly from then: a month's interest and more earned by 30 September. */
async function augustLoan(): Promise<{ loanNumber: string; userNumber: string }> {
  const loan = await disbursedLoan("৫০,০০০");
  const row = await prisma.loan.update({ where: { loanNumber: loan.loanNumber }, data: { disbursedAt: new Date("2026-08-01T04:00:00Z") }, select: { id: true, tenure: true } });
  for (let n = 1; n <= row.tenure; n++) {
    const date = new Date(`${addCalendarMonths("2026-08-01", n)}T00:00:00Z`);
    await prisma.loanInstallment.update({ where: { loanId_emiNumber: { loanId: row.id, emiNumber: n } }, data: { dueDate: date, scheduledDate: date } });
  }
  return { loanNumber: loan.loanNumber, userNumber: loan.customer.userNumber };
}

beforeAll(async () => {
  await seedProducts(prisma);
  for (let i = 0; i < 3; i += 1) {
    const loan = await disbursedLoan("৫০,০০০");
    loans.push({ loanNumber: loan.loanNumber, userNumber: loan.customer.userNumber });
  }
  for (let i = 0; i < 2; i += 1) loans.push(await augustLoan());
  for (let i = 0; i < 3; i += 1) {
    oldLoans.push(await oldBadLoan());
    loans.push(oldLoans.at(-1)!);
  }
  // August's run: the old loans bad, fully provided for (the write-off policy's conditions). September's is a step.
  await prisma.$executeRaw`SELECT "lender_provisioning_run"('2026-08-31'::date, NULL)`;
  // Branches opened after the loans (with one branch, new records go there by default).
  const other = await prisma.office.create({ data: { code: "PT-B1", nameBn: "দ্বিতীয় শাখা", nameEn: "Second branch", level: "branch", parentId: "office-head", openedOn: new Date("2026-01-01") } });
  branches = [MAIN, other.id];
  // New applicants' upazila stays routed to the main branch (with two branches open, an unrouted one has none).
  await prisma.upazilaBranch.upsert({ where: { upazilaCode: "493" }, create: { upazilaCode: "493", branchId: MAIN }, update: {} });
  agent = await staffContextOf((await createStaff("collection_agent")).id);
  maker = await staffContextOf((await createStaff("account_manager")).id);
  checker = await staffContextOf((await createStaff("admin")).id);
  proposer = await staffContextOf((await createStaff("loan_officer")).id);
  approver = await staffContextOf((await createStaff("admin")).id);
});

async function run(step: Step): Promise<void> {
  const loan = step.kind === "disburse" || step.kind === "monthEnd" ? null : loans[step.loan % loans.length]!;
  if (step.kind === "pay") {
    const reference = step.method === "cash" ? null : `P${randomUUID().slice(0, 10)}`;
    await recordPayment(agent, { memberId: loan!.userNumber, loanNumber: loan!.loanNumber, amount: step.amount, method: step.method, paymentDate: addCalendarDays(dhakaToday(), -step.daysAgo), reference, notes: null, idempotencyKey: randomUUID() } as never);
  } else if (step.kind === "reverse") {
    const last = await prisma.loanPayment.findFirst({ where: { loan: { loanNumber: loan!.loanNumber }, status: "completed" }, orderBy: { createdAt: "desc" }, select: { paymentNumber: true } });
    if (!last) return;
    const asked = await requestPaymentReversal(maker, { paymentNumber: last.paymentNumber, reason: "property" });
    if (asked.ok) await approvePaymentReversal(checker, { reversalId: asked.data.reversalId, idempotencyKey: randomUUID() });
  } else if (step.kind === "settle") {
    const quote = await quoteSettlement(agent, { loanNumber: loan!.loanNumber, onDate: dhakaToday() });
    if (quote.ok) await settleLoan(agent, { loanNumber: loan!.loanNumber, amount: quote.data.total, method: "bkash", paymentDate: dhakaToday(), reference: `S${randomUUID().slice(0, 10)}`, notes: null, idempotencyKey: randomUUID() });
  } else if (step.kind === "prepay") {
    await prepayLoan(agent, { loanNumber: loan!.loanNumber, amount: step.amount, method: "cash", paymentDate: dhakaToday(), reference: null, notes: null, idempotencyKey: randomUUID() });
  } else if (step.kind === "writeOff") {
    const old = oldLoans[step.loan % oldLoans.length]!;
    const proposed = await proposeWriteOff(proposer, { loanNumber: old.loanNumber, writeOffDate: "2026-06-30", reason: "property" });
    if (proposed.ok) await approveWriteOff(approver, { writeOffId: proposed.data.writeOffId, boardResolution: "BR-P", idempotencyKey: randomUUID() });
  } else if (step.kind === "monthEnd") {
    // September's month end, once (its accrual: the August loans' interest earned and unpaid on 30 September).
    await prisma.$executeRaw`SELECT "lender_provisioning_run"('2026-09-30'::date, NULL) WHERE NOT EXISTS (SELECT 1 FROM "ProvisioningRun" WHERE "asOf" >= '2026-09-30')`;
  } else if (step.kind === "move") {
    await prisma.loan.update({ where: { loanNumber: loan!.loanNumber }, data: { branchId: branches[step.branch % branches.length]! } });
  } else {
    // A new disbursement goes to the main branch (its applicant's upazila is routed there).
    await prisma.upazilaBranch.upsert({ where: { upazilaCode: "493" }, create: { upazilaCode: "493", branchId: MAIN }, update: {} });
    const made = await disbursedLoan("৬০,০০০", { channel: step.channel });
    loans.push({ loanNumber: made.loanNumber, userNumber: made.customer.userNumber });
  }
}

/** Every invariant of the books against the records, lender-wide and per branch. */
async function expectBooksEqualRecords(): Promise<void> {
  const balances = await prisma.$queryRaw<{ kind: string; branchId: string; total: bigint }[]>`
    SELECT a."kind"::text AS "kind", l."branchId", sum(l."amount")::bigint AS "total"
    FROM "LenderJournalLine" l JOIN "LenderAccount" a ON a."id" = l."accountId" GROUP BY 1, 2`;
  const book = (kind: string, branchId?: string) => balances.filter((b) => b.kind === kind && (!branchId || b.branchId === branchId)).reduce((s, b) => s + Number(b.total), 0);
  expect(balances.reduce((s, b) => s + Number(b.total), 0)).toBe(0);
  expect(book("inter_branch")).toBe(0);

  const records = await prisma.loan.findMany({
    where: { disbursedAt: { not: null } },
    select: {
      branchId: true,
      status: true,
      disbursedAmount: true,
      disbursementMethod: true,
      payments: { where: { status: "completed" }, select: { id: true, amount: true, method: true, allocations: { select: { principal: true, interest: true, lateFee: true } } } },
    },
  });
  // How the books took each standing payment: a repayment, or a recovery of a written-off loan.
  const recoveries = new Set((await prisma.lenderJournalEntry.findMany({ where: { sourceType: "LoanPayment", kind: "recovery" }, select: { sourceId: true } })).map((e) => e.sourceId));
  for (const branchId of [...branches, ...new Set(records.map((r) => r.branchId))]) {
    const outstanding = records
      .filter((r) => r.branchId === branchId && r.status !== "written_off")
      .reduce((s, r) => s + r.disbursedAmount! - r.payments.flatMap((p) => p.allocations).reduce((t, a) => t + a.principal, 0), 0);
    expect(book("loan_portfolio", branchId), `portfolio of ${branchId}`).toBe(outstanding);
  }
  const payments = records.flatMap((r) => r.payments);
  const received = (method: PaymentMethod) => payments.filter((p) => (p.method ?? "cash") === method).reduce((s, p) => s + p.amount, 0);
  const paidOut = (method: PaymentMethod) => records.filter((r) => r.disbursementMethod === method).reduce((s, r) => s + r.disbursedAmount!, 0);
  expect(book("bkash")).toBe(received("bkash") - paidOut("bkash"));
  expect(book("nagad")).toBe(received("nagad") - paidOut("nagad"));
  expect(book("rocket")).toBe(received("rocket") - paidOut("rocket"));
  expect(book("card")).toBe(received("card"));
  expect(book("cash_in_hand")).toBe(received("cash") - paidOut("cash"));
  expect(book("bank")).toBe(received("bank_transfer") - paidOut("bank_transfer"));
  const allocated = payments.filter((p) => !recoveries.has(p.id)).flatMap((p) => p.allocations);
  // Each run's accrual (its loans' unpaid interest earned, on its day) and its reversal (the next day).
  const runs = await prisma.provisioningRun.findMany({ select: { id: true, asOf: true } });
  let accrued = 0;
  let reversed = 0;
  for (const r of runs) {
    const earned = (await prisma.loanClassification.aggregate({ where: { runId: r.id }, _sum: { accruedInterest: true } }))._sum.accruedInterest ?? 0;
    const receivableOn = async (day: Date) =>
      (await prisma.lenderJournalLine.aggregate({ where: { date: day, account: { kind: "interest_receivable" } }, _sum: { amount: true } }))._sum.amount ?? 0;
    expect(await receivableOn(r.asOf), `accrued on ${r.asOf.toISOString()}`).toBe(earned);
    const reversal = 0 - (await receivableOn(new Date(r.asOf.getTime() + 86_400_000)));
    expect(reversal).toBe(earned);
    accrued += earned;
    reversed += reversal;
  }
  expect(book("interest_receivable")).toBe(accrued - reversed);
  expect(book("interest_income")).toBe(0 - allocated.reduce((s, a) => s + a.interest, 0) - accrued + reversed);
  expect(book("late_fee_income")).toBe(0 - allocated.reduce((s, a) => s + a.lateFee, 0));
  expect(book("recovery_income")).toBe(0 - payments.filter((p) => recoveries.has(p.id)).reduce((s, p) => s + p.amount, 0));
  // The reserve: what the latest run kept, less every write-off approved since (each takes a loan's principal off).
  const latest = await prisma.provisioningRun.findFirstOrThrow({ orderBy: { asOf: "desc" }, select: { id: true, ranAt: true } });
  const kept = await prisma.loanClassification.aggregate({ where: { runId: latest.id }, _sum: { required: true } });
  const writtenOff = await prisma.loanWriteOff.aggregate({ where: { status: "approved", decidedAt: { gt: latest.ranAt } }, _sum: { amount: true } });
  expect(book("loan_loss_reserve") + (kept._sum.required ?? 0) - (writtenOff._sum.amount ?? 0)).toBe(0);

  const [{ drift }] = (await prisma.$queryRaw<{ drift: bigint }[]>`
    SELECT count(*) AS "drift" FROM (
      SELECT "accountId", "branchId", "date", sum(GREATEST("amount", 0)) AS debit, sum(GREATEST(-"amount", 0)) AS credit FROM "LenderJournalLine" GROUP BY 1, 2, 3
    ) l FULL JOIN "LenderAccountDay" d USING ("accountId", "branchId", "date")
    WHERE coalesce(l.debit, 0) <> coalesce(d."debit", 0) OR coalesce(l.credit, 0) <> coalesce(d."credit", 0)`) as [{ drift: bigint }];
  expect(Number(drift)).toBe(0);
}

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("settle" as const), loan: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("prepay" as const), loan: fc.nat(20), amount: fc.integer({ min: 1, max: 40_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("writeOff" as const), loan: fc.nat(5) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("pay" as const), loan: fc.nat(20), amount: fc.integer({ min: 1, max: 60_000 }), method: fc.constantFrom<PaymentMethod>("cash", "bkash", "nagad", "rocket", "bank_transfer", "card"), daysAgo: fc.integer({ min: 0, max: 40 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("reverse" as const), loan: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("move" as const), loan: fc.nat(20), branch: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("disburse" as const), channel: fc.constantFrom<DisbursementChannel>("bank_transfer", "bkash", "nagad", "rocket", "cash") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("monthEnd" as const) }) },
);

describe("the lender's books", () => {
  it("stay balanced and equal to the loans' records after any sequence of payments, reversals, moves, disbursements, settlements, prepayments, write-offs, recoveries and a month-end accrual (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        for (const s of steps) await run(s);
        await expectBooksEqualRecords();
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});

describe("one known sequence", () => {
  it("posts what each step says: payments, a reversal, a move, a disbursement, a prepayment, a settlement, a write-off and a recovery; the books still equal the records", async () => {
    const kinds = async () => Object.fromEntries((await prisma.lenderJournalEntry.groupBy({ by: ["kind"], _count: { _all: true } })).map((c) => [c.kind, c._count._all]));
    const before = await kinds();
    const fresh = await disbursedLoan("৫০,০০০");
    loans.unshift({ loanNumber: fresh.loanNumber, userNumber: fresh.customer.userNumber });
    for (const s of [
      { kind: "pay", loan: 0, amount: 3000, method: "bkash", daysAgo: 0 },
      { kind: "pay", loan: 0, amount: 1500, method: "cash", daysAgo: 2 },
      { kind: "reverse", loan: 0 },
      { kind: "move", loan: 0, branch: 1 },
      { kind: "disburse", channel: "nagad" },
    ] satisfies Step[]) {
      await run(s);
    }
    const after = await kinds();
    const delta = (kind: string) => (after[kind] ?? 0) - (before[kind] ?? 0);
    expect({ disbursement: delta("disbursement"), repayment: delta("repayment"), reversal: delta("reversal"), branch_move: delta("branch_move") }).toEqual({ disbursement: 2, repayment: 2, reversal: 1, branch_move: 1 });
    await expectBooksEqualRecords();

    // A prepayment and a settlement of a new loan, each one repayment entry; every old loan written off that still may
    // be (at least one is, whatever the property did), and a payment on one a recovery.
    const another = await disbursedLoan("৫০,০০০");
    loans.unshift({ loanNumber: another.loanNumber, userNumber: another.customer.userNumber });
    await run({ kind: "prepay", loan: 0, amount: 10_000 });
    await run({ kind: "settle", loan: 0 });
    expect(await prisma.loan.findUniqueOrThrow({ where: { loanNumber: another.loanNumber }, select: { status: true } })).toEqual({ status: "closed" });
    // A loan bad for years of its own, classified by October's run (after September's, if the property did not run it),
    // written off, then paid on.
    oldLoans.unshift(await oldBadLoan());
    await run({ kind: "monthEnd" });
    expect(await prisma.lenderJournalEntry.count({ where: { kind: "interest_accrual", date: new Date("2026-09-30T00:00:00Z") } })).toBe(1);
    await prisma.$executeRaw`SELECT "lender_provisioning_run"('2026-10-31'::date, NULL)`;
    await run({ kind: "writeOff", loan: 0 });
    expect(await prisma.loan.findUniqueOrThrow({ where: { loanNumber: oldLoans[0]!.loanNumber }, select: { status: true } })).toEqual({ status: "written_off" });
    loans.unshift(oldLoans[0]!);
    await run({ kind: "pay", loan: 0, amount: 700, method: "nagad", daysAgo: 0 });
    const last = await kinds();
    expect((last.repayment ?? 0) - (after.repayment ?? 0)).toBe(2);
    expect((last.recovery ?? 0) - (after.recovery ?? 0)).toBe(1);
    expect(last.write_off ?? 0).toBeGreaterThan(0);
    await expectBooksEqualRecords();
  });
});
