/**
 * Which loans may be written off (issue 50, point 4; decision 0267), pure. The policy is configuration (WriteOffPolicy),
 * defaulting to the regulator's circular on bad-debt write-off: a loan in the bad category for at least two years and
 * fully provisioned, written off on 30 June or 31 December. "In the bad category since" follows from the same rule the
 * classification uses: the days overdue of the oldest unpaid instalment reach the bad category's lowest days.
 * Calendar dates are Asia/Dhaka YYYY-MM-DD strings.
 */
import { addCalendarDays, addCalendarMonths } from "@/lib/repayments/schedule";

export type WriteOffPolicy = { badForMonths: number; requireFullyProvisioned: boolean; allowedDays: readonly string[] };

export const DEFAULT_WRITE_OFF_POLICY: WriteOffPolicy = { badForMonths: 24, requireFullyProvisioned: true, allowedDays: ["06-30", "12-31"] };

/** The latest day on or before `today` that a write-off may be dated on (one of the policy's days of the year); null if none. */
export function latestWriteOffDay(today: string, allowedDays: readonly string[]): string | null {
  const year = Number(today.slice(0, 4));
  const candidates = [year, year - 1].flatMap((y) => allowedDays.map((d) => `${y}-${d}`)).filter((d) => d <= today && isCalendarDate(d));
  return candidates.sort().at(-1) ?? null;
}

function isCalendarDate(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

export type WriteOffFacts = {
  status: string;
  /** Principal not yet paid, whole taka. */
  principalOutstanding: number;
  /** The due date of the oldest instalment not paid in full; null when none is unpaid. */
  oldestUnpaidDue: string | null;
  /** The latest classification's provision required for the loan; null when it was never classified. */
  lastProvisionRequired: number | null;
};

export type WriteOffRefusal = "loanNotRunning" | "notWriteOffDay" | "futureWriteOffDay" | "notBadLongEnough" | "notFullyProvisioned";

/**
 * Whether the loan may be written off on `onDate`: a running loan with principal outstanding, on one of the policy's
 * days (not after today), in the bad category (oldest unpaid instalment `badMinDays` overdue) for `badForMonths` by
 * then, and — when the policy asks — its last classification requiring its whole principal outstanding.
 */
export function writeOffRefusal(facts: WriteOffFacts, onDate: string, today: string, policy: WriteOffPolicy, badMinDays: number): WriteOffRefusal | null {
  if (facts.status !== "disbursed" || facts.principalOutstanding <= 0) return "loanNotRunning";
  if (!policy.allowedDays.includes(onDate.slice(5))) return "notWriteOffDay";
  if (onDate > today) return "futureWriteOffDay";
  if (facts.oldestUnpaidDue === null) return "notBadLongEnough";
  const badFrom = addCalendarDays(facts.oldestUnpaidDue, badMinDays);
  if (addCalendarMonths(badFrom, policy.badForMonths) > onDate) return "notBadLongEnough";
  if (policy.requireFullyProvisioned && (facts.lastProvisionRequired ?? 0) < facts.principalOutstanding) return "notFullyProvisioned";
  return null;
}
