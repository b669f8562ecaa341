/**
 * Issue 50 (decision 0263): the lender's general ledger. The database posts every disbursement and payment in the
 * transaction that records it (the seed's as the owner, the app's as its own runtime role); the books open equal to the
 * loans' own figures; a loan moved to another branch takes its principal outstanding with it; the database refuses an
 * unbalanced entry, an edit, a deletion and a line in a closed period, for the owner and the runtime role alike.
 *
 * This file runs the app as the runtime role: DATABASE_URL is switched before any application module is loaded.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dropRuntimeRole, refusal, switchToRuntimeRole } from "../support/db-connection";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

const { ownerUrl, appUrl, role } = await switchToRuntimeRole();

const { prisma } = await import("@/lib/db");
const { dhakaToday } = await import("@/lib/format");
const { recordPaymentAction } = await import("@/lib/repayments/actions");
const { seedDemoAsOwner } = await import("../support/seed-as-owner");
const { disbursedLoan, payment } = await import("../support/loan-fixtures");
const { actAs } = await import("../support/staff-session");
const { lenderCashBook, lenderJournal, lenderLedger, lenderStatements, lenderTrialBalance } = await import("@/lib/accounting/queries");
const { closeLenderBooksAction, runProvisioningAction } = await import("@/lib/accounting/actions");
const { provisioningMonthEnds } = await import("@/lib/accounting/schemas");
const { ALL_OFFICES } = await import("@/lib/offices/scope-rules");

const MAIN = "office-main-branch";
const SAVAR = "office-demo-branch-savar";

/** An account's balance (debits minus credits) by kind, optionally for one loan's entries or one branch. */
async function balance(kind: string, where: { loanId?: string; branchId?: string } = {}): Promise<number> {
  const [row] = await prisma.$queryRawUnsafe<{ total: bigint | null }[]>(
    `SELECT sum(l."amount") AS total FROM "LenderJournalLine" l JOIN "LenderJournalEntry" e ON e."id" = l."entryId"
     JOIN "LenderAccount" a ON a."id" = l."accountId" AND a."isDefault"
     WHERE a."kind" = $1::"LenderAccountKind" AND ($2::text IS NULL OR e."loanId" = $2) AND ($3::text IS NULL OR l."branchId" = $3)`,
    kind,
    where.loanId ?? null,
    where.branchId ?? null,
  );
  return Number(row?.total ?? 0);
}

beforeAll(async () => {
  await seedDemoAsOwner(ownerUrl);
});

afterAll(async () => {
  await prisma.$disconnect();
  await dropRuntimeRole(ownerUrl, role);
});

