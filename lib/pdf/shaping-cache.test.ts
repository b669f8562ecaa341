import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensurePdfFonts, pdfFontFaces, pdfFonts } from "./fonts";
import { COMPOSITION_CANDIDATES, composableCharacters, installShapingCache, setShapingCacheEnabled, shapedAdvance, type ShapedRun, type ShapingFont } from "./shaping-cache";

/** One glyph per character, 1 unit wide, except that "1" followed by "/" kerns (a pair that interacts). */
function fakeShape(text: string): ShapedRun {
  const chars = [...text];
  return {
    glyphs: chars.map((c) => ({ id: c.codePointAt(0)! })),
    positions: chars.map((c, i) => ({ xAdvance: c === "1" && chars[i + 1] === "/" ? 0.5 : 1, yAdvance: 0, xOffset: 0, yOffset: 0 })),
  };
}

function fakeFont() {
  const calls: string[] = [];
  const font: ShapingFont = {
    layout(text: string): ShapedRun {
      calls.push(text);
      return fakeShape(text);
    },
  };
  return { font, calls };
}

function installed(limit?: number) {
  const fake = fakeFont();
  const composableChars = [...composableCharacters(fakeShape)].join("");
  const stats = installShapingCache(fake.font, { composableChars, limit });
  return { ...fake, stats };
}

afterEach(() => setShapingCacheEnabled(true));

describe("installShapingCache", () => {
  it("shapes each string once and hands every caller its own glyphs and positions", () => {
    const { font, calls, stats } = installed();
    const a = font.layout("কিস্তি", [], undefined, undefined, "ltr");
    a.glyphs.pop();
    a.positions[0]!.xAdvance *= 1000; // pdfkit scales positions in place
    const b = font.layout("কিস্তি", undefined, undefined, undefined, undefined);
    expect(calls).toEqual(["কিস্তি"]);
    expect(b.glyphs).toHaveLength([..."কিস্তি"].length);
    expect(b.positions[0]!.xAdvance).toBe(1);
    expect(b.advanceWidth).toBe([..."কিস্তি"].length);
    expect(stats).toMatchObject({ hits: 1, misses: 1 });
  });

  it("keeps different features and directions apart", () => {
    const { font, calls } = installed();
    font.layout("ab", ["liga"], undefined, undefined, "ltr");
    font.layout("ab", undefined, undefined, undefined, "ltr");
    font.layout("ab", undefined, undefined, undefined, "rtl");
    expect(calls).toHaveLength(3);
  });

  it("drops the oldest entries past its limit, and can be switched off", () => {
    const { font, calls, stats } = installed(2);
    for (const t of ["a", "b", "c", "a"]) font.layout(t);
    expect(stats.size).toBe(2);
    expect(calls).toEqual(["a", "b", "c", "a"]);
    setShapingCacheEnabled(false);
    font.layout("c");
    expect(calls).toHaveLength(5);
  });

  it("builds strings of composable characters from single characters and shapes the rest whole", () => {
    const { font, calls, stats } = installed();
    expect(stats.composable).not.toContain("1");
    expect(stats.composable).not.toContain("/");
    expect(font.layout("৳১২,৫০০").positions).toHaveLength(7);
    expect(font.layout("২৫০০").glyphs.map((g) => g.id)).toEqual(fakeShape("২৫০০").glyphs.map((g) => g.id));
    expect(calls.every((c) => [...c].length === 1)).toBe(true);
    expect(stats.composed).toBe(2);
    font.layout("1/2");
    font.layout("২৫০০", ["tnum"]);
    expect(calls.slice(-2)).toEqual(["1/2", "২৫০০"]);
  });
});

describe("composableCharacters", () => {
  it("rejects both characters of a pair that shapes differently together", () => {
    const chars = composableCharacters(fakeShape, "12/");
    expect([...chars]).toEqual(["2"]);
  });
});

describe("composition on the real fonts", () => {
  beforeAll(async () => {
    await ensurePdfFonts();
  });

  it("every committed face shapes the characters its cache composes alone exactly as next to each other", () => {
    const faces = pdfFontFaces();
    expect(faces).toHaveLength(4);
    setShapingCacheEnabled(false);
    try {
      for (const { font, composableChars } of faces) {
        const verified = composableCharacters((text) => font.layout(text, undefined, undefined, undefined, "ltr"), composableChars);
        expect([...verified].join("")).toBe([...new Set(composableChars)].join(""));
      }
    } finally {
      setShapingCacheEnabled(true);
    }
  });

  it("composes numbers in the Bengali font exactly as fontkit shapes them", () => {
    const [bengali] = pdfFonts(400);
    const natural = (text: string) => {
      setShapingCacheEnabled(false);
      try {
        return bengali!.layout(text, undefined, undefined, undefined, "ltr");
      } finally {
        setShapingCacheEnabled(true);
      }
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...COMPOSITION_CANDIDATES), minLength: 2, maxLength: 16 }), (text) => {
        const composed = bengali!.layout(text);
        const b = natural(text);
        expect(composed.glyphs.map((g) => g.id)).toEqual(b.glyphs.map((g) => g.id));
        expect(composed.positions.map((p) => [p.xAdvance, p.xOffset, p.yOffset])).toEqual(b.positions.map((p) => [p.xAdvance, p.xOffset, p.yOffset]));
        expect(shapedAdvance(bengali!, text)).toBe(b.positions.reduce((sum, p) => sum + p.xAdvance, 0));
      }),
      { numRuns: 300 },
    );
  });
});
