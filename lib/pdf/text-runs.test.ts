import { describe, expect, it } from "vitest";
import { splitFontRuns } from "./text-runs";

const bengali = { name: "bn", hasGlyphForCodePoint: (cp: number) => (cp >= 0x980 && cp <= 0x9ff) || (cp >= 0x30 && cp <= 0x39) || cp === 0x20 || cp === 0x2d };
const latin = { name: "latin", hasGlyphForCodePoint: (cp: number) => cp < 0x250 };
const runs = (text: string) => splitFontRuns(text, [bengali, latin]).map((r) => [r.font.name, r.text]);

describe("splitFontRuns", () => {
  it("keeps Bengali with digits and spaces in the first font", () => {
    expect(runs("রহিমা খাতুন ১২ 34")).toEqual([["bn", "রহিমা খাতুন ১২ 34"]]);
  });

  it("moves Latin letters to the font that has them and keeps following digits and spaces with them", () => {
    expect(runs("ASS-12 রহিমা")).toEqual([["latin", "ASS-12 "], ["bn", "রহিমা"]]);
    expect(runs("১২ Rahima Khatun")).toEqual([["bn", "১২ "], ["latin", "Rahima Khatun"]]);
  });

  it("keeps a character no font has in the current run, and an empty line has no runs", () => {
    expect(runs("রহিমা\u{1F600}")).toEqual([["bn", "রহিমা\u{1F600}"]]);
    expect(runs("\u{1F600}")).toEqual([["bn", "\u{1F600}"]]);
    expect(runs("")).toEqual([]);
  });
});
