import { describe, expect, it } from "vitest";
import { formatNumberedCode, nextNumberedCode } from "./sequence";

describe("numbered codes", () => {
  it("pad to six digits and grow past them", () => {
    expect(formatNumberedCode("LN-", 42)).toBe("LN-000042");
    expect(formatNumberedCode("U", 1_234_567)).toBe("U1234567");
    expect(() => formatNumberedCode("U", 0)).toThrow(RangeError);
  });

  it("follow the highest existing code", () => {
    expect(nextNumberedCode("LN-", null)).toBe("LN-000001");
    expect(nextNumberedCode("LN-", "LN-000105")).toBe("LN-000106");
    expect(nextNumberedCode("U", "U999999")).toBe("U1000000");
    expect(nextNumberedCode("KYC-", "LN-000003")).toBe("KYC-000001");
  });
});