describe("the lender's books open on the demo portfolio", () => {
  it("balanced, each loan's portfolio its principal outstanding, each channel its payments less its disbursements, income its allocations", async () => {
    const [{ total, lines }] = (await prisma.$queryRaw<{ total: bigint; lines: bigint }[]>`SELECT coalesce(sum("amount"), 0) AS total, count(*) AS lines FROM "LenderJournalLine"`) as [{ total: bigint; lines: bigint }];
    expect(Number(lines)).toBeGreaterThan(50);
    expect(Number(total)).toBe(0);

    const loans = await prisma.loan.findMany({
      where: { disbursedAt: { not: null } },
      select: { id: true, loanNumber: true, disbursedAmount: true, installments: { select: { principalAmount: true } }, payments: { where: { status: "completed" }, select: { allocations: { select: { principal: true } } } } },
    });
    expect(loans.length).toBeGreaterThanOrEqual(3);
    for (const loan of loans) {
      const principalPaid = loan.payments.flatMap((p) => p.allocations).reduce((sum, a) => sum + a.principal, 0);
      const scheduled = loan.installments.reduce((sum, i) => sum + i.principalAmount, 0);
      expect(scheduled, loan.loanNumber).toBe(loan.disbursedAmount);
      expect(await balance("loan_portfolio", { loanId: loan.id }), loan.loanNumber).toBe(loan.disbursedAmount! - principalPaid);
    }

    const byMethod = await prisma.loanPayment.groupBy({ by: ["method"], where: { status: "completed" }, _sum: { amount: true } });
    const received = (method: string) => byMethod.filter((m) => (m.method ?? "cash") === method).reduce((sum, m) => sum + (m._sum.amount ?? 0), 0);
    const paidOut = await prisma.loan.groupBy({ by: ["disbursementMethod"], where: { disbursedAt: { not: null } }, _sum: { disbursedAmount: true } });
    const disbursed = (method: string) => paidOut.filter((m) => m.disbursementMethod === method).reduce((sum, m) => sum + (m._sum.disbursedAmount ?? 0), 0);
    expect(disbursed("bank_transfer")).toBeGreaterThan(0);
    expect(await balance("bkash")).toBe(received("bkash") - disbursed("bkash"));
    expect(await balance("nagad")).toBe(received("nagad") - disbursed("nagad"));
    expect(await balance("cash_in_hand")).toBe(received("cash") - disbursed("cash"));
    expect(await balance("bank")).toBe(received("bank_transfer") - disbursed("bank_transfer"));

    const parts = await prisma.loanPaymentAllocation.aggregate({ where: { payment: { status: "completed" } }, _sum: { interest: true, lateFee: true } });
    expect(await balance("interest_income")).toBe(0 - (parts._sum.interest ?? 0));
    expect(await balance("late_fee_income")).toBe(0 - (parts._sum.lateFee ?? 0));

    // Every completed payment posted exactly once; the running totals equal the lines.
    const [{ unposted }] = (await prisma.$queryRaw<{ unposted: bigint }[]>`
      SELECT count(*) AS unposted FROM "LoanPayment" p WHERE p."status" = 'completed'
        AND (SELECT count(*) FROM "LenderJournalEntry" e WHERE e."sourceType" = 'LoanPayment' AND e."sourceId" = p."id") <> 1`) as [{ unposted: bigint }];
    expect(Number(unposted)).toBe(0);
    expect(await prisma.$queryRaw`SELECT * FROM "lender_account_days_drift"()`).toEqual([]);
  });
});

describe("posting with the record, through the app as its runtime role", () => {
  it("a disbursement to a bank account: loan portfolio up, bank down, in the loan's branch on the day", async () => {
    const loan = await disbursedLoan("৫০,০০০");
    const { id } = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { id: true } });
    const entries = await prisma.lenderJournalEntry.findMany({ where: { loanId: id }, select: { kind: true, date: true, lines: { select: { amount: true, branchId: true, account: { select: { kind: true } } } } } });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.kind).toBe("disbursement");
    expect(entries[0]!.date.toISOString().slice(0, 10)).toBe(dhakaToday());
    expect(entries[0]!.lines.map((l) => [l.account.kind, l.amount, l.branchId]).sort()).toEqual([
      ["bank", -50_000, MAIN],
      ["loan_portfolio", 50_000, MAIN],
    ]);
  });

  it("a bKash payment: bKash up by the amount, interest income and the portfolio by its allocation; a replay posts nothing more", async () => {
    const loan = await disbursedLoan("৫০,০০০");
    const { id } = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { id: true } });
    const bkashBefore = await balance("bkash");
    await actAs("collection_agent");
    const form = payment(loan, { amount: "3000" });
    const first = await recordPaymentAction(form);
    expect(first).toMatchObject({ ok: true });
    expect(await recordPaymentAction(form)).toEqual(first);
    const allocation = await prisma.loanPaymentAllocation.aggregate({ where: { payment: { loanId: id } }, _sum: { interest: true, principal: true, lateFee: true } });
    expect((allocation._sum.interest ?? 0) + (allocation._sum.principal ?? 0)).toBe(3000);
    expect(allocation._sum.interest).toBeGreaterThan(0);
    const entries = await prisma.lenderJournalEntry.findMany({ where: { loanId: id, kind: "repayment" }, select: { lines: { select: { amount: true, account: { select: { kind: true } } } } } });
    expect(entries).toHaveLength(1);
    expect(Object.fromEntries(entries[0]!.lines.map((l) => [l.account.kind, l.amount]))).toEqual({
      bkash: 3000,
      interest_income: -allocation._sum.interest!,
      loan_portfolio: -allocation._sum.principal!,
    });
    expect(await balance("bkash")).toBe(bkashBefore + 3000);
    expect(await balance("loan_portfolio", { loanId: id })).toBe(50_000 - allocation._sum.principal!);
  });

  it("a loan moved to another branch takes its principal outstanding with it; the inter-branch account adds up to zero", async () => {
    const loan = await disbursedLoan("৬০,০০০");
    const { id } = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { id: true } });
    const savarBefore = await balance("loan_portfolio", { branchId: SAVAR });
    await prisma.loan.update({ where: { id }, data: { branchId: SAVAR } });
    expect(await balance("loan_portfolio", { loanId: id, branchId: MAIN })).toBe(0);
    expect(await balance("loan_portfolio", { loanId: id, branchId: SAVAR })).toBe(60_000);
    expect(await balance("loan_portfolio", { branchId: SAVAR })).toBe(savarBefore + 60_000);
    expect(await balance("inter_branch")).toBe(0);
    expect(await balance("inter_branch", { branchId: SAVAR })).toBe(-60_000);
  });
});

