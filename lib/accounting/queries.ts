import "server-only";
import { prisma } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { LenderAccountKind, LenderAccountType, LenderJournalKind, LoanClassificationCategory, LoanType, ProvisioningBase } from "@/lib/generated/prisma/enums";
import { branchInScopeSql } from "@/lib/offices/scope";
import type { OfficeScope } from "@/lib/offices/scope-rules";
import { isoDateOf } from "@/lib/validation/fields";
import { financialStatements } from "@/lib/ledger/statements";
import type { ChannelKind } from "./schemas";

/** Lines per page of the journal and of a ledger. */
export const BOOKS_PAGE_SIZE = 50;

export type LenderAccountRow = { id: string; code: string; kind: LenderAccountKind; type: LenderAccountType; labelBn: string | null; labelEn: string | null };

const day = (iso: string) => Prisma.sql`${iso}::date`;

/** The chart of accounts, by code. */
export async function lenderAccounts(): Promise<LenderAccountRow[]> {
  return prisma.lenderAccount.findMany({ orderBy: { code: "asc" }, select: { id: true, code: true, kind: true, type: true, labelBn: true, labelEn: true } });
}

export type ChartAccount = LenderAccountRow & { parentCode: string | null; isDefault: boolean; depth: number };
export type ProductAccounts = { product: LoanType; titleBn: string; titleEn: string; portfolio: string | null; interestIncome: string | null; lateFeeIncome: string | null };

/**
 * The chart of accounts (issue 50, points 1 and 8; decision 0269): each account with its sub-accounts beneath it (by
 * code), and the accounts each loan product's loans post to (null: the kind's own).
 */
