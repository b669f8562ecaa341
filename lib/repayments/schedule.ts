/**
 * A disbursed loan's repayment schedule: declining-balance amortisation at the loan's rate, one instalment a
 * month from the disbursement date (Asia/Dhaka calendar dates). Every instalment but the last is the EMI the
 * loan shows; the last one takes what rounding left, so the principal portions add up exactly to the amount
 * disbursed. Pure.
 */

export type ScheduleInput = {
  /** Whole taka disbursed. */
  principal: number;
  /** Annual percent (18 means 18%). */
  annualRate: number;
  /** Number of monthly instalments. */
  months: number;
  /** The EMI the loan shows (lib/loans/emi.ts calculateEmi), whole taka. */
  emi: number;
  /** Disbursement date in Asia/Dhaka, YYYY-MM-DD. */
  disbursedOn: string;
};

export type ScheduledInstallment = {
  /** 1-based. */
  emiNumber: number;
  /** YYYY-MM-DD (Asia/Dhaka calendar date). */
  dueDate: string;
  /** The monthly date before a day off moved it (the due date when it is a working day). */
  scheduledDate: string;
  /** principal + interest, whole taka. */
  emiAmount: number;
  principal: number;
  interest: number;
  /** What is still owed after this instalment, whole taka. */
  balanceAfter: number;
};

/** The calendar date (YYYY-MM-DD) `days` days after `iso` (before it when negative). */
export function addCalendarDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The calendar date `months` months after `iso`, on the same day of the month; a day the month does not have
 * (the 31st in April, the 29th–31st in February) becomes that month's last day. Always counted from the anchor
 * date, so 31 January gives 28 February, then 31 March.
 */
export function addCalendarMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

export type AmortisedInstallment = Omit<ScheduledInstallment, "dueDate" | "scheduledDate">;

/** The schedule's amounts alone: each instalment's interest, principal and the balance after it. */
export function amortise({ principal, annualRate, months, emi }: Omit<ScheduleInput, "disbursedOn">): AmortisedInstallment[] {
  if (!Number.isInteger(principal) || principal <= 0) throw new RangeError(`principal must be a positive whole number, got ${principal}`);
  if (!Number.isInteger(months) || months <= 0) throw new RangeError(`months must be a positive whole number, got ${months}`);
  if (!Number.isInteger(emi) || emi <= 0) throw new RangeError(`emi must be a positive whole number, got ${emi}`);
  const monthlyRate = annualRate / 12 / 100;
  const rows: AmortisedInstallment[] = [];
  let balance = principal;
  for (let n = 1; n <= months; n++) {
    const interest = Math.round(balance * monthlyRate);
    // The last instalment clears the balance; before it, the EMI's principal part (never below zero, never
    // more than is left: only possible for tiny loans where the rounded EMI is far from exact).
    const principalPart = n === months ? balance : Math.min(Math.max(emi - interest, 0), balance);
    balance -= principalPart;
    rows.push({ emiNumber: n, emiAmount: principalPart + interest, principal: principalPart, interest, balanceAfter: balance });
  }
  return rows;
}

/**
 * The schedule with its dates: `dates[i]` for the i-th instalment (lib/loans/calendar.ts installmentDates: monthly
 * from the first instalment, days off moved to the next working day), or, without them, one calendar month apart
 * from the disbursement.
 */
export function buildSchedule({ disbursedOn, dates, ...terms }: ScheduleInput & { dates?: readonly { scheduledDate: string; dueDate: string }[] }): ScheduledInstallment[] {
  if (dates && dates.length !== terms.months) throw new RangeError(`${terms.months} instalments need ${terms.months} dates, got ${dates.length}`);
  return amortise(terms).map((row, i) => {
    const scheduledDate = dates?.[i]?.scheduledDate ?? addCalendarMonths(disbursedOn, row.emiNumber);
    return { ...row, scheduledDate, dueDate: dates?.[i]?.dueDate ?? scheduledDate };
  });
}
