/**
 * Issue 50, point 1 (decision 0269), through the app as its runtime role: a super admin names accounts, adds
 * sub-accounts (of the parent's type and kind) and sets each product's accounts, audited; the database refuses a
 * sub-account of another kind, a changed code and a product mapped to an account of the wrong kind. A product's loans
 * then post to its accounts: the disbursement and the principal repaid to its portfolio sub-account, interest to its
 * income sub-account, a month-end accrual too; a loan keeps the portfolio account it was disbursed to when the product
 * changes; a move to another branch takes it along. The books still balance.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dropRuntimeRole, refusal, switchToRuntimeRole } from "../support/db-connection";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

const { ownerUrl, appUrl, role } = await switchToRuntimeRole();

const { prisma } = await import("@/lib/db");
const { addLenderSubAccountAction, renameLenderAccountAction, setProductAccountsAction } = await import("@/lib/accounting/actions");
const { chartOfAccounts, lenderTrialBalance } = await import("@/lib/accounting/queries");
const { provisioningMonthEnds } = await import("@/lib/accounting/schemas");
const { dhakaToday } = await import("@/lib/format");
const { ALL_OFFICES } = await import("@/lib/offices/scope-rules");
const { recordPaymentAction } = await import("@/lib/repayments/actions");
const { addCalendarDays, addCalendarMonths } = await import("@/lib/repayments/schedule");
const { seedProducts } = await import("@/prisma/seed");
const { disbursedLoan, payment } = await import("../support/loan-fixtures");
const { actAs } = await import("../support/staff-session");

const MAIN = "office-main-branch";

beforeAll(async () => {
  await seedProducts(prisma);
});

afterAll(async () => {
  await prisma.$disconnect();
  await dropRuntimeRole(ownerUrl, role);
});

/** The lines a loan's entries put on an account (by code), optionally of one kind of entry. */
async function loanLines(loanNumber: string, code: string, kind?: string): Promise<number> {
  const rows = await prisma.lenderJournalLine.findMany({
    where: { account: { code }, entry: { loan: { loanNumber }, ...(kind ? { kind: kind as never } : {}) } },
    select: { amount: true },
  });
  return rows.reduce((s, r) => s + r.amount, 0);
}