export async function chartOfAccounts(): Promise<{ accounts: ChartAccount[]; products: ProductAccounts[] }> {
  const [rows, products] = await Promise.all([
    prisma.lenderAccount.findMany({
      orderBy: { code: "asc" },
      select: { id: true, code: true, kind: true, type: true, labelBn: true, labelEn: true, isDefault: true, parentId: true, parent: { select: { code: true } } },
    }),
    prisma.loanProduct.findMany({
      orderBy: [{ sortOrder: "asc" }, { key: "asc" }],
      select: { key: true, titleBn: true, titleEn: true, portfolioAccount: { select: { code: true } }, interestIncomeAccount: { select: { code: true } }, lateFeeIncomeAccount: { select: { code: true } } },
    }),
  ]);
  const children = new Map<string | null, typeof rows>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const accounts: ChartAccount[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const row of children.get(parentId) ?? []) {
      accounts.push({ id: row.id, code: row.code, kind: row.kind, type: row.type, labelBn: row.labelBn, labelEn: row.labelEn, isDefault: row.isDefault, parentCode: row.parent?.code ?? null, depth });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return {
    accounts,
    products: products.map((p) => ({
      product: p.key,
      titleBn: p.titleBn,
      titleEn: p.titleEn,
      portfolio: p.portfolioAccount?.code ?? null,
      interestIncome: p.interestIncomeAccount?.code ?? null,
      lateFeeIncome: p.lateFeeIncomeAccount?.code ?? null,
    })),
  };
}

export type TrialBalanceLine = LenderAccountRow & { debit: number; credit: number };

/**
 * Every account's balance through a day (Asia/Dhaka), in the scope's branches, as a debit or a credit: from the daily
 * running totals the database keeps, never from the lines themselves. The two columns add up to the same total.
 */
export async function lenderTrialBalance(scope: OfficeScope, through: string): Promise<{ rows: TrialBalanceLine[]; debit: number; credit: number }> {
  const totals = await prisma.$queryRaw<{ accountId: string; total: bigint }[]>`
    SELECT d."accountId", sum(d."debit" - d."credit")::bigint AS "total"
    FROM "LenderAccountDay" d
    WHERE d."date" <= ${day(through)} AND ${branchInScopeSql(scope, Prisma.sql`d."branchId"`)}
    GROUP BY d."accountId"`;
  const byAccount = new Map(totals.map((t) => [t.accountId, Number(t.total)]));
  const rows = (await lenderAccounts()).map((account) => {
    const total = byAccount.get(account.id) ?? 0;
    return { ...account, debit: total > 0 ? total : 0, credit: total < 0 ? -total : 0 };
  });
  return { rows, debit: rows.reduce((s, r) => s + r.debit, 0), credit: rows.reduce((s, r) => s + r.credit, 0) };
}

export type StatementAccount = LenderAccountRow & { total: number };
export type LenderStatements = ReturnType<typeof financialStatements<StatementAccount>>;

/**
 * The income statement of a period and the balance sheet at its end (issue 50, point 8), of the scope's branches: each
 * account's movement over the period and up to the day, from the daily running totals (as the trial balance), read by
 * the same statements every book uses (lib/ledger/statements.ts).
 */
export async function lenderStatements(scope: OfficeScope, range: { from: string; to: string }): Promise<LenderStatements> {
  const [totals, accounts] = await Promise.all([
    prisma.$queryRaw<{ accountId: string; period: bigint | null; toDate: bigint }[]>`
      SELECT d."accountId",
             sum(d."debit" - d."credit") FILTER (WHERE d."date" >= ${day(range.from)})::bigint AS "period",
             sum(d."debit" - d."credit")::bigint AS "toDate"
      FROM "LenderAccountDay" d
      WHERE d."date" <= ${day(range.to)} AND ${branchInScopeSql(scope, Prisma.sql`d."branchId"`)}
      GROUP BY d."accountId"`,
    lenderAccounts(),
  ]);
  const byAccount = new Map(totals.map((t) => [t.accountId, t]));
  const of = (pick: (t: (typeof totals)[number]) => bigint | null) => accounts.map((a) => ({ ...a, total: Number(byAccount.has(a.id) ? (pick(byAccount.get(a.id)!) ?? 0n) : 0n) }));
  return financialStatements(of((t) => t.period), of((t) => t.toDate));
}

export type JournalLine = { accountCode: string; accountKind: LenderAccountKind; labelBn: string | null; labelEn: string | null; branchCode: string; amount: number };
export type JournalEntryRow = {
  id: string;
  voucher: number;
  date: string;
  kind: LenderJournalKind;
  loanNumber: string | null;
  paymentNumber: string | null;
  reversesVoucher: number | null;
  lines: JournalLine[];
};

/**
 * The journal over a period, newest first, a page at a time: entries with a line in the scope's branches (and on the
 * account, or of the loan, when asked), each with all its lines.
 */
export async function lenderJournal(
  scope: OfficeScope,
  query: { from: string; to: string; account: string | null; loan: string | null; page: number },
): Promise<{ entries: JournalEntryRow[]; total: number; page: number; pageCount: number }> {
  const accountId = query.account ? ((await prisma.lenderAccount.findUnique({ where: { code: query.account }, select: { id: true } }))?.id ?? "") : null;
  // Every entry has lines: the whole lender's journal without an account needs no look at them. A branch's (or an
  // account's) entries are those of its lines in the period, found through the lines' own indexes.
  const throughLines = scope.kind !== "all" || accountId !== null;
  const where = Prisma.sql`
    e."date" BETWEEN ${day(query.from)} AND ${day(query.to)}
    -- A loan's entries whichever branch it is in now: the lines' branches decide what the scope sees.
    AND (${query.loan}::text IS NULL OR e."loanId" = (SELECT ln."id" FROM "Loan" ln WHERE ln."loanNumber" = ${query.loan}))
    ${
      throughLines
        ? Prisma.sql`AND e."id" IN (SELECT l."entryId" FROM "LenderJournalLine" l WHERE l."date" BETWEEN ${day(query.from)} AND ${day(query.to)}
                       AND ${branchInScopeSql(scope, Prisma.sql`l."branchId"`)} AND (${accountId}::text IS NULL OR l."accountId" = ${accountId}))`
        : Prisma.empty
    }`;
  const total = (await prisma.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS "total" FROM "LenderJournalEntry" e WHERE ${where}`)[0]?.total ?? BigInt(0);
  const pageCount = Math.max(1, Math.ceil(Number(total) / BOOKS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const entries = await prisma.$queryRaw<{ id: string; voucher: number; date: Date; kind: LenderJournalKind; loanNumber: string | null; paymentNumber: string | null; reversesVoucher: number | null }[]>`
    SELECT e."id", e."voucher", e."date", e."kind", ln."loanNumber", p."paymentNumber", r."voucher" AS "reversesVoucher"
    FROM "LenderJournalEntry" e
    LEFT JOIN "Loan" ln ON ln."id" = e."loanId"
    LEFT JOIN "LoanPayment" p ON e."sourceType" = 'LoanPayment' AND p."id" = e."sourceId"
    LEFT JOIN "LenderJournalEntry" r ON r."id" = e."reversesId"
    WHERE ${where}
    ORDER BY e."date" DESC, e."voucher" DESC
    LIMIT ${BOOKS_PAGE_SIZE} OFFSET ${(page - 1) * BOOKS_PAGE_SIZE}`;
  const lines = entries.length
    ? await prisma.lenderJournalLine.findMany({
        // Only the scope's own lines: a move between branches shows each branch its side.
        where: { entryId: { in: entries.map((e) => e.id) }, ...(scope.kind === "all" ? {} : { branchId: { in: [...scope.branchIds] } }) },
        orderBy: [{ amount: "desc" }, { id: "asc" }],
        select: { entryId: true, amount: true, branch: { select: { code: true } }, account: { select: { code: true, kind: true, labelBn: true, labelEn: true } } },
      })
    : [];
  return {
    entries: entries.map((e) => ({
      ...e,
      date: isoDateOf(e.date),
      lines: lines
        .filter((l) => l.entryId === e.id)
        .map((l) => ({ accountCode: l.account.code, accountKind: l.account.kind, labelBn: l.account.labelBn, labelEn: l.account.labelEn, branchCode: l.branch.code, amount: l.amount })),
    })),
    total: Number(total),
    page,
    pageCount,
  };
}

export type LedgerLine = { voucher: number; date: string; kind: LenderJournalKind; loanNumber: string | null; branchCode: string; debit: number; credit: number; balance: number };

/**
 * One account's ledger over a period in the scope's branches: the balance brought forward, each line oldest first with
 * the running balance (debits minus credits), a page at a time, and the balance carried forward. Null: no such account.
 */
export async function lenderLedger(
  scope: OfficeScope,
  query: { code: string; from: string; to: string; page: number },
): Promise<{ account: LenderAccountRow; opening: number; closing: number; lines: LedgerLine[]; total: number; page: number; pageCount: number } | null> {
  const account = await prisma.lenderAccount.findUnique({ where: { code: query.code }, select: { id: true, code: true, kind: true, type: true, labelBn: true, labelEn: true } });
  if (!account) return null;
  // One snapshot for the sums, the count and the page (a line posted between them would shift a page read from the end).
  const { opening, closing, total, page, pageCount, fromEnd, rows } = await prisma.$transaction(
    async (tx) => {
      const [sums] = await tx.$queryRaw<{ opening: bigint | null; movement: bigint | null }[]>`
        SELECT sum(CASE WHEN d."date" < ${day(query.from)} THEN d."debit" - d."credit" END)::bigint AS "opening",
               sum(CASE WHEN d."date" >= ${day(query.from)} THEN d."debit" - d."credit" END)::bigint AS "movement"
        FROM "LenderAccountDay" d
        WHERE d."accountId" = ${account.id} AND d."date" <= ${day(query.to)} AND ${branchInScopeSql(scope, Prisma.sql`d."branchId"`)}`;
      const opening = Number(sums?.opening ?? 0);
      const where = Prisma.sql`l."accountId" = ${account.id} AND l."date" BETWEEN ${day(query.from)} AND ${day(query.to)} AND ${branchInScopeSql(scope, Prisma.sql`l."branchId"`)}`;
      const total = (await tx.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS "total" FROM "LenderJournalLine" l WHERE ${where}`)[0]?.total ?? BigInt(0);
      const pageCount = Math.max(1, Math.ceil(Number(total) / BOOKS_PAGE_SIZE));
      const page = Math.min(query.page, pageCount);
      const closing = opening + Number(sums?.movement ?? 0);
      // A page in the second half is read from the end backwards (the index serves both ways): its running balance is the
      // closing balance less the lines after it, so no page sums more than half the period's lines.
      const fromEnd = page > Math.ceil(pageCount / 2);
      const offset = fromEnd ? Math.max(0, Number(total) - page * BOOKS_PAGE_SIZE) : (page - 1) * BOOKS_PAGE_SIZE;
      const limit = fromEnd ? Number(total) - (page - 1) * BOOKS_PAGE_SIZE - offset : BOOKS_PAGE_SIZE;
      const order = fromEnd ? Prisma.sql`l."date" DESC, l."voucher" DESC, l."id" DESC` : Prisma.sql`l."date", l."voucher", l."id"`;
      const rows = await tx.$queryRaw<{ voucher: number; date: Date; kind: LenderJournalKind; loanNumber: string | null; branchCode: string; amount: number; running: bigint }[]>`
        WITH page AS (
          -- The page's lines with the running sum (from the start, or from the end), in posting order from the account's
          -- index alone (the line carries its entry's date and voucher); the entry, the loan and the branch joined for the
          -- page's lines only.
          SELECT l."date", l."voucher", l."id", l."entryId", l."branchId", l."amount",
                 sum(l."amount") OVER (ORDER BY ${order})::bigint AS "running"
          FROM "LenderJournalLine" l
          WHERE ${where}
          ORDER BY ${order}
          LIMIT ${limit} OFFSET ${offset}
        )
        SELECT p."voucher", p."date", e."kind", ln."loanNumber", o."code" AS "branchCode", p."amount", p."running"
        FROM page p
        JOIN "LenderJournalEntry" e ON e."id" = p."entryId"
        JOIN "Office" o ON o."id" = p."branchId"
        LEFT JOIN "Loan" ln ON ln."id" = e."loanId"
        ORDER BY p."date", p."voucher", p."id"`;
      return { opening, closing, total, page, pageCount, fromEnd, rows };
    },
    { isolationLevel: "RepeatableRead", timeout: 30_000 },
  );
  return {
    account,
    opening,
    closing,
    lines: rows.map((r) => ({
      voucher: r.voucher,
      date: isoDateOf(r.date),
      kind: r.kind,
      loanNumber: r.loanNumber,
      branchCode: r.branchCode,
      debit: r.amount > 0 ? r.amount : 0,
      credit: r.amount < 0 ? -r.amount : 0,
      // From the start: the opening plus the lines up to it; from the end: the closing less the lines after it.
      balance: fromEnd ? closing - Number(r.running) + r.amount : opening + Number(r.running),
    })),
    total: Number(total),
    page,
    pageCount,
  };
}

