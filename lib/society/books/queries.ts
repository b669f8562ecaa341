import "server-only";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isoDateOf } from "@/lib/validation/fields";
import type { PassbookMovement } from "./passbook";
import type { EntryCounterparty } from "./particulars";
import { dhakaToday } from "@/lib/format";
import { loanPlan, loanStanding, type LoanFrequency, type LoanMethod, type LoanStanding, type PlannedInstalment } from "./loan-plan";

/** A member's two accounts in the society's books, whole taka: savings owed to them, and their loan still to repay. */
export type MemberBalance = { savings: number; loanOutstanding: number };

/**
 * Balances of members from the journal, never typed: savings are what the member-savings lines credit them (credits
 * are negative amounts), the loan what the member-loans lines debit them. One grouped, indexed read for a page of members;
 * inside a transaction (`db`), what that transaction sees.
 */
export async function memberBalances(societyId: string, memberIds: readonly string[], db: Pick<Prisma.TransactionClient, "$queryRaw"> = prisma): Promise<Map<string, MemberBalance>> {
  const balances = new Map(memberIds.map((id) => [id, { savings: 0, loanOutstanding: 0 }]));
  if (memberIds.length === 0) return balances;
  const rows = await db.$queryRaw<{ memberId: string; kind: string; total: bigint }[]>`
    SELECT l."memberId", a."kind"::text AS "kind", sum(l."amount") AS "total"
    FROM "SocietyJournalLine" l JOIN "SocietyAccount" a ON a."id" = l."accountId"
    WHERE l."societyId" = ${societyId} AND l."memberId" = ANY(${memberIds as string[]}::text[]) AND a."kind" IN ('member_savings', 'member_loans')
    GROUP BY l."memberId", a."kind"`;
  for (const row of rows) {
    const balance = balances.get(row.memberId)!;
    if (row.kind === "member_savings") balance.savings = 0 - Number(row.total); // never -0 on a screen
    else balance.loanOutstanding = Number(row.total);
  }
  return balances;
}

export type TrialBalanceRow = { code: string; kind: string; type: string; name: string | null; debit: number; credit: number };

/**
 * Every account's balance over a period of the society's books (dates inclusive, Asia/Dhaka days), as debits and
 * credits. The two columns always add up to the same total: the database accepts only balanced entries.
 */
export async function trialBalance(societyId: string, through: string): Promise<{ rows: TrialBalanceRow[]; debit: number; credit: number }> {
  const out = (await accountTotals(societyId, { from: null, to: through })).map(({ total, ...account }) => ({
    ...account,
    debit: total > 0 ? total : 0,
    credit: total < 0 ? -total : 0,
  }));
  return { rows: out, debit: out.reduce((s, r) => s + r.debit, 0), credit: out.reduce((s, r) => s + r.credit, 0) };
}

/** Withdrawals waiting for a second person, oldest first, with who asked (for the admins' list). */
export async function waitingWithdrawals(societyId: string) {
  const rows = await prisma.societyWithdrawal.findMany({
    where: { societyId, status: "requested" },
    orderBy: { requestedAt: "asc" },
    select: { id: true, code: true, amount: true, requestedAt: true, requestedById: true, member: { select: { name: true, memberCode: true } } },
  });
  const askers = [...new Set(rows.flatMap((r) => (r.requestedById ? [r.requestedById] : [])))];
  const names = new Map((askers.length ? await prisma.staffUser.findMany({ where: { id: { in: askers } }, select: { id: true, name: true } }) : []).map((s) => [s.id, s.name]));
  return rows.map((r) => ({ ...r, requestedByName: r.requestedById ? (names.get(r.requestedById) ?? null) : null }));
}

