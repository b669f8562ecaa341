import { describe, expect, it } from "vitest";
import { dhakaDay, parsePeriod, percentChange, percentOf, periodWindows } from "./period";

describe("dashboard period", () => {
  it("parses the URL value, defaulting to 7 days", () => {
    expect(parsePeriod("24h")).toBe("24h");
    expect(parsePeriod(["90d"])).toBe("90d");
    expect(parsePeriod("1y")).toBe("7d");
    expect(parsePeriod(undefined)).toBe("7d");
  });

  it("gives the current window and the previous one of equal length", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const { current, previous } = periodWindows("7d", now);
    expect(current).toEqual({ start: new Date("2026-11-16T12:00:00Z"), end: now });
    expect(previous).toEqual({ start: new Date("2026-11-09T12:00:00Z"), end: new Date("2026-11-16T12:00:00Z") });
  });

  it("computes changes and shares, null where there is no base", () => {
    expect(percentChange(120, 100)).toBe(20);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(null, 3)).toBeNull();
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 0)).toBeNull();
  });

  it("finds today's Dhaka day, which starts at 18:00 UTC the day before", () => {
    const day = dhakaDay(new Date("2026-11-23T19:30:00Z")); // 01:30 on the 24th in Dhaka
    expect(day.date).toEqual(new Date("2026-11-24T00:00:00Z"));
    expect(day.start).toEqual(new Date("2026-11-23T18:00:00Z"));
    expect(day.end).toEqual(new Date("2026-11-24T18:00:00Z"));
  });
});