export type CashBookDay = { date: string; receipts: number; payments: number; balance: number };

/**
 * A payment channel's cash and bank book over a period in the scope's branches: the opening balance, each day's
 * receipts and payments with the balance at its end, and the closing balance (from the daily running totals).
 */
export async function lenderCashBook(scope: OfficeScope, query: { channel: ChannelKind; from: string; to: string }): Promise<{ account: LenderAccountRow; opening: number; closing: number; days: CashBookDay[] }> {
  const account = await prisma.lenderAccount.findFirstOrThrow({ where: { kind: query.channel, isDefault: true }, select: { id: true, code: true, kind: true, type: true, labelBn: true, labelEn: true } });
  const rows = await prisma.$queryRaw<{ date: Date | null; debit: bigint; credit: bigint }[]>`
    SELECT CASE WHEN d."date" < ${day(query.from)} THEN NULL ELSE d."date" END AS "date", sum(d."debit")::bigint AS "debit", sum(d."credit")::bigint AS "credit"
    FROM "LenderAccountDay" d
    WHERE d."accountId" = ${account.id} AND d."date" <= ${day(query.to)} AND ${branchInScopeSql(scope, Prisma.sql`d."branchId"`)}
    GROUP BY 1 ORDER BY 1 NULLS FIRST`;
  let balance = 0;
  const days: CashBookDay[] = [];
  let opening = 0;
  for (const row of rows) {
    const receipts = Number(row.debit);
    const payments = Number(row.credit);
    balance += receipts - payments;
    if (row.date === null) opening = balance;
    else days.push({ date: isoDateOf(row.date), receipts, payments, balance });
  }
  return { account, opening, closing: balance, days };
}

