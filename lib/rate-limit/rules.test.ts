import { describe, expect, it } from "vitest";
import { CHECK_NID_IMAGE_LIMIT, RATE_LIMIT_RETENTION_MS, STATUS_LOOKUP_LIMIT, SUBMIT_APPLICATION_LIMIT, slidingCount, slidingResetAt, windowStartFor } from "./rules";

describe("rate-limit rules", () => {
  it("allow 10 submissions, 60 image checks and 20 status lookups per 10 minutes", () => {
    expect(SUBMIT_APPLICATION_LIMIT).toMatchObject({ limit: 10, windowMs: 600_000 });
    expect(CHECK_NID_IMAGE_LIMIT).toMatchObject({ limit: 60, windowMs: 600_000 });
    expect(STATUS_LOOKUP_LIMIT).toMatchObject({ limit: 20, windowMs: 600_000 });
    const names = [SUBMIT_APPLICATION_LIMIT, CHECK_NID_IMAGE_LIMIT, STATUS_LOOKUP_LIMIT].map((r) => r.name);
    expect(new Set(names).size).toBe(3);
  });

  it("put every moment of a window in the same bucket", () => {
    const windowMs = 600_000;
    const start = new Date("2026-11-22T08:10:00.000Z");
    expect(windowStartFor(start, windowMs)).toEqual(start);
    expect(windowStartFor(new Date("2026-11-22T08:19:59.999Z"), windowMs)).toEqual(start);
    expect(windowStartFor(new Date("2026-11-22T08:20:00.000Z"), windowMs)).toEqual(new Date("2026-11-22T08:20:00.000Z"));
  });
});

describe("sliding windows", () => {
  const rule = { limit: 10, windowMs: 600_000 };
  const start = new Date("2026-11-22T08:10:00.000Z").getTime();
  const at = (ms: number) => new Date(start + ms);

  it("weigh the previous window by the part of it still inside the last window", () => {
    expect(slidingCount(10, 1, at(0), rule.windowMs)).toBe(11);
    expect(slidingCount(10, 1, at(300_000), rule.windowMs)).toBe(6);
    expect(slidingCount(10, 1, at(599_999), rule.windowMs)).toBe(1);
    expect(slidingCount(0, 4, at(120_000), rule.windowMs)).toBe(4);
  });

  it("give a burst across a window's edge the limit, not twice it", () => {
    // Ten at the very end of one window, then as many as are allowed at the start of the next.
    let current = 0;
    let allowed = 0;
    for (let i = 0; i < 20; i++) {
      current += 1;
      if (slidingCount(10, current, at(1_000), rule.windowMs) <= rule.limit) allowed += 1;
    }
    // One: a second of the earlier window has slid out (a fixed window would have allowed ten).
    expect(allowed).toBe(1);
    // Half a window later, half of the earlier burst has slid out.
    expect(slidingCount(10, 5, at(300_000), rule.windowMs)).toBe(10);
  });

  it("say when one more request is allowed", () => {
    // Under the limit: now.
    expect(slidingResetAt(rule, 0, 3, at(60_000))).toEqual(at(60_000));
    // Ten counted in the previous window, one in this: for a second, floor(10 × (1 − f)) must fall to 8, i.e. f > 0.1.
    const reset = slidingResetAt(rule, 10, 1, at(1_000));
    expect(reset).toEqual(at(60_001));
    expect(slidingCount(10, 2, reset, rule.windowMs)).toBeLessThanOrEqual(rule.limit);
    expect(slidingCount(10, 2, new Date(reset.getTime() - 2), rule.windowMs)).toBeGreaterThan(rule.limit);
    // Eleven in this window: in the next one, once floor(11 × (1 − f)) ≤ 9.
    const later = slidingResetAt(rule, 0, 11, at(5_000));
    expect(slidingCount(11, 1, later, rule.windowMs)).toBeLessThanOrEqual(rule.limit);
    expect(slidingCount(11, 1, new Date(later.getTime() - 2), rule.windowMs)).toBeGreaterThan(rule.limit);
  });
});

describe("rate-limit retention", () => {
  it("keeps every rule's buckets for longer than two of its windows (the sliding count reads the previous one)", async () => {
    const rules = Object.values(await import("./rules")).filter((v): v is { name: string; windowMs: number; limit: number } => typeof v === "object" && v !== null && "windowMs" in v);
    // Found by shape: the eight rules of rules.ts (the unknown staff number is counted like an account since issue 52).
    expect(rules.length).toBe(8);
    for (const rule of rules) expect(2 * rule.windowMs, rule.name).toBeLessThan(RATE_LIMIT_RETENTION_MS);
  });
});