/** Every journal entry touching a member, oldest first, with what it moved on their savings and their loan. */
export async function memberMovements(societyId: string, memberId: string): Promise<PassbookMovement[]> {
  // A day's collections are one line, however they were posted (a sheet and its corrections, two phones, the office):
  // the passbook reads the same after a restore posts each collection on its own. Every other entry is a line of its own.
  const rows = await prisma.$queryRaw<{ date: Date; kind: string; savings: bigint; loan: bigint; reference: string | null }[]>`
    SELECT e."date", CASE WHEN e."kind" IN ('collection', 'collection_correction') THEN 'collection' ELSE e."kind"::text END AS "kind",
      min(w."code") AS "reference",
      sum(CASE WHEN a."kind" = 'member_savings' THEN -l."amount" ELSE 0 END) AS "savings",
      sum(CASE WHEN a."kind" = 'member_loans' THEN l."amount" ELSE 0 END) AS "loan"
    FROM "SocietyJournalLine" l
    JOIN "SocietyAccount" a ON a."id" = l."accountId"
    JOIN "SocietyJournalEntry" e ON e."id" = l."entryId"
    LEFT JOIN "SocietyWithdrawal" w ON e."sourceType" = 'SocietyWithdrawal' AND w."id" = e."sourceId"
    WHERE l."memberId" = ${memberId} AND l."societyId" = ${societyId}
    GROUP BY e."date", CASE WHEN e."kind" IN ('collection', 'collection_correction') THEN '' ELSE e."id" END, 2
    HAVING sum(CASE WHEN a."kind" = 'member_savings' THEN l."amount" ELSE 0 END) <> 0
        OR sum(CASE WHEN a."kind" = 'member_loans' THEN l."amount" ELSE 0 END) <> 0
        OR bool_or(e."kind" NOT IN ('collection', 'collection_correction'))
    ORDER BY e."date", min(e."createdAt"), min(e."id")`;
  return rows.map((r) => ({ date: isoDateOf(r.date), kind: r.kind, savings: Number(r.savings), loan: Number(r.loan), reference: r.reference }));
}

/** One receipt or payment of the cash book: its entry, whom it was with, and what it moved (receipt +, payment −). */
export type CashBookEntry = EntryCounterparty & { entryId: string; voucher: number; kind: string; amount: number };
export type CashBookDay = { date: string; receipts: number; payments: number; closing: number; entries: CashBookEntry[] };
/** `listed`: the receipts and payments listed under their days (at most CASH_BOOK_ENTRIES); `entries`: how many there are. */
export type CashBook = { opening: number; days: CashBookDay[]; receipts: number; payments: number; closing: number; listed: number; entries: number };

/** The most receipts and payments a cash book lists one by one (a period's days are always all there; the rest is in the ledger). */
export const CASH_BOOK_ENTRIES = 500;

/**
 * The cash book of a period (dates inclusive): the society's cash in hand, or one worker's cash when `workerId` is
 * given. Opening balance, each day's receipts and payments, and the closing balance carried day to day.
 */
export async function cashBook(societyId: string, range: { from: string; to: string }, workerId: string | null): Promise<CashBook> {
  const kind = workerId ? "worker_cash" : "cash_in_hand";
  // From the accounts' days (kept by the database), not the lines: a month reads at most a row per day and worker.
  const [openingRow] = await prisma.$queryRaw<{ total: bigint | null }[]>`
    SELECT sum(d."debit" - d."credit") AS "total" FROM "SocietyAccountDay" d JOIN "SocietyAccount" a ON a."id" = d."accountId"
    WHERE a."societyId" = ${societyId} AND a."kind" = ${kind}::"SocietyAccountKind" AND d."date" < ${range.from}::date
      AND (${workerId}::text IS NULL OR d."workerId" = ${workerId})`;
  const rows = await prisma.$queryRaw<{ date: Date; receipts: bigint; payments: bigint }[]>`
    SELECT d."date", sum(d."debit") AS "receipts", sum(d."credit") AS "payments"
    FROM "SocietyAccountDay" d JOIN "SocietyAccount" a ON a."id" = d."accountId"
    WHERE a."societyId" = ${societyId} AND a."kind" = ${kind}::"SocietyAccountKind" AND d."date" BETWEEN ${range.from}::date AND ${range.to}::date
      AND (${workerId}::text IS NULL OR d."workerId" = ${workerId})
    GROUP BY d."date" ORDER BY d."date"`;
  // Each receipt and payment, by entry (a worker's lines of one sheet are one entry), in voucher order under its day.
  const entryRows = await prisma.$queryRaw<{ entryId: string; voucher: number; date: Date; kind: string; amount: bigint; memberName: string | null; memberCode: string | null; workerName: string | null; recordCode: string | null; category: string | null; entries: bigint }[]>`
    WITH moved AS (
      SELECT l."entryId", sum(l."amount") AS "amount"
      FROM "SocietyJournalLine" l JOIN "SocietyAccount" a ON a."id" = l."accountId"
      WHERE a."societyId" = ${societyId} AND a."kind" = ${kind}::"SocietyAccountKind" AND l."date" BETWEEN ${range.from}::date AND ${range.to}::date
        AND (${workerId}::text IS NULL OR l."workerId" = ${workerId})
      GROUP BY l."entryId" HAVING sum(l."amount") <> 0
    )
    SELECT e."id" AS "entryId", e."voucher", e."date", e."kind"::text AS "kind", mv."amount", m."name" AS "memberName", m."memberCode", w."name" AS "workerName",
           ie."code" AS "recordCode", ie."category", count(*) OVER () AS "entries"
    FROM moved mv JOIN "SocietyJournalEntry" e ON e."id" = mv."entryId"
    LEFT JOIN LATERAL "society_entry_counterparty"(e."id") c ON true
    LEFT JOIN "SocietyMember" m ON m."id" = c."memberId"
    LEFT JOIN "SocietyWorker" w ON w."id" = c."workerId"
    LEFT JOIN "IncomeExpense" ie ON e."sourceType" = 'IncomeExpense' AND ie."id" = e."sourceId"
    ORDER BY e."date", e."voucher"
    LIMIT ${CASH_BOOK_ENTRIES}`;
  const byDay = new Map<string, CashBookEntry[]>();
  for (const r of entryRows) {
    const date = isoDateOf(r.date);
    byDay.set(date, [...(byDay.get(date) ?? []), { entryId: r.entryId, voucher: r.voucher, kind: r.kind, memberName: r.memberName, memberCode: r.memberCode, workerName: r.workerName, recordCode: r.recordCode, category: r.category, amount: Number(r.amount) }]);
  }
  const opening = Number(openingRow?.total ?? 0);
  let running = opening;
  const days = rows.map((r) => {
    const receipts = Number(r.receipts);
    const payments = Number(r.payments);
    running += receipts - payments;
    const date = isoDateOf(r.date);
    return { date, receipts, payments, closing: running, entries: byDay.get(date) ?? [] };
  });
  return {
    opening,
    days,
    receipts: days.reduce((s, d) => s + d.receipts, 0),
    payments: days.reduce((s, d) => s + d.payments, 0),
    closing: running,
    listed: entryRows.length,
    entries: Number(entryRows[0]?.entries ?? 0),
  };
}

