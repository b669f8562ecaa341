/** The dashboard's period selector and the arithmetic behind "change against the previous period" (pure). */
export const PERIODS = ["24h", "7d", "30d", "90d"] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = "7d";

const HOUR_MS = 60 * 60 * 1000;
const PERIOD_MS: Record<Period, number> = { "24h": 24 * HOUR_MS, "7d": 7 * 24 * HOUR_MS, "30d": 30 * 24 * HOUR_MS, "90d": 90 * 24 * HOUR_MS };

export function parsePeriod(value: unknown): Period {
  const v = Array.isArray(value) ? value[0] : value;
  return (PERIODS as readonly unknown[]).includes(v) ? (v as Period) : DEFAULT_PERIOD;
}

export type Window = { start: Date; end: Date };

/** The period ending now, and the one of equal length before it. */
export function periodWindows(period: Period, now: Date): { current: Window; previous: Window } {
  const length = PERIOD_MS[period];
  const start = new Date(now.getTime() - length);
  return { current: { start, end: now }, previous: { start: new Date(start.getTime() - length), end: start } };
}

/** Change in percent (one decimal); null when there is nothing to compare with. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** A share in percent with one decimal; null when the whole is 0. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

const DHAKA_OFFSET_MS = 6 * HOUR_MS; // Asia/Dhaka is UTC+6 all year (no daylight saving).

/** Today in Asia/Dhaka as [midnight, next midnight) instants, and as the calendar date stored in @db.Date. */
export function dhakaDay(now: Date): { start: Date; end: Date; date: Date } {
  const local = new Date(now.getTime() + DHAKA_OFFSET_MS);
  const date = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  const start = new Date(date.getTime() - DHAKA_OFFSET_MS);
  return { start, end: new Date(start.getTime() + 24 * HOUR_MS), date };
}