/** How far the scope's open branches' books are closed: the earliest and latest closing day (null: never closed). */
export async function lenderBooksClosing(scope: OfficeScope): Promise<{ earliest: string | null; latest: string | null; branches: number; closed: number }> {
  const branches = await prisma.office.findMany({
    where: { level: "branch", status: "open", ...(scope.kind === "all" ? {} : { id: { in: [...scope.branchIds] } }) },
    select: { booksClosedThrough: true },
  });
  const days = branches.flatMap((b) => (b.booksClosedThrough ? [isoDateOf(b.booksClosedThrough)] : [])).sort();
  return { earliest: days.length === branches.length ? (days[0] ?? null) : null, latest: days.at(-1) ?? null, branches: branches.length, closed: days.length };
}

export type ProvisioningRuleRow = { category: LoanClassificationCategory; minDays: number; maxDays: number | null; percent: number };

/** The classification categories with their days overdue and provision rates, in order. */
export async function provisioningRules(): Promise<ProvisioningRuleRow[]> {
  const rules = await prisma.provisioningRule.findMany({ orderBy: { category: "asc" } });
  return rules.map((r) => ({ category: r.category, minDays: r.minDays, maxDays: r.maxDays, percent: r.percent.toNumber() }));
}

/** What a provision is a percent of (decision 0265): the setting now. */
export async function provisioningBase(): Promise<ProvisioningBase> {
  return (await prisma.provisioningSetting.findUniqueOrThrow({ where: { id: 1 }, select: { base: true } })).base;
}