export type AccountTotal = { code: string; kind: string; type: string; name: string | null; label: string | null; total: number };

/** Each account's movement over a period (income and expenditure) or up to a day (balance sheet): debits positive. */
export async function accountTotals(societyId: string, range: { from: string | null; to: string }): Promise<AccountTotal[]> {
  const rows = await prisma.$queryRaw<{ code: string; kind: string; type: string; name: string | null; label: string | null; total: bigint }[]>`
    SELECT a."code", a."kind"::text AS "kind", a."type"::text AS "type", a."name", a."label", coalesce(sum(d."debit" - d."credit"), 0) AS "total"
    FROM "SocietyAccount" a LEFT JOIN "SocietyAccountDay" d ON d."accountId" = a."id" AND d."date" <= ${range.to}::date
      AND (${range.from}::date IS NULL OR d."date" >= ${range.from}::date)
    WHERE a."societyId" = ${societyId}
    GROUP BY a."id" ORDER BY a."code"`;
  return rows.map((r) => ({ code: r.code, kind: r.kind, type: r.type, name: r.name, label: r.label, total: Number(r.total) }));
}

/** When the books are closed through (null: never closed). */
export async function booksClosedThrough(societyId: string): Promise<string | null> {
  const society = await prisma.society.findUnique({ where: { id: societyId }, select: { booksClosedThrough: true } });
  return society?.booksClosedThrough ? isoDateOf(society.booksClosedThrough) : null;
}

/** The society's withdrawal rules, for its form. */
export async function withdrawalRules(societyId: string) {
  return prisma.society.findUniqueOrThrow({ where: { id: societyId }, select: { minimumSavingsBalance: true, withdrawalApprovalLimit: true } });
}

export type MemberLoanView = {
  id: string;
  principal: number;
  serviceCharge: number;
  ratePercent: number;
  method: LoanMethod;
  frequency: LoanFrequency;
  instalmentCount: number;
  instalmentAmount: number;
  disbursedOn: string;
  totalRepayable: number;
  standing: LoanStanding;
  instalments: PlannedInstalment[];
};

/**
 * A member's latest loan with a plan and where they stand on it today. What was paid towards it comes from the books:
 * the plan's total less what their loan account still owes (one loan at a time, so the account holds only this one).
 */