describe("what the database refuses", () => {
  it("an unbalanced entry, a zero line, a line outside a branch, an edit, a deletion and a truncation — the owner included", async () => {
    const cash = "la_cash_in_hand";
    const capital = "la_capital";
    const today = dhakaToday();
    const entry = (id: string): [string, unknown[]] => [`INSERT INTO "LenderJournalEntry" ("id", "date", "kind") VALUES ($1, $2::date, 'repayment')`, [id, today]];
    const lines = (id: string, debit: number, credit: number, branch = MAIN, batch = ""): [string, unknown[]] => [
      `INSERT INTO "LenderJournalLine" ("id", "entryId", "accountId", "branchId", "amount", "date", "voucher")
       SELECT v.*, (SELECT "voucher" FROM "LenderJournalEntry" WHERE "id" = $1) FROM (VALUES ($1 || $8 || 'a', $1, $2, $5, $3::int, $6::date), ($1 || $8 || 'b', $1, $4, $5, $7::int, $6::date)) v`,
      [id, cash, debit, capital, branch, today, -credit, batch],
    ];
    // Sound: accepted (then rolled back).
    expect(await refusal(ownerUrl, entry("t1"), lines("t1", 500, 500))).toBeUndefined();
    expect(await refusal(appUrl, entry("t1"), lines("t1", 500, 500))).toBeUndefined();
    expect(await refusal(ownerUrl, entry("t2"), lines("t2", 500, 499))).toBe("23514");
    expect(await refusal(appUrl, entry("t2"), lines("t2", 500, 499))).toBe("23514");
    expect(await refusal(ownerUrl, entry("t3"), lines("t3", 0, 0))).toBe("23514");
    expect(await refusal(ownerUrl, entry("t4"), lines("t4", 500, 500, "office-head"))).toBe("23514");
    // A line added later to a balanced entry.
    expect(await refusal(ownerUrl, entry("t5"), lines("t5", 500, 500), lines("t5", 1, 1, MAIN, "later"))).toBe("23514");

    const line = await prisma.lenderJournalLine.findFirstOrThrow({ select: { id: true, entryId: true } });
    expect(await refusal(ownerUrl, [`UPDATE "LenderJournalLine" SET "amount" = "amount" + 1 WHERE "id" = $1`, [line.id]])).toBe("23001");
    expect(await refusal(ownerUrl, [`DELETE FROM "LenderJournalLine" WHERE "id" = $1`, [line.id]])).toBe("23001");
    expect(await refusal(ownerUrl, [`DELETE FROM "LenderJournalEntry" WHERE "id" = $1`, [line.entryId]])).toBe("23001");
    expect(await refusal(ownerUrl, [`TRUNCATE "LenderJournalLine" CASCADE`])).toBe("23001");
    expect(await refusal(ownerUrl, [`UPDATE "LenderAccountDay" SET "debit" = 0`])).toBe("23001");
    expect(await refusal(ownerUrl, [`INSERT INTO "LenderAccountDay" ("accountId", "branchId", "date", "debit", "credit") VALUES ($1, $2, '2020-01-01', 5, 0)`, [cash, MAIN]])).toBe("23001");
    // The runtime role has no UPDATE, DELETE or TRUNCATE on the journal and only reads the running totals.
    expect(await refusal(appUrl, [`UPDATE "LenderJournalLine" SET "amount" = 1 WHERE "id" = $1`, [line.id]])).toBe("42501");
    expect(await refusal(appUrl, [`DELETE FROM "LenderJournalEntry" WHERE "id" = $1`, [line.entryId]])).toBe("42501");
    expect(await refusal(appUrl, [`TRUNCATE "LenderJournalEntry" CASCADE`])).toBe("42501");
    expect(await refusal(appUrl, [`UPDATE "LenderAccountDay" SET "debit" = 0`])).toBe("42501");
    // Nor can it make the running totals add what no journal line says, through a look-alike table of its own.
    expect(
      await refusal(appUrl, [`CREATE TEMP TABLE "fake_lines" (LIKE "LenderJournalLine")`], [`CREATE TRIGGER "fake" AFTER INSERT ON "fake_lines" REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "ledger_account_days_add"('LenderAccountDay', 'branchId')`]),
    ).toBe("42501");
    // A disbursement's channel is on the books: it never changes.
    expect(await refusal(appUrl, [`UPDATE "Loan" SET "disbursementMethod" = 'cash' WHERE "disbursedAt" IS NOT NULL AND "disbursementMethod" <> 'cash'`])).toBe("23514");
    // An account's kind never changes (its lines would change meaning).
    expect(await refusal(appUrl, [`UPDATE "LenderAccount" SET "kind" = 'bkash' WHERE "id" = $1`, [cash]])).toBe("23514");
  });

  it("a line dated in a branch's closed period, and a closing moved back; a payment into the closed period is refused whole", async () => {
    const loan = await disbursedLoan("৫০,০০০");
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = await prisma.lenderJournalLine.count();
    await prisma.office.update({ where: { id: SAVAR }, data: { booksClosedThrough: new Date(`${yesterday}T00:00:00Z`), booksClosedAt: new Date() } });
    const entry: [string, unknown[]] = [`INSERT INTO "LenderJournalEntry" ("id", "date", "kind") VALUES ('c1', $1::date, 'repayment')`, [yesterday]];
    const lines: [string, unknown[]] = [`INSERT INTO "LenderJournalLine" ("id", "entryId", "accountId", "branchId", "amount", "date", "voucher")
       SELECT v.*, (SELECT "voucher" FROM "LenderJournalEntry" WHERE "id" = 'c1') FROM (VALUES ('c1a', 'c1', 'la_cash_in_hand', $1, 10, $2::date), ('c1b', 'c1', 'la_capital', $1, -10, $2::date)) v`, [SAVAR, yesterday]];
    expect(await refusal(appUrl, entry, lines)).toBe("23514");
    expect(await refusal(ownerUrl, entry, lines)).toBe("23514");
    expect(await refusal(appUrl, [`UPDATE "Office" SET "booksClosedThrough" = NULL WHERE "id" = $1`, [SAVAR]])).toBe("23514");
    // The main branch is not closed: the same lines there are taken.
    expect(await refusal(appUrl, entry, [lines[0], [MAIN, yesterday]])).toBeUndefined();

    // A loan of the closed branch paid on a closed day: nothing of the payment is kept.
    const { id } = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { id: true } });
    await prisma.loan.update({ where: { id }, data: { branchId: SAVAR } });
    const afterMove = await prisma.lenderJournalLine.count();
    expect(afterMove).toBe(before + 4);
    await actAs("collection_agent");
    const refused = await recordPaymentAction(payment(loan, { amount: "1000", paymentDate: yesterday }));
    expect(refused).toEqual({ ok: false, error: { code: "validation", fieldErrors: { paymentDate: "booksClosed" } } });
    expect(await prisma.loanPayment.count({ where: { loanId: id } })).toBe(0);
    expect(await prisma.lenderJournalLine.count()).toBe(afterMove);
  });
});

