import { describe, expect, it } from "vitest";
import { TENURE_OPTIONS } from "./emi";
import { closestTenure, tenuresWithin } from "./tenure";

describe("tenure choices", () => {
  it("keeps the fixed tenures inside a product's range, ends included", () => {
    expect(tenuresWithin(6, 60)).toEqual([...TENURE_OPTIONS]);
    expect(tenuresWithin(12, 36)).toEqual([12, 18, 24, 36]);
    expect(tenuresWithin(13, 35)).toEqual([18, 24]);
    expect(tenuresWithin(37, 47)).toEqual([]);
    expect(tenuresWithin(1, 12)).toEqual([6, 12]);
    expect(tenuresWithin(24, 84)).toEqual([24, 36, 48, 60]);
  });

  it("moves a tenure to the nearest choice, the shorter one on a tie", () => {
    expect(closestTenure([12, 18, 24, 36], 60)).toBe(36);
    expect(closestTenure([12, 18, 24, 36], 6)).toBe(12);
    expect(closestTenure([12, 24], 18)).toBe(12);
    expect(closestTenure([18, 24], 21)).toBe(18);
    expect(closestTenure([18, 24], 22)).toBe(24);
    expect(closestTenure([], 12)).toBeUndefined();
  });
});