export async function memberLoanView(societyId: string, memberId: string, loanOutstanding: number, today = dhakaToday()): Promise<MemberLoanView | null> {
  const loan = await prisma.societyMemberLoan.findFirst({ where: { societyId, memberId }, orderBy: [{ disbursedOn: "desc" }, { createdAt: "desc" }] });
  if (!loan) return null;
  const plan = loanPlan({ ...loan, firstDueDate: isoDateOf(loan.firstDueDate) });
  return {
    id: loan.id,
    principal: loan.principal,
    serviceCharge: loan.serviceCharge,
    ratePercent: loan.ratePercent,
    method: loan.method,
    frequency: loan.frequency,
    instalmentCount: loan.instalmentCount,
    instalmentAmount: loan.instalmentAmount,
    disbursedOn: isoDateOf(loan.disbursedOn),
    totalRepayable: plan.totalRepayable,
    // What the books carry for this loan (principal and charge as paid out), less what the account still owes.
    standing: loanStanding(plan.instalments, loan.principal + loan.serviceCharge - loanOutstanding, today),
    instalments: plan.instalments,
  };
}

/** Lines of a ledger page. */
export const LEDGER_PAGE_SIZE = 200;

export type LedgerLine = {
  lineId: string;
  entryId: string;
  /** The entry's voucher number (per society, in posting order). */
  voucher: number;
  date: string;
  kind: string;
  /**
   * Whom the line is with: the member or worker on it, else the one member or worker its entry names (a withdrawal's
   * cash line names the member paid); the income or expense record (its code and category).
   */
  memberName: string | null;
  memberCode: string | null;
  workerName: string | null;
  recordCode: string | null;
  category: string | null;
  /** + debit, − credit. */
  amount: number;
  /** The account's balance after this line (debits positive). */
  balance: number;
  /** Another entry reverses this one. */
  reversed: boolean;
  /** This entry is an income or expense an admin may reverse (not a salary, not reversed yet). */
  reversible: boolean;
  /** The record behind a reversible line. */
  incomeExpenseId: string | null;
};

export type Ledger = {
  account: { code: string; kind: string; type: string; name: string | null; label: string | null };
  opening: number;
  lines: LedgerLine[];
  /** Lines in the whole period (the page holds at most LEDGER_PAGE_SIZE). */
  total: number;
  page: number;
  closing: number;
};

/**
 * One account's ledger for a period (dates inclusive): the opening balance, every line in order with the running
 * balance, a page at a time, and the closing balance. Null when the society has no such account.
 */
export async function accountLedger(societyId: string, code: string, range: { from: string; to: string }, page = 0): Promise<Ledger | null> {
  const account = await prisma.societyAccount.findUnique({ where: { societyId_code: { societyId, code } }, select: { id: true, code: true, kind: true, type: true, name: true, label: true } });
  if (!account) return null;
  const [[openingRow], [periodRow], rows] = await Promise.all([
    prisma.$queryRaw<{ total: bigint | null }[]>`
      SELECT sum("debit" - "credit") AS "total" FROM "SocietyAccountDay" WHERE "accountId" = ${account.id} AND "date" < ${range.from}::date`,
    prisma.$queryRaw<{ lines: bigint; total: bigint | null }[]>`
      SELECT count(*) AS "lines", sum("amount") AS "total" FROM "SocietyJournalLine" WHERE "accountId" = ${account.id} AND "date" BETWEEN ${range.from}::date AND ${range.to}::date`,
    prisma.$queryRaw<{ lineId: string; entryId: string; voucher: number; date: Date; kind: string; amount: number; running: bigint; reversed: boolean; memberName: string | null; memberCode: string | null; workerName: string | null; recordCode: string | null; category: string | null; incomeExpenseId: string | null; salary: boolean }[]>`
      WITH page AS (
        SELECT l."id", l."entryId", e."voucher", l."date", l."amount", l."memberId", l."workerId", e."kind", e."sourceType", e."sourceId", e."createdAt" AS "postedAt",
               sum(l."amount") OVER (ORDER BY l."date", e."createdAt", l."id") AS "running"
        FROM "SocietyJournalLine" l JOIN "SocietyJournalEntry" e ON e."id" = l."entryId"
        WHERE l."accountId" = ${account.id} AND l."date" BETWEEN ${range.from}::date AND ${range.to}::date
        ORDER BY l."date", e."createdAt", l."id"
        LIMIT ${LEDGER_PAGE_SIZE} OFFSET ${page * LEDGER_PAGE_SIZE}
      )
      SELECT p."id" AS "lineId", p."entryId", p."voucher", p."date", p."kind"::text AS "kind", p."amount", p."running",
             EXISTS (SELECT 1 FROM "SocietyJournalEntry" r WHERE r."reversesId" = p."entryId") AS "reversed",
             m."name" AS "memberName", m."memberCode", w."name" AS "workerName", ie."code" AS "recordCode", ie."category",
             ie."id" AS "incomeExpenseId", ie."workerSalaryId" IS NOT NULL AS "salary"
      FROM page p
      LEFT JOIN LATERAL "society_entry_counterparty"(p."entryId") c ON true
      LEFT JOIN "SocietyMember" m ON m."id" = coalesce(p."memberId", c."memberId")
      LEFT JOIN "SocietyWorker" w ON w."id" = coalesce(p."workerId", c."workerId")
      LEFT JOIN "IncomeExpense" ie ON p."sourceType" = 'IncomeExpense' AND ie."id" = p."sourceId"
      ORDER BY p."date", p."postedAt", p."id"`,
  ]);
  const opening = Number(openingRow?.total ?? 0);
  const lines = rows.map((r) => ({
    lineId: r.lineId,
    entryId: r.entryId,
    voucher: r.voucher,
    date: isoDateOf(r.date),
    kind: r.kind,
    memberName: r.memberName,
    memberCode: r.memberCode,
    workerName: r.workerName,
    recordCode: r.recordCode,
    category: r.category,
    amount: r.amount,
    balance: opening + Number(r.running),
    reversed: r.reversed,
    reversible: (r.kind === "income" || r.kind === "expense") && !r.reversed && !r.salary && r.incomeExpenseId !== null,
    incomeExpenseId: r.incomeExpenseId,
  }));
  return { account: { code: account.code, kind: account.kind, type: account.type, name: account.name, label: account.label }, opening, lines, total: Number(periodRow?.lines ?? 0), page, closing: opening + Number(periodRow?.total ?? 0) };
}