describe("the books screen's figures", () => {
  it("the trial balance agrees for the lender and for one branch, and each book ends on the ledger's balance", async () => {
    const today = dhakaToday();
    const all = await lenderTrialBalance(ALL_OFFICES, today);
    expect(all.debit).toBe(all.credit);
    expect(all.debit).toBeGreaterThan(0);
    const portfolio = all.rows.find((r) => r.kind === "loan_portfolio")!;
    expect(portfolio.debit).toBe(await balance("loan_portfolio"));

    const savar = { kind: "branches", officeId: SAVAR, branchIds: [SAVAR] } as const;
    const branch = await lenderTrialBalance(savar, today);
    expect(branch.debit).toBe(branch.credit);
    expect(branch.rows.find((r) => r.kind === "loan_portfolio")!.debit).toBe(await balance("loan_portfolio", { branchId: SAVAR }));
    expect(branch.rows.find((r) => r.kind === "inter_branch")!.credit).toBe(-(await balance("inter_branch", { branchId: SAVAR })));

    const book = await lenderCashBook(ALL_OFFICES, { channel: "bkash", from: "2000-01-01", to: today });
    expect(book.opening).toBe(0);
    expect(book.closing).toBe(await balance("bkash"));
    expect(book.days.reduce((sum, d) => sum + d.receipts - d.payments, 0)).toBe(book.closing);
    const monthStart = `${today.slice(0, 7)}-01`;
    const month = await lenderCashBook(ALL_OFFICES, { channel: "bkash", from: monthStart, to: today });
    expect(month.closing).toBe(book.closing);
    expect(month.opening + month.days.reduce((sum, d) => sum + d.receipts - d.payments, 0)).toBe(month.closing);

    const ledger = await lenderLedger(ALL_OFFICES, { code: "1200", from: monthStart, to: today, page: 1 });
    expect(ledger!.closing).toBe(await balance("loan_portfolio"));
    if (ledger!.lines.length > 0 && ledger!.total <= 50) expect(ledger!.lines.at(-1)!.balance).toBe(ledger!.closing);
    expect(await lenderLedger(ALL_OFFICES, { code: "9999", from: monthStart, to: today, page: 1 })).toBeNull();

    // Every page, the first half read from the start and the second from the end: one running balance throughout.
    // bKash's ledger gets 130 payments of ৳1 more (three pages and more).
    const loan = await disbursedLoan("৫০,০০০");
    await actAs("collection_agent");
    for (let i = 0; i < 130; i++) expect((await recordPaymentAction(payment(loan, { amount: "1", method: "bkash" }))).ok).toBe(true);
    const mainBranch = { kind: "branches", officeId: MAIN, branchIds: [MAIN] } as const;
    for (const scope of [ALL_OFFICES, mainBranch]) {
      const code = "1010";
      const first = (await lenderLedger(scope, { code, from: "2000-01-01", to: today, page: 1 }))!;
      expect(first.pageCount, `pages of ${code}`).toBeGreaterThanOrEqual(3);
      let running = first.opening;
      let lines = 0;
      for (let page = 1; page <= first.pageCount; page++) {
        const read = (await lenderLedger(scope, { code, from: "2000-01-01", to: today, page }))!;
        expect(read.lines.length).toBe(page < first.pageCount ? 50 : first.total - 50 * (first.pageCount - 1));
        for (const line of read.lines) {
          running += line.debit - line.credit;
          expect(line.balance, `${code} page ${page} voucher ${line.voucher}`).toBe(running);
        }
        lines += read.lines.length;
      }
      expect(lines).toBe(first.total);
      expect(running).toBe(first.closing);
    }

    // A branch's staff see the loan's entries only where its lines are theirs: the main branch sees the move out.
    const moved = await prisma.lenderJournalEntry.findFirstOrThrow({ where: { kind: "branch_move" }, select: { loan: { select: { loanNumber: true } } } });
    const main = { kind: "branches", officeId: MAIN, branchIds: [MAIN] } as const;
    const ofLoan = await lenderJournal(main, { from: "2000-01-01", to: today, account: null, loan: moved.loan!.loanNumber, page: 1 });
    expect(ofLoan.entries.map((e) => e.kind).sort()).toEqual(["branch_move", "disbursement"]);
    // …and only its own side of the move: the other branch's lines are not the main branch's to see.
    const mainCode = (await prisma.office.findUniqueOrThrow({ where: { id: MAIN }, select: { code: true } })).code;
    expect(new Set(ofLoan.entries.flatMap((e) => e.lines.map((l) => l.branchCode)))).toEqual(new Set([mainCode]));
    const elsewhere = { kind: "branches", officeId: "office-demo-branch-agrabad", branchIds: ["office-demo-branch-agrabad"] } as const;
    expect((await lenderJournal(elsewhere, { from: "2000-01-01", to: today, account: null, loan: moved.loan!.loanNumber, page: 1 })).entries).toEqual([]);
  });

  it("the balance sheet balances for the lender and for one branch; the income statement is the period's income less its expenses", async () => {
    const today = dhakaToday();
    const savar = { kind: "branches", officeId: SAVAR, branchIds: [SAVAR] } as const;
    for (const scope of [ALL_OFFICES, savar]) {
      const all = await lenderStatements(scope, { from: "2000-01-01", to: today });
      expect(all.totalAssets).toBe(all.totalLiabilities);
      // Over all time, the period's surplus is the surplus to date; interest income is every interest allocation's.
      expect(all.income - all.expense).toBe(all.surplusToDate);
      const branchId = scope.kind === "all" ? undefined : SAVAR;
      expect(all.incomes.find((a) => a.kind === "interest_income")?.total ?? 0).toBe(await balance("interest_income", { branchId }));
      expect(all.assets.find((a) => a.kind === "loan_portfolio")?.balance ?? 0).toBe(await balance("loan_portfolio", { branchId }));
    }
    // A month: its income is the month's lines; the balance sheet still balances at its end.
    const monthStart = `${today.slice(0, 7)}-01`;
    const month = await lenderStatements(ALL_OFFICES, { from: monthStart, to: today });
    expect(month.totalAssets).toBe(month.totalLiabilities);
    const [lines] = await prisma.$queryRaw<{ total: bigint | null }[]>`
      SELECT sum(l."amount") AS "total" FROM "LenderJournalLine" l JOIN "LenderAccount" a ON a."id" = l."accountId"
      WHERE a."type" = 'income' AND l."date" >= ${monthStart}::date AND l."date" <= ${today}::date`;
    expect(month.income).toBe(-Number(lines!.total ?? 0));
  });

  it("the head office closes every branch's books through a day before today, once; a branch's manager cannot; today is refused", async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await actAs("branch_manager");
    expect(await closeLenderBooksAction({ through: yesterday })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await actAs("admin");
    expect(await closeLenderBooksAction({ through: dhakaToday() })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { through: "invalidDate" } } });
    const open = await prisma.office.count({ where: { level: "branch", status: "open", OR: [{ booksClosedThrough: null }, { booksClosedThrough: { lt: new Date(`${yesterday}T00:00:00Z`) } }] } });
    // Last month has not had its month-end run (the demo ran the month before): closed first, it could never run.
    const [lastMonthEnd] = provisioningMonthEnds() as [string];
    const closings = () => prisma.office.findMany({ orderBy: { id: "asc" }, select: { id: true, booksClosedThrough: true } });
    const before = await closings();
    expect(await closeLenderBooksAction({ through: yesterday })).toEqual({ ok: false, error: { code: "conflict", reason: "monthEndNotRun", details: { through: lastMonthEnd } } });
    expect(await closings()).toEqual(before);
    expect(await runProvisioningAction({ asOf: lastMonthEnd })).toMatchObject({ ok: true });
    expect(await closeLenderBooksAction({ through: yesterday })).toEqual({ ok: true, data: { through: yesterday, branches: open } });
    expect(await closeLenderBooksAction({ through: yesterday })).toMatchObject({ ok: false, error: { code: "conflict", reason: "alreadyClosed" } });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "accounting.books.close" }, select: { after: true } });
    expect(audit.after).toMatchObject({ booksClosedThrough: yesterday, branches: open });
    // A branch opened afterwards is closed through the same day: a backdated payment there cannot reopen the period.
    const opened = await prisma.office.create({ data: { code: "LB-NEW", nameBn: "নতুন শাখা", nameEn: "New branch", level: "branch", parentId: "office-head", openedOn: new Date() }, select: { booksClosedThrough: true } });
    expect(opened.booksClosedThrough?.toISOString().slice(0, 10)).toBe(yesterday);
  });
});
