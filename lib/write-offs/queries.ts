import "server-only";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { Prisma } from "@/lib/generated/prisma/client";
import { branchInScopeSql, officeDb, type OfficeScope } from "@/lib/offices/scope";
import { addCalendarDays, addCalendarMonths } from "@/lib/repayments/schedule";
import { isoDateOf } from "@/lib/validation/fields";
import { latestWriteOffDay, writeOffRefusal } from "./policy";
import { writeOffFacts, writeOffRules } from "./service";

const LIST_LIMIT = 200;

export type WriteOffRow = {
  id: string;
  loanNumber: string;
  customerName: string;
  branchCode: string;
  writeOffDate: string;
  amount: number;
  reason: string;
  proposedBy: string;
  proposedById: string;
  proposedAt: Date;
  boardResolution: string | null;
  decidedBy: string | null;
  /** What standing payments posted as recoveries brought in (the books' own reading), whole taka. */
  recovered: number;
};

const writeOffSelect = {
  id: true,
  writeOffDate: true,
  amount: true,
  reason: true,
  boardResolution: true,
  proposedAt: true,
  proposedById: true,
  proposedBy: { select: { name: true } },
  decidedBy: { select: { name: true } },
  loanId: true,
  loan: { select: { loanNumber: true, customer: { select: { name: true } }, branch: { select: { code: true } } } },
} as const;

/**
 * The proposals waiting for the head office (all of them, oldest first), and the register of written-off loans (the
 * newest 200), of the scope's branches. A loan's recoveries are its standing payments the books posted as recovery.
 */
export async function writeOffLists(scope: OfficeScope): Promise<{ proposed: WriteOffRow[]; register: WriteOffRow[] }> {
  const db = officeDb(scope);
  const [proposed, register] = await Promise.all([
    db.loanWriteOff.findMany({ where: { status: "proposed" }, orderBy: { proposedAt: "asc" }, select: writeOffSelect }),
    db.loanWriteOff.findMany({ where: { status: "approved" }, orderBy: [{ writeOffDate: "desc" }, { decidedAt: "desc" }], take: LIST_LIMIT, select: writeOffSelect }),
  ]);
  const recoveries = register.length
    ? await prisma.$queryRaw<{ loanId: string; total: bigint }[]>`
        SELECT p."loanId", sum(p."amount")::bigint AS "total"
        FROM "LoanPayment" p JOIN "LenderJournalEntry" e ON e."sourceType" = 'LoanPayment' AND e."sourceId" = p."id" AND e."kind" = 'recovery'
        WHERE p."status" = 'completed' AND p."loanId" = ANY(${register.map((r) => r.loanId)}::text[])
        GROUP BY p."loanId"`
    : [];
  const recovered = new Map(recoveries.map((r) => [r.loanId, Number(r.total)]));
  const toRow = (r: (typeof register)[number]): WriteOffRow => ({
    id: r.id,
    loanNumber: r.loan.loanNumber,
    customerName: r.loan.customer.name,
    branchCode: r.loan.branch.code,
    writeOffDate: isoDateOf(r.writeOffDate),
    amount: r.amount,
    reason: r.reason,
    proposedBy: r.proposedBy.name,
    proposedById: r.proposedById,
    proposedAt: r.proposedAt,
    boardResolution: r.boardResolution,
    decidedBy: r.decidedBy?.name ?? null,
    recovered: recovered.get(r.loanId) ?? 0,
  });
  return { proposed: proposed.map(toRow), register: register.map(toRow) };
}

/** The write-off policy as configured (the screen shows it; a super admin's form starts from it). */
export async function writeOffPolicyNow(): Promise<{ badForMonths: number; requireFullyProvisioned: boolean; allowedDays: string[] }> {
  return prisma.writeOffPolicy.findUniqueOrThrow({ where: { id: 1 }, select: { badForMonths: true, requireFullyProvisioned: true, allowedDays: true } });
}

/** The policy's latest write-off day not after today (a proposal's default date); null if the policy has none. */
export async function writeOffDayToday(now = new Date()): Promise<string | null> {
  const policy = await prisma.writeOffPolicy.findUniqueOrThrow({ where: { id: 1 }, select: { allowedDays: true } });
  return latestWriteOffDay(dhakaToday(now), policy.allowedDays);
}

export type WriteOffCandidate = { loanNumber: string; customerName: string; branchCode: string; oldestUnpaidDue: string; principalOutstanding: number };

/**
 * The running loans of the scope's branches the policy allows to be written off on its latest day not after today,
 * oldest first (the circular's order), with none proposed yet: the 200 overdue longest are read (in that order, by the
 * same coverage rule the classification uses), then the policy decides each.
 */
export async function writeOffCandidates(scope: OfficeScope, now = new Date()): Promise<{ onDate: string | null; loans: WriteOffCandidate[] }> {
  const today = dhakaToday(now);
  const { policy, badMinDays } = await writeOffRules(prisma);
  const onDate = latestWriteOffDay(today, policy.allowedDays);
  if (!onDate) return { onDate, loans: [] };
  // Overdue since this day or earlier: bad for the policy's months by the write-off day.
  const dueBy = addCalendarDays(addCalendarMonths(onDate, -policy.badForMonths), -badMinDays);
  const oldest = await prisma.$queryRaw<{ id: string; loanNumber: string; status: string; disbursedAmount: number | null; customerName: string; branchCode: string }[]>`
    SELECT l."id", l."loanNumber", l."status"::text AS "status", l."disbursedAmount", c."name" AS "customerName", o."code" AS "branchCode"
    FROM "Loan" l
    JOIN "Customer" c ON c."id" = l."customerId"
    JOIN "Office" o ON o."id" = l."branchId"
    JOIN "LoanInstallment" i ON i."loanId" = l."id"
    LEFT JOIN LATERAL (
      SELECT sum(a."interest" + a."principal") AS "covered" FROM "LoanPaymentAllocation" a JOIN "LoanPayment" p ON p."id" = a."paymentId"
      WHERE a."installmentId" = i."id" AND p."status" = 'completed'
    ) x ON TRUE
    WHERE l."status" = 'disbursed' AND ${branchInScopeSql(scope, Prisma.sql`l."branchId"`)}
      AND coalesce(x."covered", 0) < i."emiAmount"
      AND NOT EXISTS (SELECT 1 FROM "LoanWriteOff" w WHERE w."loanId" = l."id" AND w."status" <> 'rejected')
    GROUP BY l."id", c."name", o."code"
    HAVING min(i."dueDate") <= ${dueBy}::date
    ORDER BY min(i."dueDate"), l."loanNumber"
    LIMIT ${LIST_LIMIT}`;
  const loans: WriteOffCandidate[] = [];
  for (const loan of oldest) {
    const facts = await writeOffFacts(prisma, loan);
    if (writeOffRefusal(facts, onDate, today, policy, badMinDays) !== null) continue;
    loans.push({ loanNumber: loan.loanNumber, customerName: loan.customerName, branchCode: loan.branchCode, oldestUnpaidDue: facts.oldestUnpaidDue!, principalOutstanding: facts.principalOutstanding });
  }
  return { onDate, loans };
}
