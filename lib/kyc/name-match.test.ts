import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchNames, nameKeys, transliterateBengali } from "./name-match";

/** The form's name and the card's, written as people do: other script, other spelling, titles abbreviated. */
const SAME_PERSON: [string, string][] = [
  ["রহিমা খাতুন", "Rahima Khatun"],
  ["মোহাম্মদ রহিম উদ্দিন", "Md. Rahim Uddin"],
  ["মোহাম্মদ রহিম উদ্দিন", "Mohammad Rahim Uddin"],
  ["ফাতেমা বেগম", "Fatema Begum"],
  ["ফাতেমা বেগম", "Fatima Begum"],
  ["কামাল হোসেন", "Kamal Hossain"],
  ["কামাল হোসেন", "Kamal Hosen"],
  ["নুসরাত জাহান", "Nusrat Jahan"],
  ["শিরিন সুলতানা", "Shirin Sultana"],
  ["জামাল মিয়া", "Jamal Mia"],
  ["আব্দুল করিম", "Abdul Karim"],
  ["সালমা বেগম", "Salma Begum"],
  ["নাসরিন আক্তার", "Nasrin Akter"],
  ["নাসরিন আক্তার", "Nasrin Akhter"],
  ["রফিকুল ইসলাম", "Rafiqul Islam"],
  ["মোসাম্মৎ শাহানা পারভীন", "Mst. Shahana Parvin"],
  ["তানভীর আহমেদ", "Tanvir Ahmed"],
  ["সুমাইয়া আক্তার", "Sumaiya Akter"],
  ["RAHIMA  KHATUN", "rahima khatun."],
  ["Khatun Rahima", "Rahima Khatun"],
];

/** Near misses: one letter of a given name, a missing or an extra word, another family name. */
const OTHER_PERSON: [string, string][] = [
  ["রহিমা খাতুন", "Karima Khatun"],
  ["Rahima Khatun", "Rahim Khan"],
  ["কামাল হোসেন", "Jamal Hossain"],
  ["Fatema Begum", "Fatema Akter"],
  ["নাসরিন আক্তার", "Nasrin"],
  ["Shirin Sultana", "Shirin Sultan Ahmed"],
  ["আব্দুল করিম", "Abdul Rahim"],
  ["", "Rahima Khatun"],
];

describe("matchNames", () => {
  it.each(SAME_PERSON)("%s ~ %s", (a, b) => {
    const result = matchNames(a, b);
    expect(result.matched).toBe(true);
    expect(result.score).toBeGreaterThanOrEqual(80);
  });

  it.each(OTHER_PERSON)("%s ≁ %s", (a, b) => {
    expect(matchNames(a, b).matched).toBe(false);
  });

  it("is symmetric, and a name always matches itself at 100 whatever its case and punctuation", () => {
    const word = fc.stringMatching(/^[A-Za-z]{2,10}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.array(word, { minLength: 1, maxLength: 4 }), (x, y) => {
        const [a, b] = [x.join(" "), y.join(" ")];
        expect(matchNames(a, b)).toEqual(matchNames(b, a));
        if (nameKeys(a).length > 0) expect(matchNames(a, `  ${a.toUpperCase()}. `)).toEqual({ matched: true, score: 100 });
      }),
    );
  });
});

describe("transliterateBengali", () => {
  it("reads the inherent vowel inside a word, not at its end, and joins conjuncts", () => {
    expect(transliterateBengali("রহিমা খাতুন")).toBe("rahima khatun");
    expect(transliterateBengali("আব্দুল")).toBe("abdul");
    expect(transliterateBengali("মোহাম্মদ")).toBe("mohammad");
  });

  it("reads য়, ড় and ঢ় the same whether they come precomposed or as letter + nukta", () => {
    expect(transliterateBengali("মিয়া")).toBe(transliterateBengali("মি\u09AF\u09BCা"));
    expect(transliterateBengali("\u09AF\u09BC")).toBe("y");
  });
});
