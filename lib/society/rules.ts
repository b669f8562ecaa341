/**
 * The society tool's arithmetic (spec section 9), pure so it is unit-tested and shared by the
 * server and the dialogs that preview totals.
 */

/** Days in the spec's "monthly target" (daily instalment plus savings, times 30). */
export const TARGET_DAYS_PER_MONTH = 30;
/** Recent lists show the last 10 records, newest first. */
export const RECENT_LIMIT = 10;
/** The member profile report shows the last 15 collections and the database report the last 50 (spec section 9). */
export const REPORT_MEMBER_RECENT_LIMIT = 15;
export const REPORT_RECENT_LIMIT = 50;
/** A date-range database report prints at most this many collections (about 200 pages); narrow the range for more. */
export const REPORT_COLLECTION_LIMIT = 10_000;
/** Names shown on cards are cut at these lengths with an ellipsis (spec section 9). */
export const NAME_LIMIT = { member: 15, worker: 12 } as const;
/** How the society screens write a day: "19 Nov 2026" / "১৯ নভে, ২০২৬". */
export const SHORT_DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
/** The category a salary payment books its expense under (the spec's Bengali wording). */
export const SALARY_EXPENSE_CATEGORY = "বেতন";

export function salaryTotal(base: number, bonus: number, deductions: number): number {
  return base + bonus - deductions;
}

export function monthlyTarget(members: ReadonlyArray<{ installmentAmount: number; savingsAmount: number }>): number {
  return members.reduce((sum, m) => sum + m.installmentAmount + m.savingsAmount, 0) * TARGET_DAYS_PER_MONTH;
}

/** Spec: missed days = day of month − this month's collected days, never below zero. */
export function missedDays(dayOfMonth: number, collectedDays: number): number {
  return Math.max(0, dayOfMonth - collectedDays);
}

/**
 * The days of this month a member was due to pay by `today`: the day of the month, or, for a member who joined this
 * month, the days since joining (the joining day counts). A member who joined today has missed nothing yet.
 */
export function daysDueThisMonth(today: string, joinDate: string): number {
  if (joinDate > today) return 0;
  const day = Number(today.slice(8, 10));
  return joinDate.slice(0, 7) === today.slice(0, 7) ? day - Number(joinDate.slice(8, 10)) + 1 : day;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * At most `max` visible characters, then "…". Counts graphemes, so a Bengali vowel sign or conjunct is
 * never cut away from its consonant.
 */
export function truncateName(name: string, max: number): string {
  const parts = Array.from(graphemes.segment(name), (s) => s.segment);
  return parts.length > max ? `${parts.slice(0, max).join("")}…` : name;
}

/** A worker's or member's initial for the avatar when there is no photo. */
export function initialOf(name: string): string {
  const first = graphemes.segment(name.trim())[Symbol.iterator]().next();
  return first.done ? "?" : first.value.segment.toUpperCase();
}

export type SheetEntry = { memberId: string; installment: number | null; savings: number | null };
export type ExistingSheetRow = { id: string; memberId: string; installment: number; savings: number };

export type SheetPlan = {
  create: Array<{ memberId: string; installment: number; savings: number }>;
  update: Array<{ id: string; installment: number; savings: number }>;
  remove: string[];
  /** Change to the worker's running collection total (spec: saving adds the total collected). */
  delta: number;
};

/**
 * What saving a sheet does to the rows it saved before: a member with an amount gets a row (new or
 * updated), a member left empty (or at zero) has none, so the day's records follow the sheet instead of
 * piling up when it is saved again.
 */
export function planSheet(existing: readonly ExistingSheetRow[], entries: readonly SheetEntry[]): SheetPlan {
  const byMember = new Map(existing.map((row) => [row.memberId, row]));
  const plan: SheetPlan = { create: [], update: [], remove: [], delta: 0 };
  for (const entry of entries) {
    const installment = entry.installment ?? 0;
    const savings = entry.savings ?? 0;
    const before = byMember.get(entry.memberId);
    byMember.delete(entry.memberId);
    const collected = installment + savings > 0;
    if (!before) {
      if (collected) {
        plan.create.push({ memberId: entry.memberId, installment, savings });
        plan.delta += installment + savings;
      }
      continue;
    }
    if (!collected) {
      plan.remove.push(before.id);
    } else if (before.installment !== installment || before.savings !== savings) {
      plan.update.push({ id: before.id, installment, savings });
    }
    plan.delta += installment + savings - before.installment - before.savings;
  }
  // Rows of members no longer on the sheet (moved to another worker) stay: the sheet only speaks for
  // the members it lists.
  return plan;
}

/** The calendar month of a Dhaka date (YYYY-MM-DD) as [first day, first day of next month) dates, and the day. */
export function monthOf(isoDate: string): { start: Date; end: Date; dayOfMonth: number; month: string } {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)), dayOfMonth: d, month: isoDate.slice(0, 7) };
}

export type CalendarDayState = "collected" | "missed" | "upcoming";
export type CalendarDay = { date: string; day: number; state: CalendarDayState; installment: number; savings: number };
export type CalendarMonth = {
  month: string;
  /** Weeks from Saturday to Friday (the Bangladeshi week); null pads days outside the month. */
  weeks: (CalendarDay | null)[][];
  installment: number;
  savings: number;
  collectedDays: number;
  missedDays: number;
};

/**
 * A member's month as a calendar. A day up to today without a collection is missed, later days are
 * upcoming; for the current month the missed count equals the spec's "day of month minus collected
 * days", and a past month counts every day.
 */
export function calendarMonth(month: string, today: string, collected: ReadonlyMap<string, { installment: number; savings: number }>): CalendarMonth {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const firstWeekday = new Date(Date.UTC(y, m - 1, 1)).getUTCDay(); // 0 = Sunday … 6 = Saturday
  const lead = (firstWeekday + 1) % 7; // days between the Saturday that starts the week and the 1st
  const cells: (CalendarDay | null)[] = Array.from({ length: lead }, () => null);
  let installment = 0;
  let savings = 0;
  let collectedDays = 0;
  let missed = 0;
  for (let day = 1; day <= daysInMonth; day++) {
    const date = `${month}-${String(day).padStart(2, "0")}`;
    const amounts = collected.get(date);
    const state: CalendarDayState = amounts ? "collected" : date <= today ? "missed" : "upcoming";
    if (amounts) {
      installment += amounts.installment;
      savings += amounts.savings;
      collectedDays += 1;
    } else if (state === "missed") missed += 1;
    cells.push({ date, day, state, installment: amounts?.installment ?? 0, savings: amounts?.savings ?? 0 });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return { month, weeks, installment, savings, collectedDays, missedDays: missed };
}
