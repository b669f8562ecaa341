/**
 * Issue 49: codes, IDs and phone numbers keep their characters in both languages. Bengali digits are for amounts,
 * counts and years in text; a code (application ID, loan, receipt, customer, member or voucher number, NID, phone,
 * reference) is printed as stored. Every place that would turn a code's digits Bengali is a call of localizeDigits
 * (formatPhone takes no language): none of them may be given a code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SOURCE_DIRS = ["app", "components", "lib"];
const CODE_LIKE = /(number|Number|\bid\b|Id\b|code|Code|nid|Nid|phone|Phone|reference|Reference|voucher|Voucher)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes("generated"))
    .map((f) => join(dir, f));
}

/** The first argument of every localizeDigits( call in a file, as written. */
function localizedArguments(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/localizeDigits\(/g)) {
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    while (i < text.length && depth > 0) {
      const c = text[i]!;
      if (c === "(") depth++;
      else if (c === ")") depth--;
      else if (c === "," && depth === 1) break;
      i++;
    }
    found.push(text.slice(start, i).trim());
  }
  return found;
}

describe("codes keep their characters", () => {
  const calls = SOURCE_DIRS.flatMap(sources).flatMap((file) => localizedArguments(readFileSync(file, "utf8")).map((argument) => ({ file, argument })));

  it("finds the places that localise digits", () => {
    expect(calls.length).toBeGreaterThan(3);
  });

  it("never localises the digits of a code, an ID, a NID or a phone number", () => {
    const offending = calls.filter(({ file, argument }) => !file.endsWith("lib/format/index.ts") && CODE_LIKE.test(argument));
    expect(offending).toEqual([]);
  });

  it("would catch one that does", () => {
    expect(localizedArguments("x = localizeDigits(loan.loanNumber, locale) + localizeDigits(String(i + 1), locale)")).toEqual(["loan.loanNumber", "String(i + 1)"]);
    expect(CODE_LIKE.test("loan.loanNumber")).toBe(true);
    expect(CODE_LIKE.test("String(i + 1)")).toBe(false);
  });
});
