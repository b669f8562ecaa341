import { describe, expect, it } from "vitest";
import { CHECK_NID_IMAGE_LIMIT, RATE_LIMIT_RETENTION_MS, STATUS_LOOKUP_LIMIT, SUBMIT_APPLICATION_LIMIT, windowStartFor } from "./rules";

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

describe("rate-limit retention", () => {
  it("keeps every rule's buckets for longer than its window (pruning must not reopen one)", async () => {
    const rules = Object.values(await import("./rules")).filter((v): v is { name: string; windowMs: number; limit: number } => typeof v === "object" && v !== null && "windowMs" in v);
    expect(rules.length).toBeGreaterThan(8);
    for (const rule of rules) expect(rule.windowMs, rule.name).toBeLessThan(RATE_LIMIT_RETENTION_MS);
  });
});
