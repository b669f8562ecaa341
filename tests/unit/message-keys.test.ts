import { describe, expect, it } from "vitest";
import bn from "@/messages/bn.json";
import en from "@/messages/en.json";
import { compareMessageKeys } from "@/lib/i18n-keys";

describe("message files", () => {
  it("bn and en have identical, non-empty keys", () => {
    expect(compareMessageKeys({ bn, en })).toEqual([]);
  });

  it("reports a key missing from one side and an empty value", () => {
    const problems = compareMessageKeys({ bn: { a: { b: "x", c: "" } }, en: { a: { b: "y" } } });
    expect(problems).toContain("a.c is in bn but missing from en");
    expect(problems).toContain("bn: a.c is empty or not text");
  });
});
