import { describe, expect, it } from "vitest";
import { versionedMemo } from "./versioned";

describe("versionedMemo", () => {
  it("computes once per key, shares concurrent calls, recomputes for a new key", async () => {
    let calls = 0;
    const get = versionedMemo(async () => ++calls);
    expect(await Promise.all([get("a", undefined), get("a", undefined)])).toEqual([1, 1]);
    expect(await get("b", undefined)).toBe(2);
    expect(await get("a", undefined)).toBe(1);
  });

  it("forgets failures and old keys", async () => {
    let calls = 0;
    const get = versionedMemo(async () => {
      calls += 1;
      if (calls === 1) throw new Error("boom");
      return calls;
    }, 1);
    await expect(get("a", undefined)).rejects.toThrow("boom");
    expect(await get("a", undefined)).toBe(2);
    expect(await get("b", undefined)).toBe(3);
    expect(await get("a", undefined)).toBe(4);
  });
});
