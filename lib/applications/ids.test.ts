import { describe, expect, it } from "vitest";
import { formatKycCaseNumber, generateApplicationId, nextKycCaseNumber, normalizeApplicationId } from "./ids";

describe("generateApplicationId", () => {
  const now = Date.UTC(2026, 10, 22, 8, 30, 0, 123); // 1795336200123

  it("is LB + the epoch milliseconds + three random digits", () => {
    expect(generateApplicationId(now, () => 42)).toBe(`LB${now}042`);
    expect(generateApplicationId(now, () => 0)).toBe(`LB${now}000`);
    expect(generateApplicationId(now, () => 999)).toBe(`LB${now}999`);
  });

  it("keeps the prototype's LB + timestamp look with the default clock and random source", () => {
    const before = Date.now();
    const id = generateApplicationId();
    const after = Date.now();
    expect(id).toMatch(/^LB\d{16}$/);
    const stamp = Number(id.slice(2, -3));
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(after);
  });

  it("differs within one millisecond (the case the prototype's IDs collided on)", () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateApplicationId(now)));
    // 200 draws from 1000 suffixes: some repeat (the database constraint + retry covers those), most do not.
    expect(ids.size).toBeGreaterThan(150);
    for (const id of ids) expect(id.startsWith(`LB${now}`)).toBe(true);
  });

  it("uses every suffix digit position", () => {
    const suffixes = new Set(Array.from({ length: 2000 }, () => generateApplicationId(now).slice(-3)));
    expect(suffixes.size).toBeGreaterThan(700);
  });

  it("refuses a bad clock or random source", () => {
    expect(() => generateApplicationId(-1)).toThrow(RangeError);
    expect(() => generateApplicationId(1.5)).toThrow(RangeError);
    expect(() => generateApplicationId(now, () => 1000)).toThrow(RangeError);
    expect(() => generateApplicationId(now, () => -1)).toThrow(RangeError);
  });
});

describe("normalizeApplicationId", () => {
  it("accepts the ID as typed: spaces, lowercase prefix, Bengali digits", () => {
    expect(normalizeApplicationId("LB1795336200123042")).toBe("LB1795336200123042");
    expect(normalizeApplicationId("  lb1795336200123042 ")).toBe("LB1795336200123042");
    expect(normalizeApplicationId("Lb১৭৯৫৩৩৬২০০১২৩০৪২")).toBe("LB1795336200123042");
  });

  it("refuses what cannot be an ID", () => {
    for (const bad of ["", "LB", "1795336200123042", "XX1795336200123042", "LB12345", "LB17953362001230a2"]) {
      expect(normalizeApplicationId(bad), bad).toBeNull();
    }
  });
});

describe("KYC case numbers", () => {
  it("formats with at least six digits", () => {
    expect(formatKycCaseNumber(1)).toBe("KYC-000001");
    expect(formatKycCaseNumber(123)).toBe("KYC-000123");
    expect(formatKycCaseNumber(1_234_567)).toBe("KYC-1234567");
    expect(() => formatKycCaseNumber(0)).toThrow(RangeError);
  });

  it("follows the highest existing number", () => {
    expect(nextKycCaseNumber(null)).toBe("KYC-000001");
    expect(nextKycCaseNumber("KYC-000105")).toBe("KYC-000106");
    expect(nextKycCaseNumber("KYC-999999")).toBe("KYC-1000000");
    expect(nextKycCaseNumber("not-a-case")).toBe("KYC-000001");
  });
});
