import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import bn from "@/messages/bn.json";
import en from "@/messages/en.json";
import { describeGlossaryProblem, glossaryProblems, parseGlossary, usesWord } from "@/lib/i18n-glossary";

const glossary = parseGlossary(readFileSync("docs/glossary.md", "utf8"));

describe("docs/glossary.md", () => {
  it("has terms and words to avoid", () => {
    expect(glossary.terms.length).toBeGreaterThan(20);
    expect(glossary.terms.find((t) => t.english.includes("collection"))?.avoid).toContain("সংগ্রহ");
    expect(glossary.bans.some((b) => b.language === "en" && b.avoid.includes("Login"))).toBe(true);
  });

  it("every message uses the glossary's words", () => {
    expect(glossaryProblems(glossary, { bn, en }).map(describeGlossaryProblem)).toEqual([]);
  });
});

describe("glossary check", () => {
  it("matches a Bengali word with its endings but not inside a longer word", () => {
    expect(usesWord("এই কর্মীর সদস্য", "কর্মী")).toBe(true);
    expect(usesWord("কর্মীরা দেখতে পারেন", "কর্মী")).toBe(true);
    expect(usesWord("মাঠকর্মীর বেতন", "কর্মী")).toBe(false);
    expect(usesWord("জন্ম তারিখ দিন", "জন্ম তারিখ")).toBe(true);
    expect(usesWord("জন্মতারিখ দিন", "জন্ম তারিখ")).toBe(false);
  });

  it("matches a Latin word whole, in any case and plural", () => {
    expect(usesWord("Back to Login", "Login")).toBe(true);
    expect(usesWord("login attempts", "Login")).toBe(true);
    expect(usesWord("Logins", "Login")).toBe(true);
    expect(usesWord("Loginx", "Login")).toBe(false);
  });

  it("reports an avoided word only where the English names the term, and a ban everywhere", () => {
    const sample = parseGlossary(
      [
        "## Terms",
        "| English | বাংলা | Use | Avoid |",
        "| --- | --- | --- | --- |",
        "| `collection` | আদায় | x | `সংগ্রহ` |",
        "## Spellings and words never used",
        "| Language | Use | Avoid | Why |",
        "| --- | --- | --- | --- |",
        "| bn | পুরোনো | `পুরনো` | x |",
        "| en | Sign in | `Login` | x |",
      ].join("\n"),
    );
    const problems = glossaryProblems(sample, {
      bn: { a: { title: "আদায় ক্যালেন্ডার", pdf: "সংগ্রহ ক্যালেন্ডার" }, privacy: "তথ্য সংগ্রহ", old: "পুরনো কোড", login: "সাইন ইন" },
      en: { a: { title: "Collection calendar", pdf: "Collections calendar" }, privacy: "Data we keep", old: "Old codes", login: "Login" },
    });
    expect(problems.map((p) => `${p.language}:${p.key}:${p.word}`).sort()).toEqual(["bn:a.pdf:সংগ্রহ", "bn:old:পুরনো", "en:login:Login"]);
  });
});
