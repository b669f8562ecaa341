import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { fail } from "@/lib/auth/action-result";
import { BooksRefusal } from "./refusals";
import type { CollectionMovement } from "./types";

/**
 * Posting to a society's journal (issue 28) in the caller's transaction, through the database's own posting functions
 * (migration 20261126122429_society_books): one set of rules for the application, the migration that posted the
 * existing records, and a restore. The database refuses an unbalanced entry, any edit or deletion, and an entry in a
 * closed period (a Postgres error the caller's transaction rolls back on).
 */
type Tx = Prisma.TransactionClient;

/**
 * Where and by whom an entry is posted. `askBelowZero`: the person at the form has not yet confirmed a payment that takes
 * the society's cash in hand below zero, so such an entry is refused (cashBelowZero) and the form asks first.
 */
export type PostingContext = { societyId: string; date: string; createdById: string | null; askBelowZero?: boolean };

/**
 * Refuses (rolling the transaction back) an entry that took cash out of the society's cash in hand and left it below
 * zero, unless the person confirmed it: cash cannot really be negative, so either a receipt is missing or the payment is
 * a mistake. The books allow it once confirmed (and flag it on the Books tab), as paper books would.
 */
export async function refuseCashBelowZero(tx: Tx, ctx: PostingContext, entryId: string | null): Promise<void> {
  if (!ctx.askBelowZero || !entryId) return;
  const rows = await tx.$queryRaw<{ paid: bigint | null; balance: bigint | null }[]>`
    SELECT (SELECT sum(l."amount") FROM "SocietyJournalLine" l WHERE l."entryId" = ${entryId} AND l."accountId" = a."id") AS "paid",
           (SELECT sum(d."debit" - d."credit") FROM "SocietyAccountDay" d WHERE d."accountId" = a."id") AS "balance"
    FROM "SocietyAccount" a WHERE a."societyId" = ${ctx.societyId} AND a."kind" = 'cash_in_hand'`;
  const cash = rows[0];
  if (cash && Number(cash.paid ?? 0) < 0 && Number(cash.balance ?? 0) < 0) throw new BooksRefusal(fail("conflict", { reason: "cashBelowZero" }));
}

/** Lines of collections (or, negative, of collections taken back): the worker holds the cash, the member's loan goes down, savings up. */
function collectionLines(movements: CollectionMovement[]): Prisma.Sql[] {
  return movements.map((m) => Prisma.sql`"society_collection_lines"(${m.memberId}, ${m.workerId}, ${m.installment}::int, ${m.savings}::int)`);
}

async function post(tx: Tx, ctx: PostingContext, kind: string, source: { type: string; id: string }, lines: Prisma.Sql): Promise<string | null> {
  const rows = await tx.$queryRaw<{ id: string | null }[]>`
    SELECT "society_post"(${ctx.societyId}, ${ctx.date}::date, ${kind}::"SocietyJournalKind", ${source.type}, ${source.id}, ${lines}, ${ctx.createdById}) AS "id"`;
  const entryId = rows[0]?.id ?? null;
  await refuseCashBelowZero(tx, ctx, entryId);
  return entryId;
}

/** One entry for collections recorded together (a sheet saved, a field-app batch of one day); nothing when all are zero. */
export async function postCollections(tx: Tx, ctx: PostingContext, movements: CollectionMovement[], source: { type: string; id: string }, kind: "collection" | "collection_correction" = "collection") {
  const moving = movements.filter((m) => m.installment !== 0 || m.savings !== 0);
  if (moving.length === 0) return null;
  // jsonb arrays concatenate with ||: one array of every movement's three lines.
  const lines = Prisma.sql`(${Prisma.join(collectionLines(moving), " || ")})`;
  return post(tx, ctx, kind, source, lines);
}

/** Income into cash in hand from its category; an expense out of it (salaries to the salaries account). */
export async function postIncomeExpense(tx: Tx, ctx: PostingContext, row: { id: string; type: "income" | "expense"; category: string; amount: number; salary: boolean }) {
  const kind = row.salary ? "salary" : row.type;
  return post(tx, ctx, kind, { type: "IncomeExpense", id: row.id }, Prisma.sql`"society_income_expense_lines"(${row.type}::"IncomeExpenseType", ${row.category}, ${row.amount}::int, ${row.salary})`);
}

/** A loan paid out to a member from the society's cash. */
export async function postMemberLoan(tx: Tx, ctx: PostingContext, memberId: string, amount: number) {
  return post(tx, ctx, "member_loan", { type: "SocietyMember", id: memberId }, Prisma.sql`"society_member_loan_lines"(${memberId}, ${amount}::int)`);
}

/** Cash a worker handed over, once an admin confirmed it: into cash in hand, out of the worker's. */
export async function postHandover(tx: Tx, ctx: PostingContext, handover: { id: string; workerId: string; counted: number }) {
  return post(tx, ctx, "cash_handover", { type: "FieldCashHandover", id: handover.id }, Prisma.sql`"society_handover_lines"(${handover.workerId}, ${handover.counted}::int)`);
}

/** Savings paid out to a member: off their savings; what was set against their loan off it, the rest out of cash in hand. */
export async function postWithdrawal(tx: Tx, ctx: PostingContext, withdrawal: { id: string; memberId: string; amount: number; appliedToLoan?: number }) {
  return post(tx, ctx, "withdrawal", { type: "SocietyWithdrawal", id: withdrawal.id }, Prisma.sql`"society_withdrawal_lines"(${withdrawal.memberId}, ${withdrawal.amount}::int, ${withdrawal.appliedToLoan ?? 0}::int)`);
}

/** A loan with an instalment plan paid out: the member owes the total; principal out of cash, the charge to income. */
export async function postPlanLoan(tx: Tx, ctx: PostingContext, loan: { id: string; memberId: string; principal: number; serviceCharge: number }) {
  return post(tx, ctx, "member_loan", { type: "SocietyMemberLoan", id: loan.id }, Prisma.sql`"society_member_plan_loan_lines"(${loan.memberId}, ${loan.principal}::int, ${loan.serviceCharge}::int)`);
}
