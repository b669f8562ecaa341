import { describe, expect, it } from "vitest";
import { generateUserCode, USER_CODE_ALPHABET, USER_CODE_PATTERN } from "./user-code";

describe("customer codes", () => {
  it("are RB- and four characters of the unambiguous alphabet", () => {
    for (let i = 0; i < 200; i++) expect(generateUserCode()).toMatch(USER_CODE_PATTERN);
    expect(USER_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it("take each character from the random source", () => {
    const picks = [0, 1, USER_CODE_ALPHABET.length - 1, 8];
    expect(generateUserCode(() => picks.shift()!)).toBe("RB-23ZA");
  });
});
