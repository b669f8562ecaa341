import type { LoanStanding, PlannedInstalment } from "@/lib/society/books/loan-plan";

type Due = { dueDate: string; amount: number };

/**
 * What a member's loan card says is due, on `today` (Asia/Dhaka, YYYY-MM-DD). The first instalment not fully paid is
 * the next one only while its day has not passed; once it has, it is overdue since that day (with what is left of it),
 * and the next is the first instalment due today or later, owed in full (instalments are paid in order). Both null
 * when the loan is repaid; `next` null too when every instalment's day has passed.
 */
export function loanDue(standing: Pick<LoanStanding, "next">, instalments: readonly PlannedInstalment[], today: string): { overdueSince: Due | null; next: Due | null } {
  const first = standing.next;
  if (!first || first.dueDate >= today) return { overdueSince: null, next: first };
  const ahead = instalments.find((row) => row.dueDate >= today);
  return { overdueSince: first, next: ahead ? { dueDate: ahead.dueDate, amount: ahead.amount } : null };
}