/** The runs so far, latest first (their day and when they ran). */
export async function provisioningRuns(): Promise<{ asOf: string; ranAt: Date }[]> {
  const runs = await prisma.provisioningRun.findMany({ orderBy: { asOf: "desc" }, take: 24, select: { asOf: true, ranAt: true } });
  return runs.map((r) => ({ asOf: isoDateOf(r.asOf), ranAt: r.ranAt }));
}

export type ProvisioningReportRow = { category: LoanClassificationCategory; borrowers: number; loans: number; outstanding: number; required: number };
export type ProvisioningReportBranch = {
  branchId: string;
  code: string;
  nameBn: string;
  nameEn: string;
  rows: ProvisioningReportRow[];
  required: number;
  /** The reserve before the run's entry, what the entry posted to it (a release negative), and after it. */
  keptBefore: number;
  posted: number;
  kept: number;
  shortfall: number;
  /** The interest its performing loans had earned and not been paid on the run's day, posted as accrued income then
   * and reversed the next day (decision 0268). */
  accrued: number;
};

/**
 * A run's report in the scope's branches: per branch and category, the borrowers, loans, principal outstanding and
 * provision required; per branch, the provision kept (the loan-loss reserve as it stood on the run's day) and the
 * shortfall (required less kept). Null: no run for that day.
 */
export async function provisioningReport(scope: OfficeScope, asOf: string): Promise<ProvisioningReportBranch[] | null> {
  const run = await prisma.provisioningRun.findUnique({ where: { asOf: new Date(`${asOf}T00:00:00Z`) }, select: { id: true, entryId: true, base: true } });
  if (!run) return null;
  // The principal outstanding, whatever the base held (with the accrued interest, when the run's base said so).
  const withInterest = run.base === "principal_and_accrued_interest";
  const rows = await prisma.$queryRaw<{ branchId: string; category: LoanClassificationCategory; borrowers: number; loans: number; outstanding: bigint; required: bigint; accrued: bigint }[]>`
    SELECT c."branchId", c."category", count(DISTINCT c."customerId")::int AS "borrowers", count(*)::int AS "loans",
           sum(c."base" - CASE WHEN ${withInterest} THEN c."accruedInterest" ELSE 0 END)::bigint AS "outstanding", sum(c."required")::bigint AS "required",
           sum(c."accruedInterest")::bigint AS "accrued"
    FROM "LoanClassification" c
    WHERE c."runId" = ${run.id} AND ${branchInScopeSql(scope, Prisma.sql`c."branchId"`)}
    GROUP BY 1, 2`;
  const kept = await prisma.$queryRaw<{ branchId: string; kept: bigint }[]>`
    SELECT d."branchId", sum(d."credit" - d."debit")::bigint AS "kept"
    FROM "LenderAccountDay" d JOIN "LenderAccount" a ON a."id" = d."accountId" AND a."kind" = 'loan_loss_reserve' AND a."isDefault"
    WHERE d."date" <= ${day(asOf)} AND ${branchInScopeSql(scope, Prisma.sql`d."branchId"`)}
    GROUP BY 1`;
  const postedLines = run.entryId
    ? await prisma.lenderJournalLine.findMany({ where: { entryId: run.entryId, account: { kind: "loan_loss_reserve" } }, select: { branchId: true, amount: true } })
    : [];
  const postedBy = new Map(postedLines.map((l) => [l.branchId, -l.amount]));
  const keptBy = new Map(kept.map((k) => [k.branchId, Number(k.kept)]));
  const branchIds = [...new Set([...rows.map((r) => r.branchId), ...kept.map((k) => k.branchId)])];
  const offices = await prisma.office.findMany({ where: { id: { in: branchIds } }, orderBy: { code: "asc" }, select: { id: true, code: true, nameBn: true, nameEn: true } });
  return offices.map((office) => {
    const own = rows
      .filter((r) => r.branchId === office.id)
      .map((r) => ({ category: r.category, borrowers: r.borrowers, loans: r.loans, outstanding: Number(r.outstanding), required: Number(r.required) }))
      .sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category));
    const required = own.reduce((s, r) => s + r.required, 0);
    const accrued = rows.filter((r) => r.branchId === office.id).reduce((s, r) => s + Number(r.accrued), 0);
    const keptHere = keptBy.get(office.id) ?? 0;
    const posted = postedBy.get(office.id) ?? 0;
    return { branchId: office.id, code: office.code, nameBn: office.nameBn, nameEn: office.nameEn, rows: own, required, keptBefore: keptHere - posted, posted, kept: keptHere, shortfall: required - keptHere, accrued };
  });
}

const CATEGORY_ORDER: readonly LoanClassificationCategory[] = ["regular", "watchful", "substandard", "doubtful", "bad"];