export type OpeningBalanceView = {
  id: string;
  asOf: string;
  status: "proposed" | "posted" | "rejected";
  proposedById: string | null;
  proposedByName: string | null;
  decidedByName: string | null;
  rejectionNote: string | null;
  lines: { kind: string; amount: number; member: { code: string; memberCode: string; name: string } | null }[];
};

/**
 * The society's opening balances for the books tab: the one waiting or posted (else the last refused, with why), and the
 * first day anything is posted on (an opening must stand before it).
 */
export async function openingBalanceView(societyId: string): Promise<{ opening: OpeningBalanceView | null; firstEntryDate: string | null }> {
  const [opening, first] = await Promise.all([
    prisma.societyOpeningBalance.findFirst({
      where: { societyId },
      orderBy: [{ proposedAt: "desc" }, { id: "desc" }],
      select: {
        id: true,
        asOf: true,
        status: true,
        proposedById: true,
        decidedById: true,
        rejectionNote: true,
        lines: { orderBy: [{ kind: "asc" }, { id: "asc" }], select: { kind: true, amount: true, member: { select: { code: true, memberCode: true, name: true } } } },
      },
    }),
    prisma.societyJournalEntry.findFirst({ where: { societyId }, orderBy: { date: "asc" }, select: { date: true } }),
  ]);
  const staffIds = opening ? [opening.proposedById, opening.decidedById].filter((id): id is string => !!id) : [];
  const names = new Map((staffIds.length ? await prisma.staffUser.findMany({ where: { id: { in: staffIds } }, select: { id: true, name: true } }) : []).map((s) => [s.id, s.name]));
  return {
    opening: opening
      ? {
          id: opening.id,
          asOf: isoDateOf(opening.asOf),
          status: opening.status,
          proposedById: opening.proposedById,
          proposedByName: opening.proposedById ? (names.get(opening.proposedById) ?? null) : null,
          decidedByName: opening.decidedById ? (names.get(opening.decidedById) ?? null) : null,
          rejectionNote: opening.rejectionNote,
          lines: opening.lines,
        }
      : null,
    firstEntryDate: first ? isoDateOf(first.date) : null,
  };
}

/** The active members an opening balance may name, by their code (the order of the society's register). */
export async function openingMembers(societyId: string) {
  return prisma.societyMember.findMany({ where: { societyId, status: "active" }, orderBy: [{ code: "asc" }], select: { id: true, memberCode: true, name: true }, take: 5000 });
}