describe("the chart of accounts", () => {
  it("a super admin names an account and adds sub-accounts, audited; bad input and anyone else are refused; the database keeps kinds and codes", async () => {
    await actAs("admin");
    expect(await addLenderSubAccountAction({ parentCode: "1200", code: "1201", labelBn: "বেতন ঋণ", labelEn: "Salary loans" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await actAs("super_admin");
    expect(await addLenderSubAccountAction({ parentCode: "1200", code: "0120", labelBn: "ক", labelEn: "x" })).toMatchObject({ ok: false, error: { fieldErrors: { code: "invalidAccountCode" } } });
    expect(await addLenderSubAccountAction({ parentCode: "1200", code: "12", labelBn: "", labelEn: "x" })).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { code: "invalidAccountCode", labelBn: "required" } },
    });
    // Bengali digits typed are taken as the code's digits.
    expect(await addLenderSubAccountAction({ parentCode: "1200", code: "১২০১", labelBn: "বেতন ঋণ পোর্টফোলিও", labelEn: "Salary loans portfolio" })).toEqual({ ok: true, data: { code: "1201" } });
    expect(await addLenderSubAccountAction({ parentCode: "1200", code: "1201", labelBn: "আবার", labelEn: "Again" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { code: "accountCodeTaken" } } });
    expect(await addLenderSubAccountAction({ parentCode: "4000", code: "4001", labelBn: "বেতন ঋণের সুদ", labelEn: "Salary loans' interest" })).toMatchObject({ ok: true });
    expect(await addLenderSubAccountAction({ parentCode: "9999", code: "4002", labelBn: "ক", labelEn: "k" })).toMatchObject({ ok: false, error: { code: "notFound" } });
    expect(await renameLenderAccountAction({ code: "1100", labelBn: "সোনালী ব্যাংক, মতিঝিল", labelEn: "Sonali Bank, Motijheel" })).toEqual({ ok: true, data: { code: "1100" } });

    const chart = await chartOfAccounts();
    const sub = chart.accounts.find((a) => a.code === "1201")!;
    expect(sub).toMatchObject({ kind: "loan_portfolio", type: "asset", parentCode: "1200", isDefault: false, depth: 1 });
    // Beneath its parent, before the next account.
    expect(chart.accounts.findIndex((a) => a.code === "1201")).toBe(chart.accounts.findIndex((a) => a.code === "1200") + 1);
    expect(chart.accounts.find((a) => a.code === "1100")).toMatchObject({ labelBn: "সোনালী ব্যাংক, মতিঝিল", labelEn: "Sonali Bank, Motijheel" });
    const audits = await prisma.auditLog.findMany({ where: { action: { in: ["accounting.accounts.add", "accounting.accounts.rename"] } }, select: { action: true, entityId: true } });
    expect(audits).toEqual(expect.arrayContaining([{ action: "accounting.accounts.add", entityId: "1201" }, { action: "accounting.accounts.rename", entityId: "1100" }]));

    // The database, for the app's own role too: a sub-account of another kind, a changed code, a second default.
    expect(await refusal(appUrl, [`INSERT INTO "LenderAccount" ("id", "code", "kind", "type", "parentId") VALUES ('x', '1209', 'bank', 'asset', 'la_loan_portfolio')`])).toBe("23514");
    expect(await refusal(appUrl, [`UPDATE "LenderAccount" SET "code" = '1299' WHERE "code" = '1201'`])).toBe("23514");
    expect(await refusal(ownerUrl, [`INSERT INTO "LenderAccount" ("id", "code", "kind", "type", "parentId", "isDefault") VALUES ('y', '1208', 'loan_portfolio', 'asset', 'la_loan_portfolio', true)`])).toBe("23514");
    // …or a loose account outside the tree (of a kind and a type that do not go together).
    expect(await refusal(ownerUrl, [`INSERT INTO "LenderAccount" ("id", "code", "kind", "type") VALUES ('z', '1207', 'interest_income', 'asset')`])).toBe("23514");
  });

  it("each product's accounts: the wrong kind is refused; its loans post there; a loan keeps its portfolio account; a move and an accrual follow them", async () => {
    await actAs("super_admin");
    expect(await setProductAccountsAction({ product: "salary", portfolio: "4001", interestIncome: "", lateFeeIncome: "" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { portfolio: "wrongAccountKind" } } });
    expect(await setProductAccountsAction({ product: "salary", portfolio: "7777", interestIncome: "", lateFeeIncome: "" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { portfolio: "wrongAccountKind" } } });
    expect(await refusal(appUrl, [`UPDATE "LoanProduct" SET "interestIncomeAccountId" = 'la_bank' WHERE "key" = 'salary'`])).toBe("23514");
    // The kind's own account picked by its code is kept as "none named" (it reads back as the form's empty choice).
    expect(await setProductAccountsAction({ product: "salary", portfolio: "1200", interestIncome: "", lateFeeIncome: "" })).toMatchObject({ ok: true });
    expect((await chartOfAccounts()).products.find((p) => p.product === "salary")).toMatchObject({ portfolio: null });
    expect(await setProductAccountsAction({ product: "salary", portfolio: "1201", interestIncome: "4001", lateFeeIncome: "" })).toEqual({ ok: true, data: { product: "salary" } });
    expect((await chartOfAccounts()).products.find((p) => p.product === "salary")).toMatchObject({ portfolio: "1201", interestIncome: "4001", lateFeeIncome: null });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "accounting.products.accounts", entityId: "salary" }, orderBy: { createdAt: "desc" } });
    expect(audit).toMatchObject({ before: { portfolio: null, interestIncome: null, lateFeeIncome: null }, after: { portfolio: "1201", interestIncome: "4001", lateFeeIncome: null } });

    // A salary loan disbursed now: its principal on 1201, nothing on the kind's own 1200.
    const loan = await disbursedLoan("৫০,০০০");
    expect(await loanLines(loan.loanNumber, "1201", "disbursement")).toBe(50_000);
    expect(await loanLines(loan.loanNumber, "1200")).toBe(0);
    await actAs("collection_agent");
    const first = await prisma.loanInstallment.findFirstOrThrow({ where: { loan: { loanNumber: loan.loanNumber }, emiNumber: 1 }, select: { emiAmount: true, principalAmount: true, interestAmount: true } });
    expect((await recordPaymentAction(payment(loan, { amount: String(first.emiAmount) }))).ok).toBe(true);
    expect(await loanLines(loan.loanNumber, "1201", "repayment")).toBe(-first.principalAmount);
    expect(await loanLines(loan.loanNumber, "4001", "repayment")).toBe(-first.interestAmount);
    expect(await loanLines(loan.loanNumber, "4000")).toBe(0);

    // The product goes back to the kind's own accounts: this loan keeps 1201 for its principal, interest goes to 4000.
    await actAs("super_admin");
    expect(await setProductAccountsAction({ product: "salary", portfolio: "", interestIncome: "", lateFeeIncome: "" })).toMatchObject({ ok: true });
    await actAs("collection_agent");
    const second = await prisma.loanInstallment.findFirstOrThrow({ where: { loan: { loanNumber: loan.loanNumber }, emiNumber: 2 }, select: { emiAmount: true, principalAmount: true, interestAmount: true } });
    expect((await recordPaymentAction(payment(loan, { amount: String(second.emiAmount) }))).ok).toBe(true);
    expect(await loanLines(loan.loanNumber, "1201")).toBe(50_000 - first.principalAmount - second.principalAmount);
    expect(await loanLines(loan.loanNumber, "1200")).toBe(0);
    expect(await loanLines(loan.loanNumber, "4000", "repayment")).toBe(-second.interestAmount);
    const later = await disbursedLoan("৫০,০০০");
    expect(await loanLines(later.loanNumber, "1200", "disbursement")).toBe(50_000);

    // A move to another branch takes the principal on 1201 along.
    const other = await prisma.office.create({ data: { code: "CA-B1", nameBn: "দ্বিতীয় শাখা", nameEn: "Second branch", level: "branch", parentId: "office-head", openedOn: new Date("2026-01-01") } });
    // New applicants' upazila stays routed to the main branch (with two branches open, an unrouted one has none).
    await prisma.upazilaBranch.upsert({ where: { upazilaCode: "493" }, create: { upazilaCode: "493", branchId: MAIN }, update: {} });
    await prisma.loan.update({ where: { loanNumber: loan.loanNumber }, data: { branchId: other.id } });
    const moved = await prisma.lenderJournalLine.findMany({ where: { entry: { kind: "branch_move", loan: { loanNumber: loan.loanNumber } }, account: { code: "1201" } }, select: { branchId: true, amount: true } });
    expect(moved.sort((a, b) => a.amount - b.amount)).toEqual([
      { branchId: MAIN, amount: -(50_000 - first.principalAmount - second.principalAmount) },
      { branchId: other.id, amount: 50_000 - first.principalAmount - second.principalAmount },
    ]);

    // A month-end accrual credits the product's interest income account of the day's mapping.
    await actAs("super_admin");
    expect(await setProductAccountsAction({ product: "salary", portfolio: "1201", interestIncome: "4001", lateFeeIncome: "" })).toMatchObject({ ok: true });
    const [monthEnd] = provisioningMonthEnds() as [string];
    const old = await disbursedLoan("৫০,০০০");
    const disbursedOn = addCalendarDays(monthEnd, -20);
    const row = await prisma.loan.update({ where: { loanNumber: old.loanNumber }, data: { disbursedAt: new Date(`${disbursedOn}T04:00:00Z`) }, select: { id: true, tenure: true } });
    for (let n = 1; n <= row.tenure; n++) {
      const date = new Date(`${addCalendarMonths(disbursedOn, n)}T00:00:00Z`);
      await prisma.loanInstallment.update({ where: { loanId_emiNumber: { loanId: row.id, emiNumber: n } }, data: { dueDate: date, scheduledDate: date } });
    }
    await prisma.$executeRaw`SELECT "lender_provisioning_run"(${monthEnd}::date, NULL)`;
    const accrued = await prisma.loanClassification.findFirstOrThrow({ where: { loanId: row.id }, select: { accruedInterest: true, branchId: true } });
    expect(accrued.accruedInterest).toBeGreaterThan(0);
    const accrual = await prisma.lenderJournalLine.findMany({ where: { entry: { kind: "interest_accrual", date: new Date(`${monthEnd}T00:00:00Z`) }, account: { code: "4001" } }, select: { amount: true, branchId: true } });
    expect(accrual).toEqual([{ amount: -accrued.accruedInterest, branchId: accrued.branchId }]);

    const trial = await lenderTrialBalance(ALL_OFFICES, dhakaToday());
    expect(trial.debit).toBe(trial.credit);
    expect(trial.rows.find((r) => r.code === "1201")!.debit).toBeGreaterThan(0);
  });
});
