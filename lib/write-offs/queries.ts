import "server-only";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { officeDb, type OfficeScope } from "@/lib/offices/scope";
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
  /** What standing payments brought in after the approval (recoveries), whole taka. */
  recovered: number;
};

/** The proposals waiting for the head office, and the register of written-off loans (newest first), of the scope's branches. */
export async function writeOffLists(scope: OfficeScope): Promise<{ proposed: WriteOffRow[]; register: WriteOffRow[] }> {
  const rows = await officeDb(scope).loanWriteOff.findMany({
    where: { status: { in: ["proposed", "approved"] } },
    orderBy: [{ writeOffDate: "desc" }, { proposedAt: "desc" }],
    take: LIST_LIMIT,
    select: {
      id: true,
      status: true,
      writeOffDate: true,
      amount: true,
      reason: true,
      boardResolution: true,
      proposedAt: true,
      decidedAt: true,
      proposedById: true,
      proposedBy: { select: { name: true } },
      decidedBy: { select: { name: true } },
      loanId: true,
      loan: { select: { loanNumber: true, customer: { select: { name: true } }, branch: { select: { code: true } } } },
    },
  });
  const approved = rows.filter((r) => r.status === "approved");
  const recoveries = approved.length
    ? await prisma.loanPayment.groupBy({
        by: ["loanId"],
        where: { status: "completed", OR: approved.map((r) => ({ loanId: r.loanId, createdAt: { gt: r.decidedAt! } })) },
        _sum: { amount: true },
      })
    : [];
  const recovered = new Map(recoveries.map((r) => [r.loanId, r._sum.amount ?? 0]));
  const toRow = (r: (typeof rows)[number]): WriteOffRow => ({
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
  return { proposed: rows.filter((r) => r.status === "proposed").map(toRow), register: approved.map(toRow) };
}

/** The policy's latest write-off day not after today (a proposal's default date). */
export async function writeOffDayToday(now = new Date()): Promise<string> {
  const policy = await prisma.writeOffPolicy.findUniqueOrThrow({ where: { id: 1 }, select: { allowedDays: true } });
  return latestWriteOffDay(dhakaToday(now), policy.allowedDays);
}

export type WriteOffCandidate = { loanNumber: string; customerName: string; branchCode: string; oldestUnpaidDue: string; principalOutstanding: number };

/**
 * The running loans of the scope's branches the policy allows to be written off on its latest day not after today,
 * oldest first (the circular's order), with none proposed yet. Only loans overdue long enough are read at all.
 */
export async function writeOffCandidates(scope: OfficeScope, now = new Date()): Promise<{ onDate: string; loans: WriteOffCandidate[] }> {
  const today = dhakaToday(now);
  const { policy, badMinDays } = await writeOffRules(prisma);
  const onDate = latestWriteOffDay(today, policy.allowedDays);
  // Overdue since this day or earlier: bad for the policy's months by the write-off day.
  const dueBy = addCalendarDays(addCalendarMonths(onDate, -policy.badForMonths), -badMinDays);
  const loans = await officeDb(scope).loan.findMany({
    where: {
      status: "disbursed",
      installments: { some: { status: { not: "paid" }, dueDate: { lte: new Date(`${dueBy}T00:00:00Z`) } } },
      writeOffs: { none: { status: { not: "rejected" } } },
    },
    take: LIST_LIMIT,
    select: { id: true, loanNumber: true, status: true, disbursedAmount: true, customer: { select: { name: true } }, branch: { select: { code: true } } },
  });
  const candidates: WriteOffCandidate[] = [];
  for (const loan of loans) {
    const facts = await writeOffFacts(prisma, loan);
    if (writeOffRefusal(facts, onDate, today, policy, badMinDays) !== null) continue;
    candidates.push({ loanNumber: loan.loanNumber, customerName: loan.customer.name, branchCode: loan.branch.code, oldestUnpaidDue: facts.oldestUnpaidDue!, principalOutstanding: facts.principalOutstanding });
  }
  candidates.sort((a, b) => a.oldestUnpaidDue.localeCompare(b.oldestUnpaidDue) || a.loanNumber.localeCompare(b.loanNumber));
  return { onDate, loans: candidates };
}
