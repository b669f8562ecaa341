import "server-only";
import { prisma } from "@/lib/db";
import type { PassbookMovement } from "./passbook";

/** A member's two accounts in the society's books, whole taka: savings owed to them, and their loan still to repay. */
export type MemberBalance = { savings: number; loanOutstanding: number };

/**
 * Balances of members from the journal, never typed: savings are what the member-savings lines credit them (credits
 * are negative amounts), the loan what the member-loans lines debit them. One grouped, indexed read for a page of members.
 */
export async function memberBalances(societyId: string, memberIds: readonly string[]): Promise<Map<string, MemberBalance>> {
  const balances = new Map(memberIds.map((id) => [id, { savings: 0, loanOutstanding: 0 }]));
  if (memberIds.length === 0) return balances;
  const rows = await prisma.$queryRaw<{ memberId: string; kind: string; total: bigint }[]>`
    SELECT l."memberId", a."kind"::text AS "kind", sum(l."amount") AS "total"
    FROM "SocietyJournalLine" l JOIN "SocietyAccount" a ON a."id" = l."accountId"
    WHERE l."societyId" = ${societyId} AND l."memberId" = ANY(${memberIds as string[]}::text[]) AND a."kind" IN ('member_savings', 'member_loans')
    GROUP BY l."memberId", a."kind"`;
  for (const row of rows) {
    const balance = balances.get(row.memberId)!;
    if (row.kind === "member_savings") balance.savings = -Number(row.total);
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
  const rows = await prisma.$queryRaw<{ code: string; kind: string; type: string; name: string | null; total: bigint }[]>`
    SELECT a."code", a."kind"::text AS "kind", a."type"::text AS "type", a."name", coalesce(sum(l."amount"), 0) AS "total"
    FROM "SocietyAccount" a LEFT JOIN "SocietyJournalLine" l ON l."accountId" = a."id" AND l."date" <= ${through}::date
    WHERE a."societyId" = ${societyId}
    GROUP BY a."id" ORDER BY a."code"`;
  const out = rows.map((r) => {
    const total = Number(r.total);
    return { code: r.code, kind: r.kind, type: r.type, name: r.name, debit: total > 0 ? total : 0, credit: total < 0 ? -total : 0 };
  });
  return { rows: out, debit: out.reduce((s, r) => s + r.debit, 0), credit: out.reduce((s, r) => s + r.credit, 0) };
}

/** Withdrawals waiting for a second person, oldest first, with who asked (for the admins' list). */
export async function waitingWithdrawals(societyId: string) {
  return prisma.societyWithdrawal.findMany({
    where: { societyId, status: "requested" },
    orderBy: { requestedAt: "asc" },
    select: { id: true, amount: true, requestedAt: true, requestedById: true, member: { select: { name: true, memberCode: true } } },
  });
}

/** Every journal entry touching a member, oldest first, with what it moved on their savings and their loan. */
export async function memberMovements(societyId: string, memberId: string): Promise<PassbookMovement[]> {
  const rows = await prisma.$queryRaw<{ date: Date; kind: string; savings: bigint; loan: bigint }[]>`
    SELECT e."date", e."kind"::text AS "kind",
      sum(CASE WHEN a."kind" = 'member_savings' THEN -l."amount" ELSE 0 END) AS "savings",
      sum(CASE WHEN a."kind" = 'member_loans' THEN l."amount" ELSE 0 END) AS "loan"
    FROM "SocietyJournalLine" l
    JOIN "SocietyAccount" a ON a."id" = l."accountId"
    JOIN "SocietyJournalEntry" e ON e."id" = l."entryId"
    WHERE l."memberId" = ${memberId} AND l."societyId" = ${societyId}
    GROUP BY e."id" ORDER BY e."date", e."createdAt", e."id"`;
  return rows.map((r) => ({ date: r.date.toISOString().slice(0, 10), kind: r.kind, savings: Number(r.savings), loan: Number(r.loan) }));
}
