import { describe, expect, it } from "vitest";
import { normalizeBdMobile, normalizeNid } from "./bd";

describe("normalizeBdMobile", () => {
  it.each([
    ["01712345678", "+8801712345678"],
    ["01712-345678", "+8801712345678"],
    ["+880 1712-345678", "+8801712345678"],
    ["+8801712345678", "+8801712345678"],
    ["8801712345678", "+8801712345678"],
    ["008801712345678", "+8801712345678"],
    ["০১৭১২৩৪৫৬৭৮", "+8801712345678"],
    ["+৮৮০ ১৭১২-৩৪৫৬৭৮", "+8801712345678"],
    ["(017) 1234.5678", "+8801712345678"],
    ["01312345678", "+8801312345678"],
    ["01912345678", "+8801912345678"],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeBdMobile(input)).toBe(expected);
  });

  it.each([
    ["01212345678", "operator prefix 012 does not exist"],
    ["01112345678", "operator prefix 011 does not exist"],
    ["0171234567", "one digit short"],
    ["017123456789", "one digit long"],
    ["1712345678", "no leading 0"],
    ["+8811712345678", "wrong country code"],
    ["+88017123456", "short after the country code"],
    ["0171234567a", "a letter"],
    ["", "empty"],
  ])("%s is refused (%s)", (input) => {
    expect(normalizeBdMobile(input)).toBeNull();
  });
});

describe("normalizeNid", () => {
  it.each([
    ["1234567890", "1234567890"],
    ["1234567890123", "1234567890123"],
    ["19901234567890123", "19901234567890123"],
    ["১২৩৪৫৬৭৮৯০", "1234567890"],
    ["১৯৯০ ১২৩৪ ৫৬৭৮ ৯০১২৩", "19901234567890123"],
    ["123-456-7890", "1234567890"],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeNid(input)).toBe(expected);
  });

  it.each(["12345678901", "123456789", "123456789012", "12345678901234", "1234567890123456", "123456789012345678", "12345abcde", ""])(
    "%s is refused",
    (input) => {
      expect(normalizeNid(input)).toBeNull();
    },
  );
});
