import { afterEach, describe, expect, it } from "vitest";
import { installShapingCache, setShapingCacheEnabled, type ShapedRun, type ShapingFont } from "./shaping-cache";

function fakeFont() {
  const calls: string[] = [];
  const font: ShapingFont = {
    layout(text: string): ShapedRun {
      calls.push(text);
      return { glyphs: [...text].map((c) => ({ c })), positions: [...text].map(() => ({ xAdvance: 1 })) };
    },
  };
  return { font, calls };
}

afterEach(() => setShapingCacheEnabled(true));

describe("installShapingCache", () => {
  it("shapes each string once and returns its own glyph array on every hit", () => {
    const { font, calls } = fakeFont();
    const stats = installShapingCache(font);
    const a = font.layout("কিস্তি", [], undefined, undefined, "ltr");
    a.glyphs.pop();
    const b = font.layout("কিস্তি", undefined, undefined, undefined, "ltr");
    expect(calls).toEqual(["কিস্তি"]);
    expect(b.glyphs).toHaveLength([..."কিস্তি"].length);
    expect(stats).toMatchObject({ hits: 1, misses: 1 });
  });

  it("keeps different features and directions apart", () => {
    const { font, calls } = fakeFont();
    installShapingCache(font);
    font.layout("ab", ["liga"], undefined, undefined, "ltr");
    font.layout("ab", undefined, undefined, undefined, "ltr");
    font.layout("ab", undefined, undefined, undefined, "rtl");
    expect(calls).toHaveLength(3);
  });

  it("drops the oldest entries past its limit, and can be switched off", () => {
    const { font, calls } = fakeFont();
    const stats = installShapingCache(font, 2);
    for (const t of ["a", "b", "c", "a"]) font.layout(t);
    expect(stats.size).toBe(2);
    expect(calls).toEqual(["a", "b", "c", "a"]);
    setShapingCacheEnabled(false);
    font.layout("c");
    expect(calls).toHaveLength(5);
  });
});
