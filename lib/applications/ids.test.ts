import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatKycCaseNumber, generateApplicationId, nextKycCaseNumber, normalizeApplicationId, REFERENCE_ALPHABET, referenceCheckCharacter } from "./ids";

describe("generateApplicationId", () => {
  it("is LB, seven characters and a check character, in two groups of four", () => {
    expect(generateApplicationId(() => [7, 20, 3, 23, 9, 21, 2])).toBe(`LB-7M3Q-9N2${referenceCheckCharacter("7M3Q9N2")}`);
    expect(generateApplicationId(() => [0, 0, 0, 0, 0, 0, 0])).toBe("LB-0000-0000");
    const id = generateApplicationId();
    expect(id).toMatch(/^LB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(normalizeApplicationId(id)).toBe(id);
  });

  it("draws from the whole alphabet, and rarely repeats", () => {
    const ids = Array.from({ length: 2_000 }, () => generateApplicationId());
    expect(new Set(ids).size).toBe(2_000);
    const used = new Set(ids.flatMap((id) => id.slice(3).replace("-", "").slice(0, 7).split("")));
    expect(used.size).toBe(REFERENCE_ALPHABET.length);
  });

  it("refuses a bad random source", () => {
    expect(() => generateApplicationId(() => [1, 2, 3])).toThrow(RangeError);
    expect(() => generateApplicationId(() => [1, 2, 3, 4, 5, 6, 32])).toThrow(RangeError);
  });
});

describe("the check character", () => {
  it("catches every single wrong character and every swap of two different neighbours", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 31 }), { minLength: 7, maxLength: 7 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 31 }), (indexes, at, shift) => {
        const id = generateApplicationId(() => indexes).replace(/-/g, "").slice(2);
        const wrong = id.slice(0, at) + REFERENCE_ALPHABET[(REFERENCE_ALPHABET.indexOf(id[at]!) + shift) % 32] + id.slice(at + 1);
        expect(normalizeApplicationId(`LB${wrong}`)).toBeNull();
        if (at < 7 && id[at] !== id[at + 1]) {
          const swapped = id.slice(0, at) + id[at + 1] + id[at] + id.slice(at + 2);
          // Luhn mod 32 misses only the swap of the two characters whose doubled values wrap the same way (as Luhn
          // misses 09/90); every other swap is caught.
          const missed = normalizeApplicationId(`LB${swapped}`) !== null;
          if (missed) expect(new Set([id[at], id[at + 1]])).toEqual(new Set(["0", "Z"]));
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("normalizeApplicationId", () => {
  it("accepts the ID as typed: spaces, lowercase prefix, Bengali digits", () => {
    expect(normalizeApplicationId("LB1795336200123042")).toBe("LB1795336200123042");
    expect(normalizeApplicationId("  lb1795336200123042 ")).toBe("LB1795336200123042");
    expect(normalizeApplicationId("Lb১৭৯৫৩৩৬২০০১২৩০৪২")).toBe("LB1795336200123042");
  });

  it("reads a short reference as people type or say it: lowercase, no dashes, spaces, O for 0, I and L for 1, Bengali digits", () => {
    const id = generateApplicationId(() => [1, 0, 20, 3, 9, 21, 2]); // "LB-10M3-9N2?"
    const bare = id.replace(/-/g, "");
    expect(normalizeApplicationId(id)).toBe(id);
    expect(normalizeApplicationId(bare.toLowerCase())).toBe(id);
    expect(normalizeApplicationId(` ${id.slice(0, 7)} ${id.slice(8)} `)).toBe(id);
    expect(normalizeApplicationId(id.replace("LB-10", "LB-lO"))).toBe(id);
    expect(normalizeApplicationId(id.replace("LB-10", "LB-১০"))).toBe(id);
  });

  it("refuses what cannot be an ID", () => {
    for (const bad of ["", "LB", "1795336200123042", "XX1795336200123042", "LB12345", "LB17953362001230a2", "LB-0000-000U", "LB-0000-00000"]) {
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
